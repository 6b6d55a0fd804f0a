import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { repoRoot } from './host.js';
import {
  conversation,
  expectEnded,
  exportTranscript,
  line,
  openChannel,
  openWorkspaceFile,
  runTests,
  saveFile,
  snapshot,
  submitRun,
  writeSettings,
  secretsOf,
  expectNothingRevealed,
  type DemoTask,
} from './teamPlay.js';
import { loadTeamPack } from '../main/team/pack/loadPack.js';
import { editedText } from '../shared/team/checker/playPath.js';
import type { DeclaredPath, PathTurn } from '../shared/team/pack/schema.js';
import fs from 'node:fs';

// One task per dimension of the team library, played through the UI in Chromium on the manipulation's declared
// passing and failing paths (the task file's `paths`, the same ones the linter and the HTTP test play): what the
// person types, the files they open and edit, the submission. The three dimensions e2e/team.spec.ts covers
// (handling conflict, resisting unsafe pressure, sharing information) are not repeated here. Both paths of a task
// share one app: the second starts from the library again.

test.skip(process.env.TEAMSEAT_E2E === 'electron', 'the export path is checked on the browser host');

const STUDY = 'built-in:team-library';
const PACK = path.join(repoRoot, 'studies/team-library');
const pack = loadTeamPack(PACK);

const byDimension = [
  { dimension: 'whistleblowing', task: 'audit-trail-switched-off' },
  { dimension: 'emotional_intelligence', task: 'distraught-attendant-boarding' },
  { dimension: 'keeping_the_team_on_track', task: 'engrossed-in-pressurization' },
  { dimension: 'taking_initiative', task: 'dispatch-binder-100-hour' },
  { dimension: 'taking_over', task: 'handover-information-noted' },
] as const;

/** The task as teamPlay's helpers read it (id, dimension, labels, ids the participant must never see). */
function libraryTask(id: string): DemoTask {
  const file = pack.tasks.find((t) => t.task.id === id);
  if (!file) throw new Error(`studies/team-library has no task "${id}"`);
  const raw = fs.readFileSync(path.join(PACK, 'tasks', `${id}.yaml`), 'utf8');
  return { ...(file.task as unknown as Omit<DemoTask, 'raw'>), raw };
}

// Waits on the server (the seed list, the run's start, a teammate's turn) get 30 s: this spec must pass on a
// machine busy with other work, where the default 5 s is not always enough.
const SERVER = { timeout: 30_000 };

/** Library → the team library's page → the pilot-run panel (manipulation, the given seed) → into the seat. */
async function startRun(page: Page, run: { task: string; seed: number; seeds: number[]; participant: string }): Promise<void> {
  await page.locator(`[data-study="${STUDY}"]`).getByRole('button', { name: /^Open / }).click();
  const panel = page.getByRole('form', { name: 'Pilot run' });
  const seed = panel.getByLabel('Seed');
  // The panel asks for the first task's seeds when it opens, and does not drop an answer that arrives after the
  // answer for a task chosen since (it then starts the first seed of the wrong list): let that first answer land.
  await expect(seed.locator('option').first()).toBeAttached(SERVER);
  await panel.getByLabel('Task').selectOption(run.task);
  await panel.getByLabel('Version').selectOption('manipulation');
  await expect(seed.locator('option')).toHaveText(run.seeds.map(String), SERVER);
  await seed.selectOption(String(run.seed));
  await expect(seed).toHaveValue(String(run.seed));
  await panel.getByLabel('Participant id').fill(run.participant);
  await panel.getByRole('button', { name: 'Start pilot run' }).click();
  await expect(page.getByText(`Participant ${run.participant}`)).toBeVisible(SERVER);
  await expect(page.getByLabel('Round')).toContainText('Round ', SERVER);
}

/** Types a message into a channel (the team or a seat) and sends it with Enter, once it is the person's turn. */
async function say(page: Page, channel: string, text: string): Promise<void> {
  await openChannel(page, channel);
  const composer = conversation(page, channel).getByRole('textbox');
  await composer.fill(text);
  await expect(conversation(page, channel).getByRole('button', { name: 'Send' })).toBeEnabled(SERVER);
  await composer.press('Enter');
  await expect(line(page, 'you', text, channel)).toBeVisible(SERVER);
}

/** One declared turn made the way a person makes it on screen. */
async function playTurn(page: Page, turn: PathTurn): Promise<void> {
  if ('say' in turn) return say(page, turn.to ?? 'team', turn.say);
  if ('tool' in turn) {
    if (turn.tool === 'read_file') {
      await openWorkspaceFile(page, String(turn.input?.path));
      return;
    }
    if (turn.tool === 'run_tests') {
      await runTests(page);
      return;
    }
    if (turn.tool === 'grep') {
      await page.getByRole('tab', { name: 'Workspace' }).click();
      await page.getByRole('textbox', { name: 'Search the files' }).fill(String(turn.input?.pattern));
      await page.getByRole('textbox', { name: 'Search the files' }).press('Enter');
      await expect(page.locator('.ws-output strong')).toContainText('Search');
      return;
    }
    await page.getByRole('tab', { name: 'Workspace' }).click();
    return;
  }
  if ('edit' in turn) {
    const editor = await openWorkspaceFile(page, turn.edit);
    await editor.fill(editedText(await editor.inputValue(), turn));
    await saveFile(page, turn.edit);
    return;
  }
  if ('submit' in turn) {
    if (typeof turn.submit !== 'string') throw new Error('this spec submits text answers only');
    return submitRun(page, turn.submit);
  }
  throw new Error('this spec plays no deal turns (the campsite tasks are in team.spec.ts)');
}

async function playPath(
  page: Page,
  run: { task: string; seed: number; seeds: number[]; participant: string },
  declared: DeclaredPath,
) {
  await startRun(page, run);
  for (const turn of declared.turns) await playTurn(page, turn);
  // A path that ends without a submission ends with a message in the last round.
  if (!declared.turns.some((t) => 'submit' in t)) await expectEnded(page, '');
}

for (const { dimension, task: id } of byDimension) {
  test(`${dimension}: ${id}, manipulation — the declared passing path passes and the failing path fails`, async ({
    launch,
    dataDir,
  }) => {
    test.setTimeout(120_000);
    const task = libraryTask(id);
    const loaded = pack.tasks.find((t) => t.task.id === id)!;
    expect(loaded.task.dimension).toBe(dimension);
    const paths = loaded.task.paths!.manipulation;
    const seeds = loaded.versions.manipulation.seeds;
    const seed = seeds[0]!;
    writeSettings(dataDir, { typingDelayMs: 0 });
    const app = await launch();
    const { page } = app;

    const pass = { task: id, seed, seeds, participant: `${id.slice(0, 8)}-pass` };
    await playPath(page, pass, paths.pass);
    // Everything on screen at the end, and still nothing of the condition or the labels.
    await expectNothingRevealed(page, secretsOf(task));
    const passed = await exportTranscript(page, dataDir, { ...pass, task, version: 'manipulation' });
    expect(passed.score.pass, JSON.stringify(passed.score)).toBe(true);
    if (paths.pass.outcome) expect(passed.score.outcome).toBe(paths.pass.outcome);
    await snapshot(page, `dimension-${id}-pass`);

    await page.goto(app.host!.url);
    const fail = { task: id, seed, seeds, participant: `${id.slice(0, 8)}-fail` };
    await playPath(page, fail, paths.fail);
    const failed = await exportTranscript(page, dataDir, { ...fail, task, version: 'manipulation' });
    expect(failed.score.pass, JSON.stringify(failed.score)).toBe(false);
    if (paths.fail.outcome) expect(failed.score.outcome).toBe(paths.fail.outcome);
  });
}
