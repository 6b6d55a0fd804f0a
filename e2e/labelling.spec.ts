import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { repoRoot } from './host.js';

interface DemoItem {
  id: string;
  message: { text: string };
  labels: { label: string }[];
  judge: { final: string; perJudge: Record<string, string> };
}
const demoDir = path.join(repoRoot, 'studies', 'judge-validation-demo');
const demo: DemoItem[] = fs
  .readFileSync(path.join(demoDir, 'items.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as DemoItem);
const STUDY = 'built-in:judge-validation-demo';

/** Text a rater must never see before the report: the judges' names and anything labelled as theirs. */
const JUDGE_TEXT = /referee|tiebreak|perJudge|judges said|judge label/i;

async function openStudy(page: Page) {
  await page.locator(`[data-study="${STUDY}"] button`).click();
  await expect(page.getByRole('heading', { name: 'Labelling sessions' })).toBeVisible();
}

async function answerPractice(page: Page) {
  for (let i = 1; i <= 3; i++) {
    await expect(page.getByLabel('Progress')).toContainText(`Practice ${i} of 3`);
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'expected label' })).toBeVisible();
    await page.keyboard.press('Enter');
  }
}

/**
 * Labels `count` items by keyboard. The test knows the judges' label from the item file (the page never
 * shows it); every fifth item the rater picks another label, so agreement is high but not perfect.
 */
async function label(page: Page, rater: string, count: number, total: number) {
  for (let n = 0; n < count; n++) {
    const progress = page.getByLabel('Progress');
    const doneBefore = Number(/(\d+)\/\d+ answered/.exec((await progress.textContent()) ?? '')?.[1]);
    const shown = (await page.getByLabel('Message to label').textContent()) ?? '';
    const item = demo.find((d) => shown.includes(d.message.text));
    expect(item, `item on screen: ${shown}`).toBeDefined();
    const judge = item!.labels.findIndex((l) => l.label === item!.judge.final);
    const choice =
      (doneBefore + (rater === 'R2' ? 2 : 0)) % 5 === 0 ? (judge + 1) % item!.labels.length : judge;
    await page.keyboard.press(String(choice + 1));
    await page.keyboard.press('Enter');
    await expect(progress).toContainText(`${doneBefore + 1}/${total} answered`);
  }
}

test('two raters label blind with overlap, one resumes mid-way, and the report shows kappa', async ({
  launch,
  dataDir,
}) => {
  test.setTimeout(180_000);
  const first = await launch();
  const sent: string[] = [];
  first.page.on('response', (r) => {
    if (r.url().includes('/api/'))
      void r
        .text()
        .then((t) => sent.push(t))
        .catch(() => {});
  });
  await openStudy(first.page);
  await expect(first.page.locator('.lab-raters').getByRole('row', { name: /R1/ })).toContainText('0/25');
  await first.page.getByRole('button', { name: 'Start as R1' }).click();
  await answerPractice(first.page);
  await label(first.page, 'R1', 10, 25);
  await expect(first.page.getByLabel('Progress')).toContainText('Item 11 of 25');
  await first.page.screenshot({ path: test.info().outputPath('labelling-screen.png'), fullPage: true });
  expect(await first.page.locator('body').innerText()).not.toMatch(JUDGE_TEXT);
  await first.close();

  // R1 comes back after the app was closed: the session continues at item 11.
  const second = await launch(dataDir);
  const { page } = second;
  second.page.on('response', (r) => {
    if (r.url().includes('/api/'))
      void r
        .text()
        .then((t) => sent.push(t))
        .catch(() => {});
  });
  await openStudy(page);
  await expect(page.locator('.lab-raters').getByRole('row', { name: /R1/ })).toContainText('10/25');
  await page.locator('.lab-start').screenshot({ path: test.info().outputPath('start-panel.png') });
  await page.getByRole('button', { name: 'Resume as R1' }).click();
  await expect(page.getByLabel('Progress')).toContainText('Item 11 of 25');
  await expect(page.getByLabel('Progress')).toContainText('10/25 answered');
  await label(page, 'R1', 15, 25);
  await expect(page.getByText('All 25 items have an answer')).toBeVisible();
  expect(await page.locator('body').innerText()).not.toMatch(JUDGE_TEXT);
  await page.getByRole('button', { name: 'Save and exit' }).click();

  await page.getByRole('button', { name: 'Start as R2' }).click();
  await answerPractice(page);
  await label(page, 'R2', 25, 25);
  expect(await page.locator('body').innerText()).not.toMatch(JUDGE_TEXT);
  // Nothing the host sent before the report carried a judge label.
  for (const body of sent) expect(body).not.toMatch(/"judge"|perJudge|referee|tiebreak/);
  await page.getByRole('button', { name: 'Save and exit' }).click();

  await page.getByRole('button', { name: /Agreement report/ }).click();
  const vsFinal = page.getByRole('table', { name: 'Against the judges’ final label' });
  await expect(vsFinal).toContainText('Cohen’s κ');
  for (const rater of ['R1', 'R2'])
    await expect(vsFinal.getByRole('row', { name: new RegExp(`^${rater}`) })).toContainText(/\d+% \[/);
  const kappa = await vsFinal.getByRole('row', { name: /^R1/ }).locator('td').nth(2).textContent();
  expect(Number(kappa?.split(' ')[0])).toBeGreaterThan(0.5);
  await expect(page.getByRole('table', { name: 'Rater against rater' })).toContainText('R1 vs R2');
  await expect(
    page.getByRole('table', { name: 'Rater against rater' }).getByRole('row', { name: /R1 vs R2/ }),
  ).toContainText('10');
  await expect(page.getByRole('table', { name: 'Against judge “referee” alone' })).toBeVisible();
  const firstDisagreement = page.locator('.lab-disagreements li').first();
  await firstDisagreement.getByRole('button').click();
  await expect(firstDisagreement.getByLabel('Message to label')).toBeVisible();
  for (const [heading, file] of [
    ['Agreement report', 'report.png'],
    ['Per dimension (all raters vs final label)', 'report-dimensions.png'],
    [/^Disagreements with the final label/, 'report-disagreements.png'],
  ] as const) {
    await page.getByRole('heading', { name: heading }).evaluate((h) => h.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: test.info().outputPath(file) });
  }

  await page.getByRole('button', { name: 'Write exports' }).click();
  const out = path.join(dataDir, 'exports', 'labelling', 'judge-validation-demo');
  await expect(page.getByRole('status').filter({ hasText: out })).toBeVisible();
  // The judge-run, consensus and codebook files come with every export (empty when no judge ran).
  expect(fs.readdirSync(out).sort()).toEqual([
    'codebook.md',
    'consensus.csv',
    'judge-alignment.json',
    'judge-runs.csv',
    'judge-runs.jsonl',
    'labels.csv',
    'labels.jsonl',
    'report.html',
    'report.json',
  ]);
  expect(fs.readFileSync(path.join(out, 'labels.jsonl'), 'utf8').trim().split('\n')).toHaveLength(50);
});

test('after a click on Undo, the advertised "1" then Enter labels the item and never undoes more', async ({
  launch,
}) => {
  const { page } = await launch();
  await openStudy(page);
  await page.getByRole('button', { name: 'Start as R1' }).click();
  await answerPractice(page);
  await label(page, 'R1', 4, 25);
  const progress = page.getByLabel('Progress');
  await page.getByRole('button', { name: 'Undo last answer' }).click();
  await expect(progress).toContainText('3/25 answered');
  await expect(page.getByRole('group', { name: 'Current item' })).toBeFocused();
  for (let n = 4; n <= 9; n++) {
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await expect(progress).toContainText(`${n}/25 answered`);
  }
  // Tab back onto Undo and use the keys path: the label key takes focus back to the item first.
  await page.getByRole('button', { name: 'Undo last answer' }).focus();
  await page.keyboard.press('1');
  await page.keyboard.press('Enter');
  await expect(progress).toContainText('10/25 answered');
});
