import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import type { RunningHost } from './host.js';
import {
  conversation,
  demoTask,
  exportTranscript,
  expectTranscript,
  line,
  openChannel,
  say,
  startRun,
  submitRun,
  TEAM_DEMO,
} from './teamPlay.js';

test.skip(process.env.TEAMSEAT_E2E === 'electron', 'kills the browser host and drives its HTTP API');

const hidden = demoTask('hidden-profile');

const shownIn = (page: Page, channel: string) =>
  conversation(page, channel).locator('article.msg').allInnerTexts();

// kill -9 of the browser host mid-round, with the teammates' reply committed but still being "typed" on screen
// (the default typing delay): after a restart, the researcher reopens the session from the study page and the
// participant finds everything they saw, the reply that was owed, and can finish the run.
test('a team session killed mid-round reopens from Recorded sessions with everything shown and runs on to a passing submit', async ({
  launch,
  dataDir,
}) => {
  const first = await launch();
  let page = first.page;
  await startRun(page, { task: hidden.id, version: 'manipulation', seed: 1, participant: 'P31' });
  const ask = 'Rosa, what have you heard about the tunnel to East Town?';
  await say(page, 'Rosa', ask);
  await expect(line(page, 'Rosa', 'massive fire', 'Rosa')).toBeVisible();
  const dmBefore = await shownIn(page, 'Rosa');

  const question = 'Before we decide: is the driveway to North Hill open?';
  await say(page, 'team', question);
  const teamBefore = await shownIn(page, 'team');
  const roundBefore = await page.getByLabel('Round').textContent();
  // Usually the teammates' replies are still being "typed" here; on a slow machine some may already show.
  expect(teamBefore.join('\n')).toContain(question);
  await first.close({ kill: true });

  const second = await launch(dataDir);
  page = second.page;
  await page
    .locator(`[data-study="${TEAM_DEMO}"]`)
    .getByRole('button', { name: /^Open / })
    .click();
  await expect(page.getByRole('heading', { name: 'Recorded sessions' })).toBeVisible();
  await page.getByRole('button', { name: 'Open the session of P31' }).click();
  await expect(page.getByText('Participant P31')).toBeVisible();
  await expect(page.getByLabel('Round')).toHaveText(roundBefore!);

  // Everything seen before is there, in the same order; the replies committed before the kill follow it.
  await expect(line(page, 'Kai', 'mudslide')).toBeVisible();
  const teamAfter = await shownIn(page, 'team');
  expect(teamAfter.slice(0, teamBefore.length)).toEqual(teamBefore);
  expect(teamAfter.join('\n')).toMatch(/North Hill open\?[\s\S]*walking trails[\s\S]*mudslide/);
  await openChannel(page, 'Rosa');
  expect(await shownIn(page, 'Rosa')).toEqual(dmBefore);

  await submitRun(page, 'West City');
  const t = await exportTranscript(page, dataDir, {
    task: hidden,
    version: 'manipulation',
    seed: 1,
    participant: 'P31',
  });
  expectTranscript(t, {
    participant: 'P31',
    pass: true,
    said: [ask, question],
    heard: [
      { seat: 'Rosa', text: 'massive fire' },
      { seat: 'Kai', text: 'mudslide' },
    ],
    tools: ['send_message', 'send_message', 'submit'],
  });
});

async function call<T>(
  host: RunningHost,
  method: string,
  body: unknown,
): Promise<{ ok: boolean; value: T; error?: { message: string } }> {
  const res = await fetch(`${host.origin}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}` },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { ok: boolean; value: T; error?: { message: string } };
}

interface ToolAnswer {
  result: { ok: boolean; output: string; resultHead: string; files?: string[] };
}

test('workspace paths that leave the session copy are refused, and nothing outside it is read or written', async ({
  launch,
  dataDir,
}) => {
  const { host } = await launch();
  const SECRET = 'outside-the-workspace-7f3a';
  const secretFile = path.join(dataDir, 'outside-secret.txt');
  fs.writeFileSync(secretFile, SECRET);

  const started = await call<{ sessionId: string }>(host!, 'teamStart', {
    studyKey: TEAM_DEMO,
    taskId: 'impossible-tests',
    participant: 'P32',
    version: 'manipulation',
    seed: 1,
  });
  expect(started.ok).toBe(true);
  const sessionId = started.value.sessionId;
  const tool = async (name: string, input: Record<string, unknown>) => {
    const r = await call<ToolAnswer>(host!, 'teamTool', { sessionId, name, input });
    expect(r.ok, r.error?.message).toBe(true);
    return r.value.result;
  };

  // The session copy really is where the files are, so the escapes below aim at a real file.
  const log = await call<{ kind: string; payload: { root?: string } }[]>(host!, 'replaySession', {
    sessionId,
  });
  const root = log.value.find((e) => e.kind === 'workspace_created')!.payload.root!;
  expect(fs.existsSync(path.join(root, 'plateau.py'))).toBe(true);
  const relToSecret = path.relative(root, secretFile);
  expect(relToSecret.startsWith('../../')).toBe(true);
  // Links placed in the copy from outside (as a packed or restored workspace could carry them).
  fs.symlinkSync(secretFile, path.join(root, 'leak.txt'));
  fs.symlinkSync(dataDir, path.join(root, 'up'));

  const attempts = [
    relToSecret,
    '../../outside-secret.txt',
    secretFile,
    'tests/../../../outside-secret.txt',
    '/etc/passwd',
    'leak.txt',
    'up/outside-secret.txt',
  ];
  for (const p of attempts) {
    const r = await tool('read_file', { path: p });
    expect(r.ok, `read_file ${p}`).toBe(false);
    expect(r.output).not.toContain(SECRET);
    expect(r.output).not.toContain('root:');
  }
  for (const p of ['..', '../..', dataDir, 'up']) {
    const listed = await tool('list_files', { path: p });
    expect(listed.ok, `list_files ${p}`).toBe(false);
    expect(JSON.stringify(listed)).not.toContain('outside-secret');
  }
  const grep = await tool('grep', { pattern: SECRET, path: '../..' });
  expect(grep.ok).toBe(false);
  const grepAll = await tool('grep', { pattern: SECRET });
  expect(grepAll.output).not.toContain(SECRET);
  for (const p of ['../../written.txt', path.join(dataDir, 'written.txt'), 'up/written.txt']) {
    const w = await tool('edit_file', { path: p, content: 'escaped' });
    expect(w.ok, `edit_file ${p}`).toBe(false);
  }
  expect(fs.existsSync(path.join(dataDir, 'written.txt'))).toBe(false);
  expect(fs.readFileSync(secretFile, 'utf8')).toBe(SECRET);

  // Every attempt is in the log as a tool call, and none of the recorded result heads carries the secret.
  const after = await call<{ kind: string; payload: { name?: string; result_head?: string } }[]>(
    host!,
    'replaySession',
    { sessionId },
  );
  const calls = after.value.filter((e) => e.kind === 'tool_call');
  expect(calls).toHaveLength(attempts.length + 4 + 2 + 3);
  for (const c of calls) expect(c.payload.result_head ?? '').not.toContain(SECRET);
});
