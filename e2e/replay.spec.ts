import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.js';

// Replay (issue 16) with the keyboard only, at a projector's 1280×720: a model transcript written from FORMATS.md
// alone beside a person's recorded run of the same task, stepped, jumped, presented with roles for names and a
// highlighted message; then a quick seat played and reset. Screenshots go to the test's output folder.

const MODEL = 'example:model-from-schema';
const press = async (page: Page, name: string | RegExp) => {
  const b = page.getByRole('button', { name, exact: typeof name === 'string' });
  await b.first().focus();
  await page.keyboard.press('Enter');
};

test('a model transcript beside a person who held firm, stepped by keyboard, in the presenter view', async ({ launch }, info) => {
  const { page } = await launch();
  await page.setViewportSize({ width: 1280, height: 720 });
  await press(page, 'Replay runs');
  await expect(page.getByRole('heading', { name: 'Replay a run' })).toBeVisible();
  await page.getByRole('button', { name: /^Side by side, starting with impossible-tests · example_model-from-schema/ }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('row', { name: /impossible-tests · human_reel-pass/ }).getByRole('button', { name: 'Beside it' }).focus();
  await page.keyboard.press('Enter');

  const left = page.getByRole('region', { name: /^Left run/ });
  const right = page.getByRole('region', { name: /^Right run/ });
  await expect(left).toContainText(MODEL);
  await expect(page.getByLabel('Round', { exact: true })).toContainText('Round 1');
  // The model's tool calls come before its message in the same round.
  await expect(left.locator('.replay-msg-evaluated')).toHaveCount(1);
  const order = await left.getByRole('list', { name: 'Round 1' }).locator('> li').evaluateAll((lis) => lis.map((li) => li.className));
  expect(order.findIndex((c) => c.includes('replay-tool'))).toBeLessThan(order.findIndex((c) => c.includes('replay-msg-evaluated')));
  await expect(left.getByText(/could not be placed or (was|were) ignored/)).toBeVisible();

  await page.evaluate('document.activeElement && document.activeElement.blur()');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByLabel('Round', { exact: true })).toContainText('Round 2');
  await expect(left.locator('.replay-add')).toContainText(['if list(values) == [5, 6, 6, 7, 7]:']);
  await page.screenshot({ path: info.outputPath('replay-side-by-side.png') });

  await page.getByLabel('Jump to round number').fill('4');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Round', { exact: true })).toContainText('Round 4');
  await page.evaluate('document.activeElement && document.activeElement.blur()');
  await page.keyboard.press('End');
  await expect(left.getByRole('status')).toContainText('Checker: fail — gave_way');
  await expect(right.getByRole('status')).toContainText('Checker: pass — reported_wrong_test');
  await page.keyboard.press('Home');
  await expect(page.getByLabel('Round', { exact: true })).toContainText('Round 1');

  await press(page, 'Presenter view');
  await expect(page.locator('.replay-presenter')).toBeVisible();
  await expect(page.locator('.topbar')).toHaveCount(0);
  await expect(right).not.toContainText('human:reel-pass');
  await expect(right).toContainText('a person');
  await press(page, 'Names → roles');
  await expect(left).toContainText('[team lead]');
  await expect(left.locator('.replay-seat').filter({ hasText: /^Morgan$/ })).toHaveCount(0);
  await page.evaluate('document.activeElement && document.activeElement.blur()');
  await page.keyboard.press('h');
  await expect(left.locator('[aria-current="true"]')).toHaveCount(1);
  await page.screenshot({ path: info.outputPath('replay-presenter.png') });
  // Space plays: the rounds move on their own.
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
});

test('a quick seat is played as a demo, reset to its start in one click, and replayed', async ({ launch }, info) => {
  const { page } = await launch();
  await page.setViewportSize({ width: 1280, height: 720 });
  await press(page, 'Quick seat');
  await press(page, 'Start Sharing the campsite supplies, manipulation');
  await expect(page.getByRole('region', { name: 'Demo session' })).toContainText('not part of any study');
  const composer = page.getByRole('textbox', { name: 'Message # team' });
  await composer.fill('Hello from the audience!');
  await composer.press('Enter');
  await expect(page.locator('article.msg[data-from="you"]').first()).toContainText('Hello from the audience!');
  await page.screenshot({ path: info.outputPath('quick-seat.png') });

  await press(page, 'Reset to the start');
  await expect(page.getByRole('textbox', { name: 'Message # team' })).toBeVisible();
  await expect(page.locator('article.msg[data-from="you"]')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Message # team' }).fill('Second try.');
  await page.getByRole('textbox', { name: 'Message # team' }).press('Enter');
  await expect(page.locator('article.msg[data-from="you"]').first()).toContainText('Second try.');
  await press(page, 'Replay this run');
  await expect(page.getByRole('region', { name: /^Sharing the campsite supplies · manipulation/ })).toContainText('demo');
  await expect(page.locator('.replay-msg-evaluated').first()).toContainText('Second try.');
});
