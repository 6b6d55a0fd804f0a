import { test, expect } from './fixtures.js';

// What a first study tripped on (issue 25 item 6): a task library opened as if it were a study, and an experimenter's
// window trapped in a kiosk with no PIN to leave it.

test('a pack without a protocol is a pilot-only task library: said calmly, with its pilot panel and no participants', async ({ launch }) => {
  const { page } = await launch();
  const card = page.locator('.study-card[data-study="built-in:team-library"]');
  // The first scan of the built-in packs checks every task: the library waits for it on a loaded machine.
  await expect(card).toBeVisible({ timeout: 60_000 });
  await expect(card.getByRole('note').filter({ hasText: 'Task library' })).toContainText('Task library: pilot runs only');
  // A study with a protocol says nothing of the kind.
  await expect(page.locator('.study-card[data-study="built-in:team-demo"] .pilot-only')).toHaveCount(0);

  await card.getByRole('button', { name: /^Open / }).click();
  await expect(page.getByRole('heading', { name: 'Team task library', level: 1 })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'Task library: pilot runs only' })).toContainText('excluded/pilot');
  await expect(page.getByRole('heading', { name: 'Pilot run' })).toBeVisible();
  await expect(page.locator('table.tasks tbody tr')).toHaveCount(13);
  // None of what a study with participants has, and no error.
  await expect(page.getByRole('heading', { name: 'Participants' })).toHaveCount(0);
  await expect(page.getByText('Loading participants…')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Live dashboard/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Live dashboard/ })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('Open visit here waits for an experimenter PIN, the only way back; with one, the PIN gives the window back', async ({ launch }) => {
  const { page } = await launch();
  const demo = page.locator('.study-card[data-study="built-in:team-demo"]');
  await expect(demo).toBeVisible({ timeout: 60_000 });
  await demo.getByRole('button', { name: /^Open / }).click();
  const row = page.locator('tr[data-participant]').first();
  const code = (await row.getAttribute('data-participant'))!;
  await row.getByRole('button', { name: `Open visit here for ${code}` }).click();
  await expect(page.getByRole('alert')).toContainText('Set an experimenter PIN first');
  // Still the experimenter's study page, with the PIN field ready for the keyboard.
  await expect(page).toHaveURL(/#\/study\?key=/);
  const pin = page.locator('#kiosk-pin-input');
  await expect(pin).toBeFocused();
  await expect(page.locator('.kiosk-pin')).toContainText('not set: needed before Open visit here');
  await page.keyboard.type('24680');
  await page.keyboard.press('Enter');
  await expect(page.locator('.kiosk-pin')).toContainText('PIN saved.');

  await row.getByRole('button', { name: `Open visit here for ${code}` }).click();
  await expect(page).toHaveURL(/#\/visit/);
  await page.getByRole('button', { name: 'Experimenter' }).click();
  await page.getByLabel('Experimenter PIN').fill('24680');
  await page.getByRole('button', { name: 'Leave the kiosk' }).click();
  await expect(page.getByRole('heading', { name: 'Study library' })).toBeVisible();
});
