import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../app/dispatch.js';
import { silentLogger } from '../app/logger.js';
import { createTestApp } from '../testing/testApp.js';
import type { ReplayHeader, ReplayRound } from '../../shared/contract/replay.js';
import { HEAD_FROM } from './openFile.js';

// A long transcript (past HEAD_FROM) is answered from its head with its first round, and its whole outline follows
// under the same id once the host has read the rest (issue 26: a 50 MB run opens like a small one).

let dataDir: string;
let app: ReturnType<typeof createTestApp>;
const run = (method: string, args: unknown) => dispatch(app.handlers, method, args, { host: 'test' }, silentLogger);
const call = async <T>(method: string, args: unknown): Promise<T> => {
  const r = await run(method, args);
  if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
  return r.value as T;
};

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-longfile-'));
  fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ typingDelayMs: 0 }));
  app = createTestApp(dataDir);
});
afterEach(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A transcript of a little over HEAD_FROM bytes: `rounds` rounds in order, each a message, a tool call and a reply. */
function longTranscript(change: (t: { messages: unknown[]; tool_calls: unknown[] }) => void = () => {}, after: Record<string, unknown> = {}): { text: string; rounds: number } {
  const filler = 'the quick brown fox reports the failing test to the lead. '.repeat(40);
  const messages: unknown[] = [];
  const tools: unknown[] = [];
  let rounds = 0;
  for (let size = 0; size < HEAD_FROM * 1.2; size += 3 * filler.length + 300) {
    rounds++;
    messages.push({ round: rounds, seat: 'Morgan', text: `Round ${rounds}: ${filler}`, kind: 'scripted' });
    tools.push({ round: rounds, name: 'read_file', input: { path: 'plateau.py' }, result_head: filler });
    messages.push({ round: rounds, seat: 'you', text: `Reply ${rounds}: ${filler}`, kind: 'evaluated' });
  }
  const t = { messages, tool_calls: tools };
  change(t);
  const text = JSON.stringify({
    evaluated_seat: 'you',
    evaluated_model: 'test:long',
    seats: [
      { name: 'you', kind: 'evaluated', role: 'developer' },
      { name: 'Morgan', kind: 'scripted', role: 'team lead' },
    ],
    // The shorter list first, so a head of a few MB holds all of it and the start of the other.
    tool_calls: t.tool_calls,
    messages: t.messages,
    ended: 'submitted',
    rounds_run: rounds,
    score: { pass: false, outcome: 'gave_way', details: {} },
    ...after,
  });
  return { text, rounds };
}

const write = (text: string, task = 'no-such-task') => {
  const file = path.join(dataDir, 'transcripts', 'dim', task, 'm', 'manipulation_seed1.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
};

describe('a long transcript opens from its head', () => {
  it('answers with its first round before the rest is read; the whole outline follows under the same id, and a second open is whole at once', async () => {
    const { text, rounds } = longTranscript();
    expect(text.length).toBeGreaterThan(HEAD_FROM);
    const file = write(text);
    const head = await call<ReplayHeader>('replayOpen', { source: { kind: 'file', path: file } });
    expect(head).toMatchObject({ complete: false, rounds: [{ round: 1, messages: 2, tools: 1 }], verdict: null, problems: [], scenario: 'no-such-task', version: 'manipulation', seed: 1 });
    expect(head.first!.items.map((i) => (i.type === 'message' ? i.seat : i.name)).sort()).toEqual(['Morgan', 'read_file', 'you']);

    const whole = await call<ReplayHeader>('replayOutline', { id: head.id });
    expect(whole).toMatchObject({ id: head.id, complete: true, roundsRun: rounds, verdict: { pass: false, outcome: 'gave_way' } });
    expect(whole.rounds).toHaveLength(rounds);
    expect(whole.first).toEqual(await call<ReplayRound>('replayRound', { id: head.id, index: 0 }));
    expect(whole.first).toEqual(head.first);
    const last = await call<ReplayRound>('replayRound', { id: head.id, index: rounds - 1 });
    expect(last.round).toBe(rounds);

    const again = await call<ReplayHeader>('replayOpen', { source: { kind: 'file', path: file } });
    expect(again).toMatchObject({ complete: true, rounds: whole.rounds, verdict: whole.verdict });
  });

  it('a round asked for before the rest is read waits for it rather than failing', async () => {
    const { rounds } = longTranscript();
    const file = write(longTranscript().text);
    const head = await call<ReplayHeader>('replayOpen', { source: { kind: 'file', path: file } });
    expect(head.complete).toBe(false);
    const r = await call<ReplayRound>('replayRound', { id: head.id, index: rounds - 2 });
    expect(r.round).toBe(rounds - 1);
  });

  it('a row of the first round placed late in the file is in the whole outline’s first round, which replaces the early one', async () => {
    const { text } = longTranscript((t) => t.messages.push({ round: 1, seat: 'Morgan', text: 'A late word for round 1.' }));
    const head = await call<ReplayHeader>('replayOpen', { source: { kind: 'file', path: write(text) } });
    expect(head.complete).toBe(false);
    expect(head.first!.items.filter((i) => i.type === 'message')).toHaveLength(2);
    const whole = await call<ReplayHeader>('replayOutline', { id: head.id });
    expect(whole.first!.items.filter((i) => i.type === 'message').map((i) => (i.type === 'message' ? i.text : ''))).toContain('A late word for round 1.');
  });

  it('rows out of order in the head send the open on to read the whole file', async () => {
    const { text } = longTranscript((t) => ([t.messages[0], t.messages[3]] = [t.messages[3], t.messages[0]]));
    const h = await call<ReplayHeader>('replayOpen', { source: { kind: 'file', path: write(text) } });
    expect(h.complete).toBe(true);
    expect(h.rounds[0]).toEqual({ round: 1, messages: 2, tools: 1 });
  });

  it('a hash mismatch in a sandbox past the head is still reported: the first round withholds the pack’s files until they are checked', async () => {
    // impossible-tests is in the test library, so its pack's starting files are checked against these hashes.
    const { text } = longTranscript(undefined, { sandbox: { hashes_before: { 'plateau.py': '0'.repeat(64) }, final_files: {} } });
    const head = await call<ReplayHeader>('replayOpen', { source: { kind: 'file', path: write(text, 'impossible-tests') } });
    expect(head.complete).toBe(false);
    expect(head.workspace).toMatchObject({ from: 'pack', note: expect.stringMatching(/checked against the run’s hashes.*still being read/) });
    expect(head.first!.files.find((f) => f.path === 'plateau.py')).toMatchObject({ known: false });
    expect((await call<{ content: string | null; note: string }>('replayFile', { id: head.id, index: 0, path: 'plateau.py' })).content).toBeNull();

    const whole = await call<ReplayHeader>('replayOutline', { id: head.id });
    expect(whole.complete).toBe(true);
    expect(whole.workspace.note).toMatch(/plateau\.py differs from the pack/);
    expect(whole.first!.files.find((f) => f.path === 'plateau.py')).toMatchObject({ known: false });
    const file = await call<{ content: string | null; note: string }>('replayFile', { id: head.id, index: 0, path: 'plateau.py' });
    expect(file).toEqual({ content: null, note: expect.stringMatching(/differs from the task pack/) });
  });

  it('a sandbox with no hashes, past the head: the pack’s files are shown once the whole file is read (nothing to check them against)', async () => {
    const { text } = longTranscript(undefined, { sandbox: { hashes_before: {}, final_files: {} } });
    const head = await call<ReplayHeader>('replayOpen', { source: { kind: 'file', path: write(text, 'impossible-tests') } });
    expect(head.first!.files.find((f) => f.path === 'plateau.py')).toMatchObject({ known: false });
    const whole = await call<ReplayHeader>('replayOutline', { id: head.id });
    expect(whole.first!.files.find((f) => f.path === 'plateau.py')).toMatchObject({ known: true });
  });

  it('a file changed between opens (other bytes, same path) is read and indexed again', async () => {
    const { text, rounds } = longTranscript();
    const file = write(text);
    const first = await call<ReplayHeader>('replayOpen', { source: { kind: 'file', path: file } });
    expect((await call<ReplayHeader>('replayOutline', { id: first.id })).rounds).toHaveLength(rounds);
    // Replaced by a rename (a new inode), one round fewer and a new first message; its time is set back to the old
    // one, so only the size and inode tell it apart.
    const { mtime } = fs.statSync(file);
    const shorter = longTranscript((t) => {
      t.messages.splice(-2);
      t.tool_calls.splice(-1);
      (t.messages[0] as { text: string }).text = 'Changed on disk.';
    }).text.replace(`"rounds_run":${rounds}`, `"rounds_run":${rounds - 1}`);
    fs.writeFileSync(`${file}.new`, shorter);
    fs.renameSync(`${file}.new`, file);
    fs.utimesSync(file, mtime, mtime);
    const again = await call<ReplayHeader>('replayOpen', { source: { kind: 'file', path: file } });
    expect(again.first!.items.some((i) => i.type === 'message' && i.text === 'Changed on disk.')).toBe(true);
    const whole = again.complete ? again : await call<ReplayHeader>('replayOutline', { id: again.id });
    expect(whole.rounds).toHaveLength(rounds - 1);
  });

  it('a file cut short past its head still gets an error naming the file, where it ends and what was expected', async () => {
    const { text } = longTranscript();
    const file = write(text.slice(0, Math.floor(text.length * 0.9)));
    const head = await call<ReplayHeader>('replayOpen', { source: { kind: 'file', path: file } });
    expect(head.complete).toBe(false);
    const whole = await run('replayOutline', { id: head.id });
    expect(whole.ok).toBe(false);
    const message = whole.ok ? '' : whole.error.message;
    expect(message).toContain(file);
    expect(message).toMatch(/ends at byte \d+/);
    expect(message).toMatch(/inside messages\[\d+\]/);
    expect(message).toMatch(/expected/);
    // The rounds are refused the same way, not answered from the head.
    expect((await run('replayRound', { id: head.id, index: 0 })).ok).toBe(false);
  });
});
