import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { repoRoot, type RunningHost } from './host.js';

// The Results screen of a team study, by keyboard only: two participants' counted runs (one right, one wrong), a
// pilot that is not counted, the pooled row, and a run opened read-only. A participant's link never reaches it.

test.skip(process.env.TEAMSEAT_E2E === 'electron', 'plays the runs over the browser host’s HTTP API');

const STUDY = 'user:results-e2e';

function writeStudy(dataDir: string): void {
  const dir = path.join(dataDir, 'studies', 'results-e2e');
  fs.mkdirSync(path.join(dir, 'tasks'), { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'studies/team-demo/tasks/hidden-profile.yaml'), path.join(dir, 'tasks/hidden-profile.yaml'));
  fs.writeFileSync(
    path.join(dir, 'study.yaml'),
    `schema: teamseat/study@1
id: results-e2e
title: Results test study
kind: team
tasks: [tasks/hidden-profile.yaml]
protocol:
  participants: { list: [R01, R02, R03] }
  design: between
  ordering: fixed
  scoring: { pooled_gate: majority }
  screens:
    consent: { text: "We record your messages and answers.", checkbox: "I agree to take part" }
    debrief: { text: "Your teammates were scripted." }
    completion: { code: DONE-1 }
`,
  );
}

async function api<T>(host: RunningHost, method: string, args: unknown, token = host.token): Promise<{ status: number; value: T }> {
  const res = await fetch(`${host.origin}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin: host.origin },
    body: JSON.stringify(args),
  });
  const body = (await res.json()) as { ok: boolean; value: T; error?: { message: string } };
  if (res.status === 200 && !body.ok) throw new Error(`${method}: ${body.error?.message}`);
  return { status: res.status, value: body.value };
}

/** A participant's visit through the API (the kiosk itself is e2e/kiosk.spec.ts): consent, the one run, an answer. */
async function play(host: RunningHost, participantId: string, answer: string): Promise<string> {
  await api(host, 'studyStartParticipant', { studyKey: STUDY, participantId });
  const consent = await api<{ stepToken: string }>(host, 'participantStep', { participantId });
  const run = await api<{ stepToken: string }>(host, 'participantConsent', { participantId, stepToken: consent.value.stepToken, agree: true });
  const started = await api<{ run: { runId: string } }>(host, 'participantStartRun', { participantId, stepToken: run.value.stepToken });
  await api(host, 'teamSubmit', { sessionId: started.value.run.runId, answer });
  return started.value.run.runId;
}

async function shot(page: Page, name: string): Promise<void> {
  const file = path.join(repoRoot, 'test-results', 'results', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
}

/** Tabs until the focused element's accessible text matches (keyboard only). */
async function tabTo(page: Page, name: RegExp): Promise<void> {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const text = (await page.evaluate('(document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? "").trim()')) as string;
    if (name.test(text)) return;
  }
  throw new Error(`${name} never took the focus by Tab`);
}

test('the experimenter reads a team study’s results and opens a run read-only, by keyboard; a participant link cannot', async ({ launch, dataDir, browser }) => {
  test.setTimeout(60_000);
  writeStudy(dataDir);
  const app = await launch();
  const host = app.host!;
  const { value: overview } = await api<{ participants: Array<{ participantId: string; code: string }> }>(host, 'studyParticipants', { studyKey: STUDY });
  const [r01, r02] = overview.participants;
  await play(host, r01!.participantId, 'West City');
  await play(host, r02!.participantId, 'North Hill');
  const pilot = await api<{ sessionId: string }>(host, 'teamStart', { studyKey: STUDY, taskId: 'hidden-profile', participant: 'PILOT', version: 'control', seed: 0 });
  await api(host, 'teamSubmit', { sessionId: pilot.value.sessionId, answer: 'West City' });

  const page = app.page;
  await tabTo(page, /^Open Results test study/);
  await page.keyboard.press('Enter');
  await tabTo(page, /^Results and scores$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Results: Results test study' })).toBeVisible();

  const runs = page.locator('table.results-runs');
  await expect(runs.getByRole('row', { name: /R01 hidden-profile/ })).toContainText('pass');
  await expect(runs.getByRole('row', { name: /R02 hidden-profile/ })).toContainText('fail');
  await expect(runs.getByRole('row', { name: /R02 hidden-profile/ })).toContainText('answer "North Hill" names North Hill, not West City');
  await expect(runs).not.toContainText('PILOT');
  const scores = page.locator('table.results-scores');
  await expect(scores.locator('tbody[data-row="human:all"]')).toContainText('Everyone (human:all)');
  await expect(scores.locator('tbody[data-row="human:R01"]')).toContainText('not gated');
  await expect(page.getByText(/Between-subjects design; the pooled row gates by a strict majority/)).toBeVisible();
  await shot(page, 'team-results');

  // A click (here Enter) on a run opens it read-only: the ended seat, nothing to send.
  await tabTo(page, /^fail seed \d+ answer "North Hill"/);
  await page.keyboard.press('Enter');
  await expect(page.getByText('This run has ended.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Submit/ })).toBeDisabled();
  await shot(page, 'run-read-only');

  // A participant's link: the method is refused by the host, and the route leads back to the visit.
  const made = await api<{ fragment: string }>(host, 'participantLink', { studyKey: STUDY, participantId: r01!.participantId });
  const context = await browser.newContext();
  const visit = await context.newPage();
  await visit.goto(`${host.origin}/#${made.value.fragment}`);
  await expect(visit).toHaveURL(/#\/visit/);
  const token = (await visit.evaluate("sessionStorage.getItem('teamseat.token')")) as string;
  expect((await api(host, 'studyResults', { studyKey: STUDY }, token)).status).toBe(403);
  await visit.evaluate(`window.location.hash = ${JSON.stringify(`#/results?studyKey=${encodeURIComponent(STUDY)}`)}`);
  await expect(visit).toHaveURL(/#\/visit/);
  await expect(visit.getByRole('heading', { name: /^Results/ })).toHaveCount(0);
  await context.close();
});
