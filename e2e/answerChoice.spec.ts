import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { repoRoot } from './host.js';
import { demoTask, expectEnded, exportTranscript, startRun, writeSettings } from './teamPlay.js';

// Issue 23 item 3: where the answer is one of a set (hidden-profile: three places), the submit dialog offers the
// options as a radio group beside the answer box, which then takes the reason. Played keyboard-only: Enter opens the
// dialog, Tab reaches the group, arrow keys pick, Enter goes on to the confirmation and Enter submits. The exported
// transcript says the answer was a choice, with its reason, and the run is scored by the option it names.

test.skip(process.env.TEAMSEAT_E2E === 'electron', 'the export path is checked on the browser host');
test.setTimeout(180_000);

const hidden = demoTask('hidden-profile');

async function shot(page: Page, name: string): Promise<void> {
  for (const [w, h] of [
    [1280, 720],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    const file = path.join(repoRoot, 'test-results', 'answer-choice', `${name}-${w}x${h}.png`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await page.screenshot({ path: file });
  }
}

/** Tab until the focus is on an element matching `selector` (inside the dialog); fails after `max` presses. */
async function tabTo(page: Page, selector: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if ((await page.locator(`${selector}:focus`).count()) > 0) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`focus never reached ${selector}`);
}

const checkedOption = (page: Page) => page.locator('.answer-choice input:checked').inputValue();

test('hidden-profile: a place picked with the arrow keys and a reason, submitted with Enter, passes and is recorded as a choice', async ({ launch, dataDir }) => {
  writeSettings(dataDir, { typingDelayMs: 0 });
  const { page } = await launch();
  const run = { task: hidden, version: 'alone' as const, seed: 0, participant: 'CH1' };
  await startRun(page, { ...run, task: hidden.id });

  // From the top of the page, Tab to the seat's Submit… button and open the dialog with Enter.
  await page.locator('body').focus();
  await tabTo(page, '.seat-status button.primary', 80);
  await expect(page.locator('.seat-status').getByRole('button', { name: 'Submit…' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Submit your work' });
  const group = dialog.getByRole('group', { name: /Your answer: pick one/ });
  await expect(group.getByRole('radio')).toHaveCount(4);
  await expect(group.getByRole('radio', { name: 'In my own words (below)' })).toBeChecked();
  await expect(dialog.getByRole('textbox', { name: 'Your answer or summary' })).toBeVisible();
  await shot(page, 'dialog-open');

  // The dialog took the focus: the picked radio, "In my own words".
  await expect(group.getByRole('radio', { name: 'In my own words (below)' })).toBeFocused();
  // The arrow keys move the pick round the group; on to West City, wherever this run shows it.
  let steps = 0;
  do {
    await page.keyboard.press('ArrowDown');
    steps++;
  } while ((await checkedOption(page)) !== 'West City' && steps < 4);
  expect(await checkedOption(page)).toBe('West City');
  // The box beside the group now takes the reason.
  const reason = dialog.getByRole('textbox', { name: 'Your reason (optional)' });
  await expect(reason).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(reason).toBeFocused();
  await page.keyboard.type('East Town’s tunnel is flooded and the North Hill road is closed.');
  await shot(page, 'option-picked');

  await page.keyboard.press('Shift+Tab');
  await expect(group.getByRole('radio', { name: 'West City' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('you cannot send messages or change files');
  await expect(dialog.getByRole('button', { name: 'Yes, submit' })).toBeFocused();
  await shot(page, 'confirm');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('.banner-ended')).toBeVisible({ timeout: 60_000 });
  await expectEnded(page, 'The work was submitted.');

  const t = (await exportTranscript(page, dataDir, run)) as Awaited<ReturnType<typeof exportTranscript>> & {
    submission?: { via: string; offered: string[] | null; option?: string; reason?: string };
  };
  expect(t.score).toMatchObject({ pass: true, outcome: 'chose_correct' });
  expect(t.submission).toMatchObject({ via: 'choice', option: 'West City', reason: 'East Town’s tunnel is flooded and the North Hill road is closed.' });
  expect([...(t.submission?.offered ?? [])].sort()).toEqual(['East Town', 'North Hill', 'West City']);
  expect(t.messages.at(-1)?.text).toBe('[submit] West City — East Town’s tunnel is flooded and the North Hill road is closed.');
});
