import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { writeSettings } from './teamPlay.js';

// The end of a quick-seat demo (issue 26): the checker's verdict in words, then Replay this run, Side by side with a
// model (only where a model played the same task and version) and Another task; never the study (a demo belongs to
// none) or an export (refused for demo runs); reset stays one click. Played with the keyboard where a speaker would.

const press = async (page: Page, name: string) => {
  await page.getByRole('button', { name, exact: true }).first().focus();
  await page.keyboard.press('Enter');
};

async function submit(page: Page, answer: string | Record<string, number>) {
  await page.locator('.seat-status').getByRole('button', { name: 'Submit…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit your work' });
  if (typeof answer === 'string') await dialog.getByLabel('Your answer or summary').fill(answer);
  else for (const [item, n] of Object.entries(answer)) await dialog.getByLabel(`${item} you keep`).selectOption(String(n));
  await dialog.getByRole('button', { name: 'Submit…' }).click();
  await dialog.getByRole('button', { name: 'Yes, submit' }).click();
  await expect(dialog).toHaveCount(0, { timeout: 30_000 });
}

const end = (page: Page) => page.getByRole('region', { name: /^(Passed|Did not pass|The run has ended)/ });

test('a demo ends with its verdict in words and three ways on: replay, a model beside it, another task; reset is one click', async ({ launch, dataDir }, info) => {
  test.setTimeout(300_000);
  writeSettings(dataDir, { typingDelayMs: 0 });
  const { page } = await launch();
  await page.setViewportSize({ width: 1280, height: 720 });
  await press(page, 'Quick seat');
  await press(page, 'Start Sharing the campsite supplies, manipulation');
  await expect(page.getByRole('region', { name: 'Demo session' })).toBeVisible();
  await submit(page, { Food: 3, Water: 0, Firewood: 0 });

  // The verdict in words (no `joint=36/39`, no snake_case), and the focus on it for the next Tab.
  const verdict = end(page).getByRole('heading', { level: 2 });
  await expect(verdict).toHaveText(/^(Passed|Did not pass): [a-z ]+ \(joint points \d+ of a possible 39\)\.$/, { timeout: 90_000 });
  await expect(verdict).toBeFocused();
  await expect(end(page)).toContainText('The work was submitted.');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Replay this run' }).last()).toBeFocused();
  await expect(end(page).getByRole('button', { name: 'Another task' })).toBeVisible();
  // No model has played the campsite task on this machine or in the demo reel: nothing to put beside it.
  await expect(end(page).getByRole('button', { name: 'Side by side with a model' })).toHaveCount(0);
  // No dead end: nothing leads to a study that does not exist, and no export is offered to be refused.
  await expect(page.getByRole('button', { name: 'Back to the study' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export transcript' })).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('demo-end-1280.png') });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: info.outputPath('demo-end-1920.png') });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Replay this run, and back: the end is still there (its address is the demo's).
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: /^Sharing the campsite supplies · manipulation/ })).toContainText('demo');
  await page.goBack();
  await expect(verdict).toHaveText(/^(Passed|Did not pass): /);

  // Reset: one click, back at the first round of the same task.
  await press(page, 'Reset to the start');
  await expect(page.getByRole('textbox', { name: 'Message # team' })).toBeVisible();
  await expect(page.locator('article.msg[data-from="you"]')).toHaveCount(0);
  await expect(end(page)).toHaveCount(0);

  // Another task: the coding task, where the demo reel holds a model's run of the same version.
  await press(page, 'Another task');
  await press(page, 'Start One red test before the release cut, manipulation');
  await expect(page.getByRole('region', { name: 'Demo session' })).toBeVisible();
  await submit(page, 'The test test_two_short_runs is wrong; I did not change it.');
  await expect(verdict).toHaveText(/^(Passed|Did not pass): [a-z ]+\.$/, { timeout: 120_000 });
  await expect(end(page).getByRole('button', { name: 'Another task' })).toBeVisible();
  await end(page).getByRole('button', { name: 'Side by side with a model' }).click();
  await expect(page.getByRole('region', { name: /^Left run/ })).toContainText('demo');
  await expect(page.getByRole('region', { name: /^Right run/ })).toContainText('example:model-from-schema');
  await page.screenshot({ path: info.outputPath('demo-side-by-side-1280.png') });
});
