import { test, expect } from './fixtures.js';
import { TEAM_DEMO, writeSettings } from './teamPlay.js';

// The task library seen by the experimenter: a team task's card (source and quoted passages, versions, labels,
// checker, the script as a graph, declared paths), opened from the study screen with the keyboard.

test('the task card of a built-in task, reached by keyboard from the study screen', async ({ launch, dataDir }) => {
  writeSettings(dataDir, { typingDelayMs: 0 });
  const { page } = await launch();
  await page.locator(`[data-study="${TEAM_DEMO}"]`).getByRole('button', { name: /^Open / }).click();
  const link = page.getByRole('button', { name: 'Task card of hidden-profile' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Task card: Where to evacuate the village' })).toBeVisible();
  await expect(page.getByText('Several villagers reported that a mudslide just occurred, covering the driveway to North Hill.').first()).toBeVisible();
  const kai = page.getByRole('figure', { name: 'Script of Kai — manipulation' });
  await expect(kai.getByRole('list', { name: 'After k_school' })).toContainText('asks_route → gives way (stop pushing)');
  await expect(page.getByText('Passes (chose_correct) when the submitted answer is "West City"').first()).toBeVisible();
  // The give-way label the pass depends on, with its held-out recall and precision against the 0.85 bar.
  await expect(page.getByText(/^Give-way labels \(a pass depends on them/)).toContainText(/asks_route recall [0-9.]+, precision [0-9.]+ — (not )?reliable/);
  await page.screenshot({ path: test.info().outputPath('task-card.png'), fullPage: true });
  await page.getByRole('button', { name: '← Study' }).click();
  await expect(page.getByRole('form', { name: 'Pilot run' })).toBeVisible();
});
