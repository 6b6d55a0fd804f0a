import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { TEAM_DEMO } from './teamPlay.js';

// The study bundle panel's methods paragraph (issue 28): written with the bundle, shown on request, from the bundle
// alone. Keyboard only; the team demo has no participant yet, so the paragraph says what is not known in words.

async function keyboardTo(page: Page, name: string | RegExp) {
  const target = page.getByRole('button', { name });
  for (let i = 0; i < 80 && !(await target.evaluate((el) => el === el.ownerDocument.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
}

test('the bundle panel shows the methods paragraph of the bundle just written, sources footnoted', async ({
  launch,
}) => {
  const { page } = await launch();
  await page
    .locator(`[data-study="${TEAM_DEMO}"]`)
    .getByRole('button', { name: /^Open / })
    .click();
  await keyboardTo(page, 'Study bundle…');
  await keyboardTo(page, 'Scan free text');
  await expect(page.getByRole('status').first()).toContainText('runs');
  await keyboardTo(page, 'Write bundle');
  await expect(page.getByText(/^Written: /)).toBeVisible();
  await keyboardTo(page, 'Methods paragraph');
  const text = page
    .getByRole('region', { name: 'Methods paragraph (Markdown)' })
    .or(page.getByLabel('Methods paragraph (Markdown)'));
  await expect(text).toContainText('**Participants.**');
  await expect(text).toContainText('No run was recorded.');
  await expect(text).toContainText('There are no team scores in this bundle.');
  await expect(text).toContainText('`manifest.json` → `design`');
  await expect(page.getByRole('button', { name: 'Hide methods paragraph' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  for (const [w, h] of [
    [1280, 720],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.getByRole('button', { name: 'Hide methods paragraph' }).scrollIntoViewIfNeeded();
    if (process.env.METHODS_SHOTS)
      await page.screenshot({ path: `${process.env.METHODS_SHOTS}/methods-${w}x${h}.png` });
  }
});
