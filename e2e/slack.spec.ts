import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page, Request } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { repoRoot } from './host.js';

// The test archive of slack-export-viewer (https://github.com/hfaran/slack-export-viewer), MIT licence, copyright
// Hamza Faran. Its PROVENANCE: 2 channels, 4 users, 158 messages.
// shared/ sits beside the repository (as on every developer machine and in CI); a missing archive fails.
const ARCHIVE = path.join(repoRoot, 'main/testing/data/slack-export-viewer/testarchive.zip');
const STUDY = 'built-in:slack-demo';

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

async function openStudy(page: Page) {
  await page.locator(`[data-study="${STUDY}"] button`).click();
  await expect(page.getByRole('heading', { name: 'Pilot query runs (not counted)' })).toBeVisible();
}

/** The channel pages the page asks for with an older-page cursor, from now on. */
function channelPages(page: Page) {
  const older: number[] = [];
  const onRequest = (r: Request) => {
    if (!r.url().endsWith('/api/slackChannelPage')) return;
    const body = r.postDataJSON() as { before?: number };
    if (body.before !== undefined) older.push(body.before);
  };
  page.on('request', onRequest);
  return { older: () => [...older], stop: () => page.off('request', onRequest) };
}

/**
 * The reader scrolls to the top of what is loaded; while the older page is held back, a replies link in view is
 * picked, and from then on its place on screen is sampled at every frame until the older page is in. It must never
 * move or leave the DOM, and a click on it opens its own thread.
 */
async function olderPageKeepsRowsInPlace(page: Page, list: Locator) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/slackChannelPage', async (route) => {
    if ((route.request().postDataJSON() as { before?: number }).before !== undefined) await held;
    await route.continue();
  });
  const asked = page.waitForRequest((r) => r.url().endsWith('/api/slackChannelPage') && (r.postDataJSON() as { before?: number }).before !== undefined);
  await list.evaluate((el) => el.scrollTo(0, 0));
  await asked;
  const id = await list.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const link = [...el.querySelectorAll('.sk-replies')].find((b) => {
      const r = b.getBoundingClientRect();
      return r.top >= box.top && r.bottom <= box.bottom;
    });
    return link?.closest('[data-message-id]')?.getAttribute('data-message-id') ?? '';
  });
  expect(id, 'a replies link in view at the top of the loaded messages').not.toBe('');
  const height = await list.evaluate((el) => el.scrollHeight);
  // e2e/ is typed for Node; these callbacks run in the page, and keep the samples on the list element.
  type Sampled = { rowTops: (number | null)[]; stopRowTops: boolean };
  type Framed = { requestAnimationFrame(cb: () => void): void };
  await list.evaluate((el, id) => {
    const w = el as unknown as Sampled;
    w.rowTops = [];
    w.stopRowTops = false;
    const tick = () => {
      const link = el.querySelector(`[data-message-id="${id}"] .sk-replies`);
      w.rowTops.push(link ? link.getBoundingClientRect().top : null);
      if (!w.stopRowTops) (globalThis as unknown as Framed).requestAnimationFrame(tick);
    };
    (globalThis as unknown as Framed).requestAnimationFrame(tick);
  }, id);
  release();
  await expect.poll(() => list.evaluate((el) => el.scrollHeight), { timeout: 15_000 }).toBeGreaterThan(height);
  // A few more frames for any row of the new page rendered above the link to be measured.
  const tops = await list.evaluate(async (el) => {
    for (let i = 0; i < 5; i++) await new Promise<void>((r) => (globalThis as unknown as Framed).requestAnimationFrame(() => r()));
    const w = el as unknown as Sampled;
    w.stopRowTops = true;
    return w.rowTops;
  });
  await page.unroute('**/api/slackChannelPage');
  expect(tops.length).toBeGreaterThan(5);
  const first = tops[0] ?? null;
  expect(first).not.toBeNull();
  // Within a pixel: the scroll position is whole device pixels, row heights are not.
  const moved = tops.filter((t) => t === null || Math.abs(t - (first ?? 0)) > 1);
  expect(moved, `where the replies link of message ${id} was at each frame: ${tops.join(', ')}`).toEqual([]);
  await list.locator(`[data-message-id="${id}"] .sk-replies`).click();
  await expect(page.getByRole('complementary', { name: 'Thread' }).locator(`[data-message-id="${id}"]`)).toBeVisible();
}

/** The message at the top of the list's view (its id grows with its time). */
const topMessage = (list: Locator) =>
  list.evaluate((el) => {
    const top = el.getBoundingClientRect().top;
    const row = [...el.querySelectorAll('[data-message-id]')].find((r) => r.getBoundingClientRect().bottom > top + 1);
    return Number(row?.getAttribute('data-message-id') ?? 0);
  });

/**
 * From the keyboard: Page Up keeps moving back through the channel (older pages load) after the row whose button
 * had the focus is scrolled out of the rendered rows; the focus stays in the list instead of falling to the page.
 */
async function pageUpKeepsScrolling(page: Page, list: Locator) {
  await list.locator('.sk-replies').last().focus();
  for (let i = 0; i < 8; i++) {
    const before = await topMessage(list);
    await page.keyboard.press('PageUp');
    await expect.poll(() => topMessage(list), `Page Up ${i + 1} moves back`).toBeLessThan(before);
    expect(await list.evaluate((el) => el.contains(el.ownerDocument.activeElement)), `the focus after Page Up ${i + 1}`).toBe(true);
  }
}

const count = (page: Page, row: string) => page.getByRole('row', { name: new RegExp(`^${row}\\b`) }).locator('td');

test('a user export is imported through the UI, browsed, searched with a modifier and clicked through', async ({ launch }) => {
  expect(fs.existsSync(ARCHIVE), `${ARCHIVE} is missing`).toBe(true);
  test.setTimeout(120_000);
  const { page } = await launch();
  await openStudy(page);
  await page.getByRole('button', { name: 'Import a Slack export…' }).click();
  await page.getByLabel('Export path').fill(ARCHIVE!);
  await page.getByLabel('Workspace title').fill('slack-export-viewer test archive');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const report = page.getByRole('region', { name: 'Import report' });
  await expect(report).toBeVisible({ timeout: 60_000 });
  await expect(count(page, 'Channels')).toHaveText('2');
  await expect(count(page, 'Users')).toHaveText('4');
  await expect(count(page, 'Messages')).toHaveText('158');
  await shot(page, 'slack-import-report');

  await page.getByRole('button', { name: /^Open slack-export-viewer/ }).click();
  const sidebar = page.getByRole('navigation', { name: 'Conversations' });
  await sidebar.getByRole('button', { name: 'enrique' }).click();
  const list = page.getByRole('log', { name: 'Messages in #enrique' });
  await expect(list.locator('.sk-msg').first()).toBeVisible();
  // Virtualised: far fewer rows in the DOM than the channel's messages once it is long; here it simply renders.
  await shot(page, 'slack-channel');

  // Slack's keys for search: Ctrl+K anywhere, / when not typing in a field.
  await page.keyboard.press('Control+k');
  await expect(page.getByLabel('Search messages')).toBeFocused();
  await sidebar.getByRole('button', { name: 'enrique' }).focus();
  await page.keyboard.press('/');
  await expect(page.getByLabel('Search messages')).toBeFocused();
  await expect(page.getByLabel('Search messages')).toHaveValue('');
  await page.getByLabel('Search messages').fill('in:#enrique traceback');
  await page.getByLabel('Search messages').press('Enter');
  const results = page.getByRole('region', { name: 'Search results' });
  const hit = results.locator('.sk-hit').first();
  await expect(hit).toBeVisible();
  await expect(results.locator('mark').first()).toHaveText(/traceback/i);
  await expect(results.locator('.sk-hit-where').first()).toContainText('#enrique');
  await shot(page, 'slack-search');
  await hit.click();
  await expect(page.getByRole('log', { name: 'Messages in #enrique' }).locator('.sk-focus')).toBeVisible();
  await expect(page.locator('.sk-focus')).toContainText(/traceback/i);
  await shot(page, 'slack-search-clickthrough');
});

test('a participant answers a query with a pause, and the answer is recorded', async ({ launch }) => {
  test.setTimeout(180_000);
  const { page } = await launch();
  await openStudy(page);
  await page.getByLabel('Participant id').fill('P07');
  await page.getByRole('button', { name: 'Start as-riverside-monitor' }).click();
  const question = page.getByLabel('Question');
  await expect(question).toContainText('Riverside (RV-02)', { timeout: 90_000 });
  await expect(page.getByRole('timer', { name: 'Run clock' })).toContainText('left');
  // The category is not shown to the participant.
  await expect(page.locator('.sk-runbar')).not.toContainText('agentic search');
  await shot(page, 'slack-run-start');

  const pages = channelPages(page);
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: 'field-ops' }).click();
  const list = page.getByRole('log', { name: 'Messages in #field-ops' });
  await expect(list.locator('.sk-msg').first()).toBeVisible();
  // One click opens the thread: the list opens at the newest message and asks for no older page while the reader
  // is there, so no row moves under the pointer (CI once saw the click land on nothing as an older page arrived).
  await list.locator('.sk-replies').first().click();
  const thread = page.getByRole('complementary', { name: 'Thread' });
  await expect(thread.locator('.sk-msg').first()).toBeVisible();
  expect(pages.older(), 'older pages loaded while the reader stayed at the newest message').toEqual([]);
  await shot(page, 'slack-run-channel-thread');
  await olderPageKeepsRowsInPlace(page, list);
  pages.stop();
  await pageUpKeepsScrolling(page, list);

  await page.getByLabel('Search messages').fill('Riverside monitor');
  await page.getByLabel('Search messages').press('Enter');
  await expect(page.getByRole('region', { name: 'Search results' }).locator('.sk-hit').first()).toBeVisible();
  await page.getByRole('region', { name: 'Search results' }).locator('.sk-hit').first().click();
  await expect(page.locator('.sk-focus').first()).toBeVisible();

  // The counter follows each recorded call, not only the next pause.
  await expect(page.locator('.sk-runbar')).toContainText(/[1-9]\d* actions recorded/);
  await shot(page, 'slack-run-actions');
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByLabel('participant question').check();
  await page.getByRole('dialog').getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('heading', { name: 'Paused' })).toBeVisible();
  await shot(page, 'slack-run-paused');
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('heading', { name: 'Paused' })).toBeHidden();
  await expect(page.locator('.sk-runbar')).toContainText(/[1-9]\d* actions recorded/);

  await page.getByRole('button', { name: 'Answer…' }).click();
  const answer = 'A Palas Fidas 200 (the T640 is at Northgate).';
  await page.getByRole('textbox', { name: 'Your answer' }).fill(answer);
  await page.getByRole('dialog').getByRole('button', { name: 'Submit…' }).click();
  await shot(page, 'slack-run-confirm');
  await page.getByRole('button', { name: 'Yes, submit' }).click();
  await expect(page.getByRole('heading', { name: 'Your answer was recorded' })).toBeVisible();
  await expect(page.locator('.sk-recorded-answer')).toHaveText(answer);
  await shot(page, 'slack-run-answered');

  // The study page and the researcher's results both read the recorded run back from the main side.
  await page.getByRole('button', { name: 'Back to the study' }).click();
  await page.getByLabel('Participant id').fill('P07');
  await expect(page.locator('[data-query="as-riverside-monitor"]')).toContainText('answered');
  await page.getByRole('button', { name: 'Results, grading and judge…' }).click();
  await expect(page.getByRole('row', { name: /P07 as-riverside-monitor/ })).toContainText('submitted');
  await shot(page, 'slack-results');

  await page.getByLabel('Grader id').fill('G1');
  await page.getByRole('button', { name: 'Start grading' }).click();
  await expect(page.getByLabel('Answer to grade')).toHaveText(answer);
  await expect(page.locator('.sk-grader')).not.toContainText('P07');
  await expect(page.locator('.sk-keys')).toContainText('Y passes · N fails · then Enter to record');
  await shot(page, 'slack-grader');
  // From the keyboard: Y chooses, the choice shows, Enter records.
  await page.keyboard.press('y');
  await expect(page.getByRole('button', { name: 'YES — passes' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.sk-keys')).toContainText('Chosen: YES — passes');
  await shot(page, 'slack-grader-chosen');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Nothing left for you to grade')).toBeVisible();
  await page.getByRole('button', { name: '← Results' }).click();
  await expect(page.getByRole('row', { name: /P07 as-riverside-monitor/ })).toContainText('graded');
  await expect(page.getByRole('table', { name: 'Everyone' }).getByRole('row', { name: /Agentic search/ })).toContainText('100%');
  await shot(page, 'slack-scores');
});

test('a researcher jumps to a date, follows a commit link into the repository, reads a file and a document', async ({ launch }) => {
  test.setTimeout(120_000);
  const { page } = await launch();
  await openStudy(page);
  await shot(page, 'slack-start-panel');
  await page.getByRole('button', { name: 'Browse the workspace (not recorded)' }).click();
  const sidebar = page.getByRole('navigation', { name: 'Conversations' });
  await sidebar.getByRole('button', { name: 'ci-alerts' }).click({ timeout: 90_000 });
  await page.getByLabel('Jump to date').fill('2024-10-17');
  await page.getByRole('button', { name: 'Go' }).click();
  const list = page.getByRole('log', { name: 'Messages in #ci-alerts' });
  const link = list.getByRole('link', { name: '51b1922' });
  await expect(link).toBeVisible();
  // The jump lands on the day's first message; earlier days load above it without moving it.
  await expect(list.getByRole('separator').filter({ hasText: 'October 17, 2024' })).toBeInViewport();

  await link.click();
  const repo = page.getByRole('region', { name: 'Repository' });
  await expect(repo.getByRole('heading', { name: 'Lower default learning rate to 1e-4 after sweep' })).toBeVisible();
  await expect(repo.locator('.sk-add').first()).toBeVisible();
  await shot(page, 'slack-repo-commit');
  await repo.getByRole('tab', { name: 'Files' }).click();
  await repo.locator('.sk-tree button').filter({ hasText: /\.(py|md|toml|yaml|cfg|txt)$/ }).first().click();
  await expect(repo.locator('.sk-ln').first()).toHaveText('1');
  await shot(page, 'slack-repo-file');
  await repo.getByLabel('Search code').fill('learning');
  await repo.getByLabel('Search code').press('Enter');
  await expect(repo.locator('.sk-code-hits mark').first()).toBeVisible();
  await shot(page, 'slack-repo-search');

  await sidebar.getByRole('button', { name: /field protocol/i }).click();
  const doc = page.getByRole('region', { name: /^Document/ });
  await expect(doc.locator('table td').first()).toBeVisible();
  await shot(page, 'slack-document');

  await sidebar.getByRole('button', { name: 'calibration' }).click();
  await page.getByRole('log', { name: 'Messages in #calibration' }).locator('button.sk-author').last().click();
  const profile = page.getByRole('dialog', { name: 'Profile' });
  await expect(profile).toBeVisible();
  await expect(profile.locator('.sk-profile-name')).not.toBeEmpty();
  await shot(page, 'slack-profile');
  await page.keyboard.press('Escape');
  await expect(profile).toBeHidden();
});

test('the largest channel of a big synthetic workspace opens at its newest message and keeps few rows in the page', async ({ launch, dataDir }) => {
  test.setTimeout(300_000);
  const { generateSlackExport } = await import('../main/slack/synthetic/exportGenerator.js');
  const gen = generateSlackExport({ dir: path.join(dataDir, 'big-export'), channels: 1, messages: 100_000, users: 40, days: 400 });
  const { page } = await launch();
  await page.locator(`[data-study="${STUDY}"] button`).click();
  await page.getByRole('button', { name: 'Import a Slack export…' }).click();
  await page.getByLabel('Export path').fill(gen.dir);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Import report' })).toBeVisible({ timeout: 240_000 });
  await expect(count(page, 'Messages')).toHaveText('100,000');
  await page.getByRole('button', { name: /^Open / }).click();

  const channel = gen.channelNames[0]!;
  const started = Date.now();
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: channel }).click();
  const list = page.getByRole('log', { name: `Messages in #${channel}` });
  await expect(list.locator('.sk-msg').last()).toBeInViewport();
  const openMs = Date.now() - started;
  // Recorded, not asserted: speed is measured by `npm run bench` (slackchannel), where a baseline is taken in the same
  // run; a wall-clock limit here fails on a loaded machine without saying anything about the code.
  test.info().annotations.push({ type: 'open largest channel (100,000 messages)', description: `${openMs} ms` });

  // Scroll back through several pages: rows load by cursor above, the row in view stays in view, the DOM stays small.
  let oldest = Number.MAX_SAFE_INTEGER;
  for (let i = 0; i < 6; i++) {
    // Scroll to the top and note which message sits at the top of the view once the rows there are drawn.
    const atTop = await list.evaluate(async (el) => {
      el.scrollTop = 0;
      const line = () => el.getBoundingClientRect().top + 120;
      const rowAtLine = () =>
        [...el.querySelectorAll('.sk-row')].find((r) => r.getBoundingClientRect().top <= line() && r.getBoundingClientRect().bottom > line());
      // e2e/ is typed for Node; this callback runs in the page.
      const frame = (globalThis as unknown as { requestAnimationFrame(cb: () => void): void }).requestAnimationFrame;
      for (let f = 0; f < 60 && !rowAtLine(); f++) await new Promise<void>((r) => frame(() => r()));
      return rowAtLine()?.getAttribute('data-message-id') ?? '';
    });
    expect(atTop).not.toBe('');
    await expect(list.locator(`[data-message-id="${atTop}"]`)).toBeInViewport();
    await expect.poll(async () => Number(await list.locator('.sk-row').first().getAttribute('data-message-id'))).toBeLessThan(Math.min(oldest, Number(atTop)));
    await expect(list.locator(`[data-message-id="${atTop}"]`)).toBeInViewport();
    oldest = Number(await list.locator('.sk-row').first().getAttribute('data-message-id'));
    expect(await list.locator('.sk-row').count()).toBeLessThan(120);
  }
  await shot(page, 'slack-big-channel');
});

test('an empty zip fails with its reason, and a failed workspace is deleted after a confirmation', async ({ launch, dataDir }) => {
  test.setTimeout(120_000);
  const { writeZip } = await import('../main/slack/import/yazlZip.testing.js');
  const empty = path.join(dataDir, 'empty.zip');
  await writeZip(empty, {});
  const { page } = await launch();
  await openStudy(page);
  await page.getByRole('button', { name: 'Import a Slack export…' }).click();
  await page.getByLabel('Export path').fill(empty);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.locator('.banner-error').first()).toContainText(`${empty}: it is empty`, { timeout: 60_000 });
  await expect(page.getByRole('region', { name: 'Import report' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Open empty/ })).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Workspaces on this computer' });
  const row = table.getByRole('row', { name: /^empty imported failed/ });
  await expect(row).toContainText('it is empty');
  // The built-in study's workspace has no Delete.
  await expect(table.getByRole('button', { name: /^Delete SlackBench/ })).toHaveCount(0);

  await row.getByRole('button', { name: 'Delete empty' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete “empty”?' });
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await shot(page, 'slack-delete-confirm');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('button', { name: 'Delete empty' })).toBeFocused();
  await row.getByRole('button', { name: 'Delete empty' }).click();
  await dialog.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(row).toHaveCount(0);
  await shot(page, 'slack-deleted');
});

/** An export whose channels mix short system lines with tall messages: row heights far from the list's estimate. */
function writeMixedExport(dir: string): string[] {
  const users = [{ id: 'U1', name: 'ada', real_name: 'Ada' }, { id: 'U2', name: 'bo', real_name: 'Bo' }];
  const long = (i: number) => Array.from({ length: 8 }, (_, k) => `Paragraph ${k} of message ${i}: the calibration drifted again overnight.`).join('\n');
  const channels: Record<string, Array<Record<string, unknown>>> = { joins: [], tall: [], mixed: [], short: [], attach: [] };
  let t = 1_700_000_000;
  const msg = (extra: Record<string, unknown>) => ({ type: 'message', ts: `${t++}.000100`, user: 'U1', ...extra });
  for (let i = 0; i < 70; i++) channels.joins!.push(msg({ subtype: 'channel_join', user: i % 2 ? 'U1' : 'U2', text: '<@U1> has joined the channel' }));
  for (let i = 0; i < 6; i++) channels.joins!.push(msg({ text: long(i) }));
  for (let i = 0; i < 150; i++) channels.tall!.push(msg({ text: long(i), user: i % 2 ? 'U1' : 'U2' }));
  for (let i = 0; i < 200; i++) channels.mixed!.push(msg(i % 3 ? { subtype: 'channel_join', text: '<@U2> has joined the channel' } : { text: long(i) }));
  for (let i = 0; i < 3; i++) channels.short!.push(msg({ text: `hello ${i}` }));
  for (let i = 0; i < 40; i++)
    channels.attach!.push(msg({ text: 'see', attachments: [{ title: `Report ${i}`, text: long(i), fields: [{ title: 'Status', value: 'open' }] }] }));
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'users.json'), JSON.stringify(users));
  fs.writeFileSync(path.join(dir, 'channels.json'), JSON.stringify(Object.keys(channels).map((name, i) => ({ id: `C${i}`, name, members: ['U1', 'U2'] }))));
  for (const [name, messages] of Object.entries(channels)) {
    fs.mkdirSync(path.join(dir, name));
    fs.writeFileSync(path.join(dir, name, '2023-11-14.json'), JSON.stringify(messages));
  }
  return Object.keys(channels);
}

/** Opens each conversation in the sidebar and lists those whose newest message is not in view once rows settle. */
async function newestOutOfView(page: Page): Promise<string[]> {
  const sidebar = page.getByRole('navigation', { name: 'Conversations' });
  await expect(sidebar.locator('button[data-conversation]').first()).toBeVisible({ timeout: 90_000 });
  const ids = await sidebar.locator('button[data-conversation]').evaluateAll((els) => els.map((e) => e.getAttribute('data-conversation') ?? ''));
  const below: string[] = [];
  for (const id of ids) {
    await sidebar.locator(`button[data-conversation="${id}"]`).click();
    const list = page.locator('.sk-channel [role="log"]');
    await expect(list.locator('.sk-row').first()).toBeVisible();
    // Let rows be measured and pages load (a few frames), then see how far below the view the newest message is.
    const gap = await list.evaluate(async (el) => {
      const frame = (globalThis as unknown as { requestAnimationFrame(cb: () => void): void }).requestAnimationFrame;
      for (let f = 0; f < 30; f++) await new Promise<void>((r) => frame(() => r()));
      const rows = el.querySelectorAll('.sk-row');
      const last = rows[rows.length - 1]!;
      return Math.round(last.getBoundingClientRect().bottom - el.getBoundingClientRect().bottom);
    });
    if (gap > 2) below.push(`${await list.getAttribute('aria-label')}: newest ${gap}px below the view`);
  }
  return below;
}

test('every conversation opens scrolled to its newest message', async ({ launch, dataDir }) => {
  test.setTimeout(180_000);
  const names = writeMixedExport(path.join(dataDir, 'mixed-export'));
  const { page } = await launch();
  await openStudy(page);
  await page.getByRole('button', { name: 'Import a Slack export…' }).click();
  await page.getByLabel('Export path').fill(path.join(dataDir, 'mixed-export'));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByRole('button', { name: /^Open mixed-export/ }).click({ timeout: 60_000 });
  const mixed = await newestOutOfView(page);
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: 'joins' }).click();
  await shot(page, 'slack-channel-newest');
  expect(names.length).toBe(5);

  await page.goto(page.url().split('#')[0]!);
  await openStudy(page);
  await page.getByRole('button', { name: 'Browse the workspace (not recorded)' }).click();
  const demo = await newestOutOfView(page);
  expect([...mixed, ...demo]).toEqual([]);
});
