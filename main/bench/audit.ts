import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Page } from '@playwright/test';
import { mustOf, spawnHost, type HostProcess } from '../hosts/browser/hostProcess.js';
import { median, quantile, type BenchRow } from './types.js';

import { chromiumArgs } from './browserHost.js';
const PARTICIPANTS = 20;
const OPENS = 8;
const LABELS = 20;
const STUDY = 'user:audit-bench';
/** The labelling screen's own figures, in the same run: a rater of the built-in team-runs labelling study. */
const LABELLING = 'built-in:judge-validation-team-runs';

/** A 20-participant hidden-profile study, everyone in the manipulation (where Kai's lines turn on labels). */
function writeStudy(appRoot: string, dataDir: string): void {
  const dir = path.join(dataDir, 'studies', 'audit-bench');
  fs.mkdirSync(path.join(dir, 'tasks'), { recursive: true });
  fs.copyFileSync(path.join(appRoot, 'studies/team-demo/tasks/hidden-profile.yaml'), path.join(dir, 'tasks/hidden-profile.yaml'));
  const codes = Array.from({ length: PARTICIPANTS }, (_, i) => `B${String(i + 1).padStart(2, '0')}`);
  fs.writeFileSync(
    path.join(dir, 'study.yaml'),
    `schema: teamseat/study@1\nid: audit-bench\ntitle: Audit bench\nkind: team\ntasks: [tasks/hidden-profile.yaml]\nprotocol:\n  participants: { list: [${codes.join(', ')}] }\n  design: between\n  ordering: fixed\n  versions: [manipulation]\n  screens:\n    consent: { text: "We record your messages.", checkbox: "I agree" }\n    debrief: { text: "Your teammates were scripted." }\n    completion: { code: DONE-1 }\n`,
  );
}

/** Every participant says three unscripted lines to the team (each labelled by the rules), then answers. */
async function playAll(host: HostProcess): Promise<void> {
  const must = mustOf(host);
  const overview = await must<{ participants: { participantId: string }[] }>('studyParticipants', { studyKey: STUDY });
  const lines = ['ok', 'hmm, what do the others think?', 'Is the road to North Hill open?'];
  for (const { participantId } of overview.participants) {
    await must('studyStartParticipant', { studyKey: STUDY, participantId });
    const consent = await must<{ stepToken: string }>('participantStep', { participantId });
    const run = await must<{ stepToken: string }>('participantConsent', { participantId, stepToken: consent.stepToken, agree: true });
    const started = await must<{ run: { runId: string } }>('participantStartRun', { participantId, stepToken: run.stepToken });
    for (const text of lines) await must('teamSend', { sessionId: started.run.runId, text, to: 'team' });
    await must('teamSubmit', { sessionId: started.run.runId, answer: 'West City' });
  }
}

/** Address → the first message to label painted, `OPENS` times from a blank page; then label → next item, `LABELS` times. */
async function timeScreen(page: Page, url: string): Promise<{ open: number[]; next: number[] }> {
  const open: number[] = [];
  for (let i = 0; i < OPENS; i++) {
    await page.goto('about:blank');
    const t0 = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    await page.getByLabel('Message to label').waitFor({ timeout: 60_000 });
    open.push(performance.now() - t0);
  }
  const next: number[] = [];
  const progress = page.getByLabel('Progress');
  for (let i = 0; i < LABELS; i++) {
    // "… · 4/60 labelled" (the audit) or "… · 4/40 answered" (labelling): the count moves once the label is stored.
    const [, done, total] = /(\d+)\/(\d+)/.exec((await progress.textContent()) ?? '') ?? [];
    await page.keyboard.press('1');
    await page.getByRole('radio', { checked: true }).waitFor();
    const t0 = performance.now();
    await page.keyboard.press('Enter');
    await progress.filter({ hasText: `${Number(done) + 1}/${total}` }).waitFor({ timeout: 60_000 });
    await page.getByLabel('Message to label').waitFor();
    next.push(performance.now() - t0);
  }
  return { open, next };
}

/**
 * The audit queue of a 20-participant study (every deciding label): its address → the first item painted, and
 * label → the next item, beside the same two figures of the labelling screen (a rater's blind queue) in this run.
 */
export async function benchAudit(appRoot: string): Promise<BenchRow[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-bench-audit-'));
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ typingDelayMs: 0 }));
  writeStudy(appRoot, dataDir);
  let host: HostProcess | undefined;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: process.env.TEAMSEAT_CHROMIUM ?? '/usr/bin/chromium', args: chromiumArgs });
  try {
    host = await spawnHost(appRoot, dataDir);
    const must = mustOf(host);
    await playAll(host);
    const overview = await must<{ deciding: number }>('auditOverview', { studyKey: STUDY });
    const audit = await must<{ fragment: string }>('auditorLink', { studyKey: STUDY, auditor: 'A1' });
    const rater = await must<{ fragment: string }>('raterLink', { studyKey: LABELLING, rater: 'R1' });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // Taking turns would mix the two queues' progress; each screen is timed whole, the labelling screen first.
    const labelling = await timeScreen(page, `${host.origin}/#${rater.fragment}`);
    const auditing = await timeScreen(page, `${host.origin}/#${audit.fragment}`);
    const p95 = (v: number[]) => quantile([...v].sort((a, b) => a - b), 0.95);
    return [
      {
        name: `audit queue (${PARTICIPANTS} participants, ${overview.deciding} deciding labels): address → first item painted (median of ${OPENS})`,
        value: median(auditing.open),
        unit: 'ms',
        baseline: { name: 'labelling screen, same measure', value: median(labelling.open) },
      },
      { name: 'audit queue: address → first item, p95', value: p95(auditing.open), unit: 'ms', baseline: { name: 'labelling screen p95', value: p95(labelling.open) } },
      {
        name: `audit queue: label → next item (median of ${LABELS})`,
        value: median(auditing.next),
        unit: 'ms',
        baseline: { name: 'labelling screen, same measure', value: median(labelling.next) },
      },
      { name: 'audit queue: label → next item, p95', value: p95(auditing.next), unit: 'ms', baseline: { name: 'labelling screen p95', value: p95(labelling.next) } },
    ];
  } finally {
    await browser.close();
    await host?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
