import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './fixtures.js';
import { repoRoot } from './host.js';

test('the library lists the built-in studies with kind and count, and opens one', async ({ launch }) => {
  const { page } = await launch();
  await expect(page.getByRole('heading', { name: 'Study library' })).toBeVisible();
  const builtIn = fs
    .readdirSync(path.join(repoRoot, 'studies'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(repoRoot, 'studies', d.name, 'study.yaml')));
  expect(builtIn.length).toBeGreaterThan(0);
  const cards = page.locator('.study-card');
  await expect(cards).toHaveCount(builtIn.length);
  await expect(page.getByText('Studies that need fixing')).toHaveCount(0);

  const first = cards.first();
  const title = (await first.locator('h3').textContent())!;
  await first.getByRole('button', { name: `Open ${title}` }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.locator('table.tasks tbody tr').first()).toBeVisible();
  await page.getByRole('button', { name: '← Study library' }).click();
  await expect(page.getByRole('heading', { name: 'Study library' })).toBeVisible();
});

test('a study pack with a typo is listed with file, line, field and what was expected; the rest still work', async ({ launch, dataDir }) => {
  const pack = path.join(dataDir, 'studies', 'my-pilot');
  fs.mkdirSync(path.join(pack, 'tasks'), { recursive: true });
  fs.writeFileSync(path.join(pack, 'study.yaml'), 'schema: teamseat/study@1\nid: my-pilot\ntitle: My pilot\nkind: team\ntasks: [tasks/one.yaml]\n');
  fs.writeFileSync(path.join(pack, 'tasks', 'one.yaml'), 'id: one\ntitle: One\ndimenson: handling_conflict\n');
  const { page } = await launch();
  await expect(page.getByText('Studies that need fixing')).toBeVisible();
  const broken = page.locator('.study-card-broken');
  await expect(broken).toContainText('My pilot');
  await expect(broken.getByLabel('Problems')).toContainText('my-pilot/tasks/one.yaml');
  await expect(broken.getByLabel('Problems')).toContainText('dimension');
  await expect(page.locator('.study-card:not(.study-card-broken)').first()).toBeVisible();
});

test('a tampered settings file is moved aside with a notice, not a crash', async ({ launch, dataDir }) => {
  fs.writeFileSync(path.join(dataDir, 'settings.json'), '{ "typingDelayMs": "soon" ');
  const { page } = await launch();
  await expect(page.getByRole('status')).toContainText('Settings were reset to defaults');
  await expect(page.getByRole('heading', { name: 'Study library' })).toBeVisible();
  expect(fs.readdirSync(dataDir).some((f) => f.startsWith('settings.json.invalid-'))).toBe(true);
});

test('a damaged database is named, kept, and replaced only when the researcher asks', async ({ launch, dataDir }) => {
  const dbFile = path.join(dataDir, 'teamseat.db');
  const junk = 'not a database '.repeat(400);
  fs.writeFileSync(dbFile, junk);
  const { page } = await launch();
  const problem = page.getByRole('alert').filter({ hasText: 'The session database cannot be opened' });
  await expect(problem).toContainText(dbFile);
  expect(fs.readFileSync(dbFile, 'utf8')).toBe(junk);
  await page.getByRole('button', { name: /start a fresh database/ }).click();
  await expect(problem).toHaveCount(0);
  const kept = fs.readdirSync(dataDir).find((f) => f.startsWith('teamseat.db.set-aside-') && !f.endsWith('-wal') && !f.endsWith('-shm'));
  expect(kept).toBeDefined();
  expect(fs.readFileSync(path.join(dataDir, kept!), 'utf8')).toBe(junk);
  await expect(page.getByRole('status')).toContainText(kept!);
});
