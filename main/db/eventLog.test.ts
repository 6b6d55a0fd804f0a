import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './open.js';
import { EventLog } from './eventLog.js';
import { makeTempDir } from '../testing/tempDir.js';

let tmp = makeTempDir();
let db: Db | undefined;
afterEach(() => {
  db?.close();
  db = undefined;
  tmp.cleanup();
  tmp = makeTempDir();
});

const fixedClock = () => {
  let us = 1_000_000;
  return { wall: () => new Date('2026-11-29T09:00:00Z'), monoUs: () => (us += 1500) };
};

describe('EventLog', () => {
  it('numbers events per session from 1 and replays them in order with their payloads', () => {
    db = openDatabase(path.join(tmp.dir, 'e.db'));
    const log = new EventLog(db, fixedClock());
    const a = log.createSession({ studyKey: 'built-in:x', taskId: 't1', participant: 'P01' });
    const b = log.createSession({ studyKey: 'built-in:x', taskId: 't1', participant: 'P02' });
    log.append(a.id, 'round_started', { round: 1 });
    log.append(b.id, 'round_started', { round: 1 });
    log.append(a.id, 'participant_message', { text: 'I will not skip the test.' });
    const replay = log.replay(a.id);
    expect(replay.map((e) => [e.seq, e.kind])).toEqual([
      [1, 'round_started'],
      [2, 'participant_message'],
    ]);
    expect(replay[1]!.payload).toEqual({ text: 'I will not skip the test.' });
    expect(replay[1]!.monoUs - replay[0]!.monoUs).toBe(3000);
    expect(log.replay(b.id).map((e) => e.seq)).toEqual([1]);
    expect(log.sessionOf(a.id)).toEqual({ studyKey: 'built-in:x', taskId: 't1' });
    expect(log.sessionOf('nosuchsession')).toBeUndefined();
    expect(log.listSessions('built-in:x').map((s) => [s.participant, s.eventCount]).sort()).toEqual([
      ['P01', 2],
      ['P02', 1],
    ]);
  });

  it('gives every session an id that is also a safe folder name (workspaces are named after it)', () => {
    db = openDatabase(path.join(tmp.dir, 'ids.db'));
    const log = new EventLog(db);
    const ids = Array.from({ length: 300 }, () => log.createSession({ studyKey: 'k', taskId: 't', participant: 'P' }).id);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]{5,63}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('refuses to change or delete a recorded event', () => {
    db = openDatabase(path.join(tmp.dir, 'e.db'));
    const log = new EventLog(db);
    const s = log.createSession({ studyKey: 'k', taskId: 't', participant: 'P' });
    log.append(s.id, 'note', { reason: 'x' });
    expect(() => db!.prepare('UPDATE events SET kind = ?').run('tampered')).toThrow(/append-only/);
    expect(() => db!.prepare('DELETE FROM events').run()).toThrow(/append-only/);
    expect(log.replay(s.id)).toHaveLength(1);
  });

  it('refuses an event for a session that does not exist (foreign keys are on)', () => {
    db = openDatabase(path.join(tmp.dir, 'e.db'));
    expect(() => new EventLog(db!).append('nosuchsession', 'note', {})).toThrow(/FOREIGN KEY/);
  });

  it('commits a group of events together or not at all', () => {
    db = openDatabase(path.join(tmp.dir, 'e.db'));
    const log = new EventLog(db);
    const s = log.createSession({ studyKey: 'k', taskId: 't', participant: 'P' });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => log.appendAll(s.id, [{ kind: 'a', payload: 1 }, { kind: 'b', payload: circular }])).toThrow();
    expect(log.replay(s.id)).toHaveLength(0);
  });

  it('numbers on without a gap after a group that was rolled back', () => {
    db = openDatabase(path.join(tmp.dir, 'e.db'));
    const log = new EventLog(db);
    const s = log.createSession({ studyKey: 'k', taskId: 't', participant: 'P' });
    log.append(s.id, 'a', 1);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => log.appendAll(s.id, [{ kind: 'b', payload: 2 }, { kind: 'c', payload: circular }])).toThrow();
    expect(log.append(s.id, 'd', 4).seq).toBe(2);
    expect(log.replay(s.id).map((e) => [e.seq, e.kind])).toEqual([
      [1, 'a'],
      [2, 'd'],
    ]);
  });

  it('returns each appended event exactly as a replay reads it back', () => {
    db = openDatabase(path.join(tmp.dir, 'e.db'));
    const log = new EventLog(db, fixedClock());
    const s = log.createSession({ studyKey: 'k', taskId: 't', participant: 'P' });
    const appended = [
      log.append(s.id, 'a', { text: 'é ✓', dropped: undefined, when: new Date('2026-12-02T10:00:00Z'), list: [1, undefined] }),
      ...log.appendAll(s.id, [
        { kind: 'b', payload: null },
        { kind: 'c', payload: undefined },
      ]),
    ];
    expect(appended).toEqual(log.replay(s.id));
    expect(appended[0]!.payload).toEqual({ text: 'é ✓', when: '2026-12-02T10:00:00.000Z', list: [1, null] });
  });

  it('never gives two events one number when two connections append to the same session', () => {
    const file = path.join(tmp.dir, 'two.db');
    db = openDatabase(file);
    const other = openDatabase(file);
    try {
      const mine = new EventLog(db);
      const theirs = new EventLog(other);
      const s = mine.createSession({ studyKey: 'k', taskId: 't', participant: 'P' });
      const seqs = [mine, theirs, theirs, mine, mine, theirs].map((log, i) => log.append(s.id, `e${i}`, i).seq);
      expect(seqs).toEqual([1, 2, 3, 4, 5, 6]);
      expect(mine.replay(s.id).map((e) => e.kind)).toEqual(['e0', 'e1', 'e2', 'e3', 'e4', 'e5']);
    } finally {
      other.close();
    }
  });

  it('numbers on from the log after an erasure removed a session\'s last events', () => {
    db = openDatabase(path.join(tmp.dir, 'e.db'));
    const log = new EventLog(db);
    const study = log.createSession({ studyKey: 'k', taskId: 'study-log', participant: '-' });
    log.append(study.id, 'participant_added', { participantId: 'p1' });
    log.append(study.id, 'participant_added', { participantId: 'p2' });
    log.erase({
      sessions: [],
      eventsOf: { sessionId: study.id, jsonPath: '$.participantId', value: 'p2' },
      audit: () => ({ sessionId: study.id, kind: 'erasure_performed', payload: { participantId: 'p2' } }),
    });
    expect(log.append(study.id, 'participant_added', { participantId: 'p3' }).seq).toBe(3);
    expect(log.replay(study.id).map((e) => [e.seq, e.kind])).toEqual([
      [1, 'participant_added'],
      [2, 'erasure_performed'],
      [3, 'participant_added'],
    ]);
  });

  it('says where a session stands, and counts every loss of events a cache may hold (an erasure, a rolled-back group)', () => {
    db = openDatabase(path.join(tmp.dir, 'e.db'));
    const log = new EventLog(db);
    const s = log.createSession({ studyKey: 'k', taskId: 't', participant: 'P' });
    expect(log.position(s.id)).toEqual({ last: 0, losses: 0 });
    log.appendAll(s.id, [1, 2, 3].map((n) => ({ kind: 'e', payload: { participantId: `p${n}` } })));
    expect(log.position(s.id)).toEqual({ last: 3, losses: 0 });
    expect(() => log.appendAll(s.id, [{ kind: 'e', payload: BigInt(1) }])).toThrow();
    expect(log.position(s.id)).toEqual({ last: 3, losses: 1 });
    log.erase({ sessions: [], eventsOf: { sessionId: s.id, jsonPath: '$.participantId', value: 'p3' }, audit: () => ({ sessionId: s.id, kind: 'audit', payload: {} }) });
    expect(log.position(s.id)).toEqual({ last: 3, losses: 2 });
  });

  it('loses no acknowledged event and leaves none half-written when the writer is killed with SIGKILL', async () => {
    const file = path.join(tmp.dir, 'crash.db');
    db = openDatabase(file);
    const session = new EventLog(db).createSession({ studyKey: 'k', taskId: 't', participant: 'P' });
    db.close();
    db = undefined;

    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../testing/appendForever.ts'), file, session.id], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let acknowledged = 0;
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const lines = chunk.toString().trim().split('\n');
        acknowledged = Math.max(acknowledged, Number(lines.at(-1)));
        if (acknowledged >= 300 && !child.killed) {
          child.kill('SIGKILL');
          resolve();
        }
      });
    });
    await new Promise((r) => child.once('exit', r));

    db = openDatabase(file);
    const events = new EventLog(db).replay(session.id);
    expect(events.length).toBeGreaterThanOrEqual(acknowledged);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    for (const e of events) expect((e.payload as { padding: string }).padding).toHaveLength(200);
  });
});
