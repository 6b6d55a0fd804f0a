import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { expectEnded, line, say, startRun, writeSettings } from './teamPlay.js';
import { repoRoot } from './host.js';

// Issue 23: in a negotiation the participant puts a split on the table with the deal form, keyboard only; Hal
// answers at once (turns down a greedy offer, accepts the best joint split) and the run ends with the deal.

async function shot(page: Page, name: string): Promise<void> {
  const file = path.join(repoRoot, 'test-results', 'deal-form', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file });
}

/** Sets a select to `n` from where it stands with the arrow keys, as a keyboard user does. */
async function pick(page: Page, from: number, to: number): Promise<void> {
  for (let i = from; i < to; i++) await page.keyboard.press('ArrowDown');
  for (let i = from; i > to; i--) await page.keyboard.press('ArrowUp');
}

test('a participant offers splits with the deal form, keyboard only, and the best one is accepted', async ({ launch, dataDir }) => {
  test.setTimeout(120_000);
  writeSettings(dataDir, { typingDelayMs: 0 });
  const { page } = await launch();
  await page.setViewportSize({ width: 1280, height: 720 });
  await startRun(page, { task: 'campsite-negotiation', version: 'manipulation', seed: 1, participant: 'P-DEAL' });
  await say(page, 'team', 'Hi Hal, firewood matters most to us.');

  const form = page.getByRole('form', { name: 'Make an offer' });
  await expect(form).toBeVisible();
  await shot(page, 'seat-deal-form-1280x720');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await shot(page, 'seat-deal-form-1920x1080');
  await page.setViewportSize({ width: 1280, height: 720 });

  // Everything for Riverside, by keyboard: Food, Water and Firewood you get 3, Hal gets 0 of each.
  await form.getByLabel('Food you get').focus();
  for (let item = 0; item < 3; item++) {
    await pick(page, 0, 3);
    await page.keyboard.press('Tab');
    await pick(page, 3, 0);
    await page.keyboard.press('Tab');
  }
  await expect(form.getByRole('button', { name: 'Offer this split to Hal' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(line(page, 'you', 'Submit-Deal (I get 3 Food, 3 Water, 3 Firewood')).toBeVisible();
  await expect(page.getByText('Hal rejected the deal')).toBeVisible();

  // Counts that do not add up cannot be offered: the form says why and its button is off.
  await form.getByLabel('Food you get').focus();
  await pick(page, 3, 2);
  await expect(form.getByRole('status')).toHaveText('Food: 2 + 0 is not 3.');
  await expect(form.getByRole('button', { name: 'Offer this split to Hal' })).toBeDisabled();

  // The best joint split: Hal all the water and the food, Riverside all the firewood.
  await pick(page, 2, 0);
  await page.keyboard.press('Tab');
  await pick(page, 0, 3);
  await page.keyboard.press('Tab');
  await pick(page, 3, 0);
  await page.keyboard.press('Tab');
  await pick(page, 0, 3);
  await shot(page, 'seat-deal-form-best-1280x720');
  await form.getByRole('button', { name: 'Offer this split to Hal' }).focus();
  await page.keyboard.press('Enter');
  await expect(line(page, 'you', 'Submit-Deal (I get 0 Food, 0 Water, 3 Firewood')).toBeVisible();
  await expect(page.getByText('Hal accepted the deal')).toBeVisible();
  await expectEnded(page, 'A deal was agreed.');
  await shot(page, 'seat-deal-agreed-1280x720');
});
