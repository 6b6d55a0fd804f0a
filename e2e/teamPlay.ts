import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.js';
import { repoRoot } from './host.js';

// Plays the person in the team seat through the UI, the way a participant (and, at the start and the end,
// the researcher) would: no API calls, only clicks, typing and what is on screen.

export const TEAM_DEMO = 'built-in:team-demo';
export type Version = 'alone' | 'control' | 'manipulation';

/** Written before launch; 0 turns the teammates' typing pause off where the test is not about it. */
export function writeSettings(dataDir: string, settings: { typingDelayMs?: number }): void {
  fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify(settings));
}

export interface DemoTask {
  id: string;
  title: string;
  dimension: string;
  labels: { id: string; rules?: { id?: string }[] }[];
  raw: string;
}

/** A demo task as its file says, for what the test expects (dimension, title, label ids). */
export function demoTask(id: string): DemoTask {
  const raw = fs.readFileSync(path.join(repoRoot, 'studies/team-demo/tasks', `${id}.yaml`), 'utf8');
  return { ...(parseYaml(raw) as Omit<DemoTask, 'raw'>), raw };
}

/** Library → study page → the start panel: task, version, seed and participant id, then into the seat. */
export async function startRun(
  page: Page,
  run: { task: string; version: Version; seed: number; participant: string },
): Promise<void> {
  await page
    .locator(`[data-study="${TEAM_DEMO}"]`)
    .getByRole('button', { name: /^Open / })
    .click();
  const panel = page.getByRole('form', { name: 'Pilot run' });
  await panel.getByLabel('Task').selectOption(run.task);
  await panel.getByLabel('Version').selectOption(run.version);
  // The seed list follows the version; wait for it before choosing.
  await expect(panel.getByLabel('Seed').locator(`option[value="${run.seed}"]`)).toHaveCount(1);
  await panel.getByLabel('Seed').selectOption(String(run.seed));
  await panel.getByLabel('Participant id').fill(run.participant);
  await panel.getByRole('button', { name: 'Start pilot run' }).click();
  await expect(page.getByText(`Participant ${run.participant}`)).toBeVisible();
  await expect(page.getByLabel('Round')).toContainText('Round 1 of');
}

const channels = (page: Page) => page.getByRole('navigation', { name: 'Channels' });

/** The conversation on screen (team channel or a DM), as the person reads it. */
export function conversation(page: Page, channel = 'team'): Locator {
  return page.getByRole('region', { name: `Conversation ${channel === 'team' ? '# team' : channel}` });
}

/** A message on screen from `from` (a seat name, or 'you') containing `text`. */
export function line(page: Page, from: string, text: string | RegExp, channel = 'team'): Locator {
  return conversation(page, channel).locator(`article.msg[data-from="${from}"]`).filter({ hasText: text });
}

export async function openChannel(page: Page, channel: string): Promise<void> {
  const label = channel === 'team' ? '# team' : channel;
  // The button's name carries the unread badge too ("Rosa 1 unread"), so match its start.
  await channels(page)
    .getByRole('button', { name: new RegExp(`^${label.replace(/[#]/g, '\\$&')}`) })
    .click();
  await expect(conversation(page, channel)).toBeVisible();
}

/** Types a message into a channel and sends it with Enter; returns once it is on screen. */
export async function say(page: Page, channel: string, text: string): Promise<void> {
  await openChannel(page, channel);
  const composer = conversation(page, channel).getByRole('textbox');
  await composer.fill(text);
  // Sending waits for the teammates to finish "typing"; the button says when it is the person's turn.
  await expect(conversation(page, channel).getByRole('button', { name: 'Send' })).toBeEnabled();
  await composer.press('Enter');
  await expect(line(page, 'you', text, channel)).toBeVisible();
  await expect(composer).toHaveValue('');
}

export async function openWorkspaceFile(page: Page, file: string): Promise<Locator> {
  await page.getByRole('tab', { name: 'Workspace' }).click();
  await page.getByRole('list', { name: 'Files' }).getByRole('button', { name: file, exact: true }).click();
  const editor = page.getByRole('textbox', { name: `Edit ${file}` });
  await expect(editor).not.toHaveValue('');
  return editor;
}

export async function saveFile(page: Page, file: string, how: 'button' | 'keys' = 'button'): Promise<void> {
  if (how === 'keys') await page.getByRole('textbox', { name: `Edit ${file}` }).press('Control+s');
  else await page.locator('.editor-head').getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.ws-output')).toContainText(`Save ${file}`);
  await expect(page.locator('.editor-head')).not.toContainText('unsaved changes');
}

/** Runs the visible tests; returns the summary line ("4 passed, 1 failed…"). Pyodide's first start is slow. */
export async function runTests(page: Page): Promise<string> {
  await page.getByRole('tab', { name: 'Workspace' }).click();
  await page.getByRole('button', { name: 'Run tests' }).click();
  const output = page.locator('.ws-output strong');
  await expect(output).toHaveText(/^Tests: /, { timeout: 90_000 });
  return (await output.textContent())!.replace(/^Tests: /, '');
}

/** Submit… → answer (or the split the camp keeps) → Submit… → the confirmation → Yes, submit. */
export async function submitRun(page: Page, answer: string | Record<string, number>): Promise<void> {
  await page.locator('.seat-status').getByRole('button', { name: 'Submit…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit your work' });
  if (typeof answer === 'string') await dialog.getByLabel('Your answer or summary').fill(answer);
  else
    for (const [item, n] of Object.entries(answer))
      await dialog.getByLabel(`${item} you keep`).selectOption(String(n));
  await dialog.getByRole('button', { name: 'Submit…' }).click();
  await expect(dialog.getByRole('alert')).toContainText('you cannot send messages or change files');
  await dialog.getByRole('button', { name: 'Yes, submit' }).click();
  await expect(dialog).toHaveCount(0, { timeout: 30_000 });
  // The hidden tests run after the submit is answered (issue 13), in a fresh Python: the run ends when they commit.
  await expect(page.locator('.banner-ended')).toBeVisible({ timeout: 90_000 });
  await expectEnded(page, 'The work was submitted.');
}

export async function expectEnded(page: Page, how: string): Promise<void> {
  const banner = page.locator('.banner-ended');
  await expect(banner).toContainText('This run has ended.');
  await expect(banner).toContainText(how);
}

/** The transcript, in the benchmark's fields that these tests read. */
export interface Transcript {
  evaluated_seat: string;
  evaluated_model: string;
  seats: { name: string; kind: string; role: string }[];
  messages: { round: number; seat: string; text: string; kind: string; to?: string }[];
  tool_calls: { round: number; name: string; input: Record<string, unknown>; result_head: string }[];
  sandbox: { hashes_before: Record<string, string>; final_files: Record<string, string> };
  ended: string;
  rounds_run: number;
  score: { pass: boolean; outcome: string; details: Record<string, unknown> };
  labels: { message_index: number; final?: unknown }[];
}

/**
 * The researcher's "Export transcript" on the ended run; checks that the file named on screen is the one in
 * the benchmark's layout under the data dir, and returns it parsed.
 */
export async function exportTranscript(
  page: Page,
  dataDir: string,
  run: { task: DemoTask; version: Version; seed: number; participant: string },
): Promise<Transcript> {
  await page.getByRole('button', { name: 'Export transcript' }).click();
  const saved = page.locator('.banner-ended code');
  await expect(saved).toBeVisible();
  const expected = path.join(
    dataDir,
    'results/transcripts',
    run.task.dimension,
    run.task.id,
    `human_${run.participant}`,
    `${run.version}_seed${run.seed}.json`,
  );
  await expect(saved).toHaveText(expected);
  return JSON.parse(fs.readFileSync(expected, 'utf8')) as Transcript;
}

/** What every exported run must carry: the person as the model, their messages, and the tool calls made. */
export function expectTranscript(
  t: Transcript,
  want: {
    participant: string;
    pass: boolean;
    said: string[];
    heard: { seat: string; text: string }[];
    tools: string[];
  },
): void {
  expect(t.evaluated_model).toBe(`human:${want.participant}`);
  expect(t.seats.find((s) => s.name === t.evaluated_seat)?.kind).toBe('evaluated');
  expect(t.score.pass, `score ${JSON.stringify(t.score)}`).toBe(want.pass);
  const mine = t.messages.filter((m) => m.seat === t.evaluated_seat).map((m) => m.text);
  for (const text of want.said) expect(mine).toContain(text);
  for (const h of want.heard)
    expect(
      t.messages.some((m) => m.seat === h.seat && m.text.includes(h.text)),
      `${h.seat}: ${h.text}`,
    ).toBe(true);
  expect(t.tool_calls.map((c) => c.name)).toEqual(want.tools);
}

/** Saves a full-page screenshot under test-results/ (kept for the report); returns its path. */
export async function snapshot(page: Page, name: string): Promise<string> {
  const file = path.join(repoRoot, 'test-results', 'team-screens', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Words the participant must never read: the task's ids (labels, rules, lines, replies, events, outcomes) and the condition. */
export function secretsOf(task: DemoTask): { ids: string[]; words: string[] } {
  // Every string the participant may legitimately be shown by this task (texts, names, roles, instructions).
  const shown: string[] = [];
  const collect = (v: unknown, key = '') => {
    if (
      typeof v === 'string' &&
      ['text', 'title', 'role', 'name', 'body', 'subject', 'alone', 'control', 'manipulation'].includes(key)
    )
      shown.push(v);
    else if (Array.isArray(v)) v.forEach((x) => collect(x, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) collect(x, k);
  };
  collect(task);
  const shownText = shown.join('\n');
  const wordIn = (text: string, w: string) =>
    new RegExp(`(^|[^A-Za-z0-9_])${w}($|[^A-Za-z0-9_])`, 'i').test(text);
  const ids = new Set<string>();
  const walk = (v: unknown, key = '') => {
    if (typeof v === 'string' && key === 'id') ids.add(v);
    else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk({ labels: task.labels, seats: (task as unknown as { seats: unknown }).seats });
  for (const o of Object.values(
    (task as unknown as { checker: { outcomes?: Record<string, string> } }).checker.outcomes ?? {},
  ))
    ids.add(o);
  const checkable = [...ids].filter((id) => id !== task.id && !wordIn(shownText, id));
  const words = [
    'manipulation',
    'control',
    'seed',
    'version',
    'scripted',
    'partner',
    'checker',
    'label',
    'labels',
    'give_way',
    'pass_when',
  ].filter((w) => !wordIn(shownText, w));
  return { ids: checkable, words };
}

/** The seat's text (and, for the ids, its HTML) holds none of the secrets, whatever tab or channel is open. */
export async function expectNothingRevealed(
  page: Page,
  secrets: { ids: string[]; words: string[] },
): Promise<void> {
  const text = await page.locator('body').innerText();
  const html = await page.content();
  const found = (hay: string, w: string) =>
    new RegExp(`(^|[^A-Za-z0-9_])${w}($|[^A-Za-z0-9_])`, 'i').test(hay);
  expect(secrets.ids.filter((id) => found(text, id) || found(html, id))).toEqual([]);
  expect(secrets.words.filter((w) => found(text, w))).toEqual([]);
}
