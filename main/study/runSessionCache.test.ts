import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/open.js';
import { EventLog } from '../db/eventLog.js';
import { makeTempDir } from '../testing/tempDir.js';
import { RunSessionCache } from './runSessionCache.js';
import { readRunSession, runSessionsOf } from './runSessions.js';

let tmp = makeTempDir();
let db: Db | undefined;
afterEach(() => {
  db?.close();
  db = undefined;
  tmp.cleanup();
  tmp = makeTempDir();
});

const started = (seed: number) => ({ type: 'session_started', task_id: 't', version: 'alone', seed, participant: 'P1' });

describe('RunSessionCache', () => {
  it('gives what runSessionsOf reads after each kind of change: appends, a new run, an end, another study, an erasure', () => {
    db = openDatabase(path.join(tmp.dir, 'e.db'));
    const log = new EventLog(db);
    const cache = new RunSessionCache();
    const same = () => expect(cache.runs(log, 's')).toEqual(runSessionsOf(log, 's'));

    const a = log.createSession({ studyKey: 's', taskId: 't', participant: 'P1' });
    log.append(a.id, 'session_started', started(1));
    same();
    const first = cache.runs(log, 's')[0]!;
    // Nothing new: the run is handed back as it was, not read again.
    expect(cache.runs(log, 's')[0]).toBe(first);

    log.appendAll(a.id, [
      { kind: 'participant_message', payload: { type: 'participant_message', text: 'hello', to: 'team' } },
      { kind: 'round_started', payload: { type: 'round_started', round: 2 } },
    ]);
    same();
    expect(cache.runs(log, 's')[0]!.stored).toHaveLength(3);

    const b = log.createSession({ studyKey: 's', taskId: 't', participant: 'P2' });
    log.append(b.id, 'session_started', started(2));
    log.append(a.id, 'ended', { type: 'ended', how: 'completed' });
    const other = log.createSession({ studyKey: 'other', taskId: 't', participant: 'P9' });
    log.append(other.id, 'session_started', started(3));
    same();
    expect(cache.runs(log, 's').map((r) => r.ended)).toEqual(['completed', null]);
    expect(cache.runs(log, 'other')).toEqual(runSessionsOf(log, 'other'));

    // An erasure removes a whole run and some events of another: neither may survive in the cache.
    log.erase({
      sessions: [b.id],
      eventsOf: { sessionId: a.id, jsonPath: '$.text', value: 'hello' },
      audit: () => ({ sessionId: a.id, kind: 'erasure_performed', payload: { erased: true } }),
    });
    same();
    expect(cache.runs(log, 's').map((r) => r.stored.length)).toEqual([4]);
    expect(cache.runs(log, 'other')).toEqual(runSessionsOf(log, 'other'));
  });

  it('one session read on its own (a participant screen asking whether the run ended) follows its log as a replay does', () => {
    db = openDatabase(path.join(tmp.dir, 'e.db'));
    const log = new EventLog(db);
    const cache = new RunSessionCache();
    const a = log.createSession({ studyKey: 's', taskId: 't', participant: 'P1' });
    const same = () => expect(cache.session(log, log.getSession(a.id)!)).toEqual(readRunSession(log.getSession(a.id)!, log.replay(a.id)));
    log.append(a.id, 'session_started', started(1));
    same();
    log.append(a.id, 'participant_message', { type: 'participant_message', text: 'hi', to: 'team' });
    same();
    expect(cache.session(log, log.getSession(a.id)!)?.over).toBeNull();
    log.append(a.id, 'ended', { type: 'ended', how: 'completed' });
    same();
    expect(cache.session(log, log.getSession(a.id)!)?.over).toBe('completed');
  });
});
