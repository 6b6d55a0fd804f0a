import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { repoRoot, startBrowserHost, type RunningHost, hostApi as api } from './host.js';
import { conversation, line, writeSettings } from './teamPlay.js';

test.skip(process.env.TEAMSEAT_E2E === 'electron', 'reads the participant page’s HTTP and WebSocket traffic');

const SEAT = 'Where to evacuate the village';

/** A copy of the demo pack with one task, a one-participant protocol and the experimenter's console as its labeller. */
function writeStudy(dataDir: string, id: string, labeller: string): string {
  const dir = path.join(dataDir, 'studies', id);
  fs.cpSync(path.join(repoRoot, 'studies/team-demo'), dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'study.yaml'),
    [
      'schema: teamseat/study@1',
      `id: ${id}`,
      'title: Console study',
      'kind: team',
      'tasks: [tasks/hidden-profile.yaml]',
      'labeller:',
      ...labeller.split('\n').map((l) => `  ${l}`),
      'protocol:',
      '  participants: { generate: { pattern: "C{nn}", count: 1 } }',
      '  versions: [manipulation]',
      '  ordering: fixed',
      '  screens:',
      '    consent: { text: A short test of the team chat., checkbox: I agree to take part. }',
      '    debrief: { text: Your teammates were scripted. }',
    ].join('\n'),
  );
  return `user:${id}`;
}

/** Everything a participant page receives from the host: API responses and WebSocket frames. */
function recordTraffic(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', async (r) => {
    if (!new URL(r.url()).pathname.startsWith('/api/')) return;
    seen.push(`${r.url()} ${await r.text().catch(() => '')}`);
  });
  page.on('websocket', (ws) => ws.on('framereceived', (f) => seen.push(String(f.payload))));
  return seen;
}

/** The participant's link opened in a page of its own, through consent into the run; returns the run's id. */
async function participantInRun(
  browser: Browser,
  host: RunningHost,
  studyKey: string,
): Promise<{ page: Page; traffic: string[]; sessionId: string }> {
  const { participants } = await api<{ participants: { participantId: string }[] }>(
    host,
    'studyParticipants',
    { studyKey },
  );
  const participantId = participants[0]!.participantId;
  await api(host, 'studyStartParticipant', { studyKey, participantId });
  const { fragment } = await api<{ fragment: string }>(host, 'participantLink', { studyKey, participantId });
  const page = await (await browser.newContext()).newPage();
  const traffic = recordTraffic(page);
  await page.goto(`${host.origin}/#${fragment}`);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByRole('heading', { name: SEAT })).toBeVisible();
  const dashboard = await api<{ participants: { cells: { runId: string | null }[] }[] }>(
    host,
    'dashboardView',
    { studyKey },
  );
  return { page, traffic, sessionId: dashboard.participants[0]!.cells[0]!.runId! };
}

async function openConsole(browser: Browser, host: RunningHost, sessionId: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await page.goto(
    `${host.origin}/#token=${host.token}&to=${encodeURIComponent(`/console?sessionId=${sessionId}`)}`,
  );
  await expect(page.getByRole('heading', { name: `Console: ${SEAT}` })).toBeVisible();
  return page;
}

/** The participant writes to the team and presses Enter; the promise settles once the teammates have answered. */
async function send(participant: Page, text: string): Promise<() => Promise<void>> {
  const composer = conversation(participant).getByRole('textbox');
  await composer.fill(text);
  await composer.press('Enter');
  // Their own line shows from the log while the label is awaited.
  await expect(line(participant, 'you', text)).toBeVisible();
  return () => expect(composer).toHaveValue('', { timeout: 30_000 });
}

const queue = (console: Page) => console.getByRole('list', { name: 'Messages waiting for a label' });

/** The participant sends; the console sees it in its queue and labels it with the label's key, then Enter. */
async function sayAndLabel(participant: Page, console: Page, text: string, key: string): Promise<void> {
  const answered = await send(participant, text);
  await expect(queue(console)).toContainText(text);
  // While the console decides, the participant sees their line and a teammate typing, nothing of the console.
  await expect(participant.getByRole('status')).toHaveText(/is typing…/);
  await console.keyboard.press(key);
  await console.keyboard.press('Enter');
  await answered();
  await expect(console.getByText('No message is waiting.')).toBeVisible();
}

test('the console labels every message of a participant’s run from a second page (a second console is read-only; closed mid-queue and reopened, it shows the queue; nothing reaches the participant), and when it is too slow the rules label the message', async ({
  browser,
  dataDir,
}) => {
  test.setTimeout(120_000);
  writeSettings(dataDir, { typingDelayMs: 0 });
  const studyKey = writeStudy(
    dataDir,
    'evacuation-live',
    'source: experimenter\ntimeout_sec: 300\non_timeout: rules',
  );
  const slowKey = writeStudy(
    dataDir,
    'evacuation-slow',
    'source: experimenter\ntimeout_sec: 2\non_timeout: rules',
  );
  const host = await startBrowserHost(dataDir);
  try {
    const { page: participant, traffic, sessionId } = await participantInRun(browser, host, studyKey);
    const console = await openConsole(browser, host, sessionId);
    const second = await openConsole(browser, host, sessionId);
    await expect(second.getByRole('status')).toContainText('Read-only: another console drives this session.');
    await expect(second.getByRole('button', { name: 'Give label (Enter)' })).toBeDisabled();
    await second.context().close();

    // Round 1: the rules would call this `other`; the console's 1 (asks_route) makes Kai give way with the mudslide.
    await sayAndLabel(participant, console, 'Kai, anything we should know before we pick?', '1');
    await expect(line(participant, 'Kai', 'mudslide')).toBeVisible();
    await expect(
      console.getByRole('list', { name: 'Labelled messages, newest first' }).locator('li').first(),
    ).toHaveAttribute('data-label', 'asks_route');

    // Round 2 waits in the queue while the console is closed; a console opened again shows it and labels it.
    const answered = await send(
      participant,
      'Rosa and Ben, what do you know about the tunnel and the trails?',
    );
    await expect(queue(console)).toContainText('tunnel and the trails');
    await console.screenshot({
      path: path.join(repoRoot, 'test-results', 'console', 'console-queue.png'),
      fullPage: true,
    });
    await console.context().close();
    const reopened = await openConsole(browser, host, sessionId);
    await expect(queue(reopened)).toContainText('tunnel and the trails');
    // The closed page's lease ends (given up as it closed, or lapsed within seconds): the new console drives.
    await expect(reopened.getByText(/^Read-only: another console/)).toHaveCount(0, { timeout: 20_000 });
    await reopened.keyboard.press('3');
    await expect(reopened.getByRole('radio', { name: /other/ })).toBeChecked();
    await reopened.keyboard.press('Enter');
    await answered();

    for (const [text, key] of [
      ['Kai, is the bridge to West City still open?', '1'],
      ['The mudslide covers the driveway, so not North Hill.', '3'],
    ] as const)
      await sayAndLabel(participant, reopened, text, key);

    // The participant submits; the run ends.
    await participant.locator('.seat-status').getByRole('button', { name: 'Submit…' }).click();
    const dialog = participant.getByRole('dialog', { name: 'Submit your work' });
    await dialog.getByLabel('Your answer or summary').fill('West City');
    await dialog.getByRole('button', { name: 'Submit…' }).click();
    await dialog.getByRole('button', { name: 'Yes, submit' }).click();
    await expect(participant.getByText('This task is finished.')).toBeVisible({ timeout: 30_000 });
    await expect(reopened.getByText(/ended \(submitted\)/)).toBeVisible();

    // Every label came from the console, and none of it ever reached the participant's page.
    await expect(
      reopened
        .getByRole('list', { name: 'Labelled messages, newest first' })
        .locator('li[data-by="experimenter"]'),
    ).toHaveCount(4);
    const seen = traffic.join('\n');
    expect(seen.length).toBeGreaterThan(1000);
    expect(seen).not.toMatch(
      /console|label_decided|asks_route|k_school|k_hotels|k_settle|experimenter|requestId|fallbackAt|script_step/i,
    );

    // Another study's participant, its console open but its experimenter too slow: the rules decide after 2 s.
    await test.step('the experimenter too slow', async () => {
      await tooSlow(browser, host, slowKey);
    });
  } finally {
    await host.stop();
  }
});

async function tooSlow(browser: Browser, host: RunningHost, studyKey: string): Promise<void> {
  {
    const { page: participant, sessionId } = await participantInRun(browser, host, studyKey);
    const console = await openConsole(browser, host, sessionId);
    const answered = await send(participant, 'Kai, is the road to North Hill open?');
    await expect(queue(console)).toContainText('road to North Hill');
    // Nobody presses a key: after two seconds the rules decide (asks_route), and Kai gives way.
    await answered();
    await expect(line(participant, 'Kai', 'mudslide')).toBeVisible();
    const decided = console
      .getByRole('list', { name: 'Labelled messages, newest first' })
      .locator('li')
      .first();
    await expect(decided).toHaveAttribute('data-label', 'asks_route');
    await expect(decided).toHaveAttribute('data-by', 'rules (fallback:route)');
    await expect(console.getByText('No message is waiting.')).toBeVisible();
  }
}
