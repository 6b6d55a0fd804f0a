import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { repoRoot, startBrowserHost, type RunningHost } from './host.js';
import { TEAM_DEMO, writeSettings } from './teamPlay.js';

test.skip(process.env.TEAMSEAT_E2E === 'electron', 'reads the browser host over HTTP');
test.setTimeout(300_000);

interface Overview {
  resultsDir: string;
  participants: { participantId: string; code: string; status: string }[];
}

/** The test's own experimenter calls (for setup and checks; the actions under test go through the panel). */
async function api<T>(host: RunningHost, method: string, args: unknown): Promise<T> {
  const res = await fetch(`${host.origin}/api/${method}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${host.token}`,
      origin: host.origin,
    },
    body: JSON.stringify(args),
  });
  const body = (await res.json()) as { ok: boolean; value: T };
  expect(body.ok, `${method}: ${JSON.stringify(body)}`).toBe(true);
  return body.value;
}

/** Every file under `dir` (relative paths), or none when it does not exist. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .flatMap((e) => (e.isFile() ? [path.relative(dir, path.join(e.parentPath, e.name))] : []));
}

async function shot(page: Page, name: string): Promise<void> {
  const file = path.join(repoRoot, 'test-results', 'participant-actions', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
}

/** Consent and every screen up to the first run, which the participant starts and submits at once. */
async function playFirstRun(page: Page): Promise<void> {
  const heading = page.locator('.kiosk-card h1');
  for (let guard = 0; guard < 10; guard++) {
    await expect(heading).toBeVisible({ timeout: 30_000 });
    const start = page.getByRole('button', { name: 'Start', exact: true });
    if (await start.isVisible()) break;
    const title = await heading.innerText();
    if (title === 'Consent') await page.getByRole('checkbox').check();
    for (const q of await page.locator('fieldset.kiosk-question').all()) {
      if (await q.getByRole('radio').count()) await q.getByRole('radio').first().check();
      else await q.getByRole('textbox').fill('Fine.');
    }
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(heading).not.toHaveText(title);
  }
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.locator('.seat')).toBeVisible();
  await page.locator('.seat-status').getByRole('button', { name: 'Submit…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit your work' });
  const answer = dialog.getByLabel('Your answer or summary');
  if (await answer.count()) await answer.fill('Done.');
  await dialog.getByRole('button', { name: 'Submit…' }).click();
  await dialog.getByRole('button', { name: 'Yes, submit' }).click();
  await expect(page.getByText('This task is finished.')).toBeVisible({ timeout: 120_000 });
}

test('the experimenter sees a participant’s runs in the panel and erases them with the typed code: files, events and row go, the audit is shown', async ({
  browser,
  dataDir,
}) => {
  writeSettings(dataDir, { typingDelayMs: 0 });
  const host = await startBrowserHost(dataDir);
  try {
    const exp = await (await browser.newContext()).newPage();
    await exp.goto(host.url);
    await exp
      .locator(`[data-study="${TEAM_DEMO}"]`)
      .getByRole('button', { name: /^Open / })
      .click();
    await expect(exp.getByRole('heading', { name: 'Participants' })).toBeVisible();
    const overview = await api<Overview>(host, 'studyParticipants', { studyKey: TEAM_DEMO });
    const who = overview.participants[0]!;

    // The participant plays into their first run, through their own link.
    await api(host, 'studyStartParticipant', { studyKey: TEAM_DEMO, participantId: who.participantId });
    const link = await api<{ fragment: string }>(host, 'participantLink', {
      studyKey: TEAM_DEMO,
      participantId: who.participantId,
    });
    const visit = await (await browser.newContext()).newPage();
    await visit.goto(`${host.origin}/#${link.fragment}`);
    await playFirstRun(visit);
    await expect
      .poll(() => filesUnder(overview.resultsDir).filter((f) => f.includes(`human_${who.code}`)).length, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    const theirs = filesUnder(overview.resultsDir).filter((f) => f.includes(`human_${who.code}`));

    // The panel, keyboard only: the disclosure opens the runs, with plan cell, version, seed and whether it counts.
    await exp.reload();
    const disclosure = exp.getByRole('button', { name: `Runs and actions for ${who.code}` });
    await disclosure.focus();
    await exp.keyboard.press('Enter');
    await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    const runs = exp.getByRole('table', { name: `Runs of ${who.code}` });
    await expect(runs.getByRole('row')).toHaveCount(2);
    // The plan's first run is its practice task: played, written under excluded/practice, never counted.
    await expect(runs.getByRole('row').nth(1)).toContainText(/\(practice\).*ended\s*not counted: practice/);
    await expect(runs.getByRole('row').nth(1)).toContainText(/alone|control|manipulation/);
    await shot(exp, '01-runs-open');

    // Erase: the button stays disabled until the code is typed exactly.
    await exp
      .getByRole('group', { name: `Actions for ${who.code}` })
      .getByRole('button', { name: 'Erase data…' })
      .focus();
    await exp.keyboard.press('Enter');
    const dialog = exp.getByRole('alertdialog', { name: `Erase all data of ${who.code}?` });
    const code = dialog.getByLabel('Participant code');
    await expect(code).toBeFocused();
    const erase = dialog.getByRole('button', { name: 'Erase permanently' });
    await exp.keyboard.type(who.code.slice(0, -1));
    await expect(erase).toBeDisabled();
    await exp.keyboard.type(who.code.slice(-1));
    await expect(erase).toBeEnabled();
    await shot(exp, '02-erase-dialog');
    await exp.keyboard.press('Enter');

    const report = exp.getByRole('status').filter({ hasText: `Erased ${who.code}` });
    await expect(report).toBeVisible({ timeout: 30_000 });
    await expect(report).toContainText(`${theirs.length} result ${theirs.length === 1 ? 'file' : 'files'}`);
    await expect(exp.locator(`tr[data-participant="${who.code}"]`)).toHaveCount(0);
    // The study's recorded sessions below are read again: their run session is gone.
    await expect(exp.getByRole('button', { name: `Open the session of ${who.code}` })).toHaveCount(0);
    await shot(exp, '03-erased');

    // On disk and in the service: no file of theirs left, not in the overview.
    expect(filesUnder(overview.resultsDir).filter((f) => f.includes(`human_${who.code}`))).toEqual([]);
    const after = await api<Overview>(host, 'studyParticipants', { studyKey: TEAM_DEMO });
    expect(after.participants.map((p) => p.code)).not.toContain(who.code);
    // After a reload the panel still lists the others, not them.
    await exp.reload();
    await expect(exp.locator('tr[data-participant]').first()).toBeVisible();
    await expect(exp.locator(`tr[data-participant="${who.code}"]`)).toHaveCount(0);
    // Their run session went too: the study's recorded sessions no longer name them.
    await expect(exp.getByText(who.code)).toHaveCount(0);
  } finally {
    await host.stop();
  }
});
