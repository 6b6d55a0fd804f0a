import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { repoRoot, type RunningHost } from './host.js';

// The label audit (issue 27): participants play hidden-profile with the rules labeller, two auditors label blind in
// Chromium by keyboard only from their own links, their traffic is searched for labels, labellers and outcomes, the
// experimenter reads agreement and the branch-disputed run and opens it in the replay viewer, and final_results.json
// leaves that run out under `disputed_branch: exclude`.

test.skip(process.env.TEAMSEAT_E2E === 'electron', 'plays the runs over the browser host’s HTTP API');

const STUDY = 'user:audit-e2e';

function writeStudy(dataDir: string): void {
  const dir = path.join(dataDir, 'studies', 'audit-e2e');
  fs.mkdirSync(path.join(dir, 'tasks'), { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'studies/team-demo/tasks/hidden-profile.yaml'), path.join(dir, 'tasks/hidden-profile.yaml'));
  fs.writeFileSync(
    path.join(dir, 'study.yaml'),
    `schema: teamseat/study@1
id: audit-e2e
title: Audit test study
kind: team
tasks: [tasks/hidden-profile.yaml]
protocol:
  participants: { list: [U01, U02, U03] }
  design: between
  ordering: fixed
  versions: [manipulation]
  scoring: { disputed_branch: exclude }
  audit: { sample: all, seed: 11 }
  screens:
    consent: { text: "We record your messages and answers.", checkbox: "I agree to take part" }
    debrief: { text: "Your teammates were scripted." }
    completion: { code: DONE-1 }
`,
  );
}

async function api<T>(host: RunningHost, method: string, args: unknown): Promise<T> {
  const res = await fetch(`${host.origin}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}`, origin: host.origin },
    body: JSON.stringify(args),
  });
  const body = (await res.json()) as { ok: boolean; value: T; error?: { message: string } };
  if (!body.ok) throw new Error(`${method}: ${body.error?.message}`);
  return body.value;
}

/** A participant's visit through the API (the kiosk is e2e/kiosk.spec.ts): their lines to the team, then the answer. */
async function play(host: RunningHost, participantId: string, lines: string[], answer: string): Promise<string> {
  await api(host, 'studyStartParticipant', { studyKey: STUDY, participantId });
  const consent = await api<{ stepToken: string }>(host, 'participantStep', { participantId });
  const run = await api<{ stepToken: string }>(host, 'participantConsent', { participantId, stepToken: consent.stepToken, agree: true });
  const started = await api<{ run: { runId: string } }>(host, 'participantStartRun', { participantId, stepToken: run.stepToken });
  for (const text of lines) await api(host, 'teamSend', { sessionId: started.run.runId, text, to: 'team' });
  await api(host, 'teamSubmit', { sessionId: started.run.runId, answer });
  return started.run.runId;
}

async function shots(page: Page, name: string): Promise<void> {
  for (const [w, h] of [
    [1280, 720],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    const file = path.join(repoRoot, 'test-results', 'audit', `${name}-${w}x${h}.png`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await page.screenshot({ path: file, fullPage: true });
  }
}

/** An auditor's page from their own link, every API answer it receives kept for the search below. */
async function auditorPage(browser: Browser, host: RunningHost, auditor: string, traffic: string[]): Promise<Page> {
  const link = await api<{ fragment: string }>(host, 'auditorLink', { studyKey: STUDY, auditor });
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  page.on('response', (r) => {
    if (r.url().includes('/api/'))
      void r
        .text()
        .then((t) => traffic.push(t))
        .catch(() => {});
  });
  page.on('websocket', (ws) => ws.on('framereceived', (f) => traffic.push(String(f.payload))));
  await page.goto(`${host.origin}/#${link.fragment}`);
  await expect(page.getByRole('heading', { name: 'Label audit: Audit test study' })).toBeVisible();
  return page;
}

/**
 * Labels every message by keys: reads the target message, picks the label by its key number and confirms with Enter.
 * `pick` sees the message and the label ids in order.
 */
async function labelAll(page: Page, pick: (message: string, labels: string[]) => string): Promise<void> {
  const progress = page.getByLabel('Progress');
  for (;;) {
    if (await page.getByRole('status').filter({ hasText: 'messages have a label' }).isVisible()) return;
    const before = (await progress.innerText()).trim();
    const message = await page.getByLabel('Message to label').innerText();
    const labels = (await page.getByRole('radiogroup', { name: 'Labels' }).getByRole('radio').allInnerTexts()).map((t) => t.split('\n').find((l) => /^[a-z ]+$/.test(l.trim()))!.trim().replaceAll(' ', '_'));
    const n = labels.indexOf(pick(message, labels)) + 1;
    await page.keyboard.press(String(n));
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(progress).not.toHaveText(before);
  }
}

test('two auditors label a team study blind by keyboard; the experimenter sees kappa and the branch-disputed run, which is excluded', async ({ launch, dataDir, browser }) => {
  test.setTimeout(180_000);
  writeStudy(dataDir);
  const app = await launch();
  const host = app.host!;
  const { participants } = await api<{ participants: Array<{ participantId: string; code: string }> }>(host, 'studyParticipants', { studyKey: STUDY });
  const id = (code: string) => participants.find((p) => p.code === code)!.participantId;
  // Unscripted lines, labelled by the task's rules: a question about the road (Kai gives way), agreement, chat.
  const u01 = await play(host, id('U01'), ['Is the road to North Hill open?'], 'West City');
  await play(host, id('U02'), ['ok', 'sounds good'], 'North Hill');
  await play(host, id('U03'), ['hmm, what does everyone think?', 'Is the driveway blocked?'], 'West City');
  const resultsFile = path.join(dataDir, 'results', 'audit-e2e', 'final_results.json');
  await expect.poll(() => fs.existsSync(resultsFile)).toBe(true);
  const scoredBefore = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as { problems: string[]; cells: unknown };

  // A1 disputes the road question ("other": Kai would not have given way); A2 agrees with the rules everywhere.
  const traffic: string[] = [];
  const a1 = await auditorPage(browser, host, 'A1', traffic);
  await expect(a1.getByLabel('Progress')).toContainText('0/5 labelled');
  await shots(a1, 'auditor-queue');
  await a1.setViewportSize({ width: 1280, height: 720 });
  await labelAll(a1, (m, labels) => (/road to North Hill/.test(m) ? 'other' : /driveway/.test(m) ? 'asks_route' : /ok|sounds good/.test(m) ? 'agrees' : labels.at(-1)!));
  // Undo by keyboard: Tab to it, Enter; the undone message comes back, and is labelled again.
  for (let i = 0; i < 30 && !(await a1.getByRole('button', { name: 'Undo last label' }).evaluate((b) => b === b.ownerDocument.activeElement)); i++) await a1.keyboard.press('Tab');
  await a1.keyboard.press('Enter');
  await expect(a1.getByLabel('Progress')).toContainText('4/5 labelled');
  await labelAll(a1, (m, labels) => (/road to North Hill/.test(m) ? 'other' : /driveway/.test(m) ? 'asks_route' : /ok|sounds good/.test(m) ? 'agrees' : labels.at(-1)!));
  await expect(a1.getByLabel('Progress')).toContainText('5/5 labelled');

  const a2 = await auditorPage(browser, host, 'A2', traffic);
  // A2 resumes nothing of A1's: their own queue, empty.
  await expect(a2.getByLabel('Progress')).toContainText('0/5 labelled');
  await labelAll(a2, (m, labels) => (/road|driveway/.test(m) ? 'asks_route' : /ok|sounds good/.test(m) ? 'agrees' : labels.at(-1)!));

  // Nothing an auditor received names a labeller, a label given, a participant or an outcome.
  const all = traffic.join('\n');
  for (const secret of ['"rules"', '"source"', '"recorded"', 'U01', 'U02', u01, 'North Hill"', '"pass"', 'gave_way', 'stop_pushing', 'final_results', dataDir]) {
    expect(all, secret).not.toContain(secret);
  }
  expect(traffic.length).toBeGreaterThan(10);

  // The experimenter: the audit page by keyboard, the figures, the branch-disputed run opened in the replay at its round.
  const page = app.page;
  await page.goto(`${host.origin}/#/audit?studyKey=${encodeURIComponent(STUDY)}`);
  const figures = page.locator('table.audit-figures');
  await expect(figures).toContainText('10');
  await expect(figures).toContainText('90%');
  await expect(page.locator('.audit-auditors')).toContainText('5 of 5');
  await shots(page, 'audit-page');
  await page.setViewportSize({ width: 1280, height: 800 });
  const disputed = figures.getByRole('button', { name: /U01 · manipulation seed \d+ · round 1/ });
  await disputed.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/replay\\?run=s%3A${u01}&round=1`));

  // final_results.json: the run is named under problems and left out (disputed_branch: exclude), the rule says so.
  // Rescoring waits until the auditors pause, so the file is polled.
  await expect
    .poll(() => (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as { problems: string[] }).problems.join('\n'), { timeout: 60_000 })
    .toMatch(/branch-disputed run human:U01 hidden-profile manipulation_seed\d+ \(excluded from the scores\)/);
  const scored = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as { rule: string; cells: Record<string, unknown> };
  expect(scored.rule).toContain('disputed_branch: exclude');
  expect(scoredBefore.problems).toEqual([]);
  expect(Object.keys(scored.cells)).not.toContain('human:U01');
  expect(Object.keys(scoredBefore.cells as Record<string, unknown>)).toContain('human:U01');

  // The Results screen shows the same figures.
  await page.goto(`${host.origin}/#/results?studyKey=${encodeURIComponent(STUDY)}`);
  await expect(page.getByRole('heading', { name: 'Label audit' })).toBeVisible();
  await expect(page.locator('.audit-summary')).toContainText('1 branch-disputed run');
  await shots(page, 'results-audit');
  // And the live dashboard.
  await page.goto(`${host.origin}/#/dashboard?key=${encodeURIComponent(STUDY)}`);
  await expect(page.locator('.audit-summary')).toContainText('1 branch-disputed run');
  await shots(page, 'dashboard-audit');
});
