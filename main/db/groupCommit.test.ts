import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './open.js';
import { EventLog } from './eventLog.js';
import { EventBus } from '../app/eventBus.js';
import { makeTempDir } from '../testing/tempDir.js';

let tmp = makeTempDir();
const open: Db[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  tmp.cleanup();
  tmp = makeTempDir();
});

const count = (db: Db, session: string) => (db.prepare('SELECT count(*) AS n FROM events WHERE session_id = ?').get(session) as { n: number }).n;

describe('group commit', () => {
  it('commits a turn of writes once, and lets events and acknowledgements through only after that commit', async () => {
    const file = path.join(tmp.dir, 'g.db');
    const db = openDatabase(file);
    const reader = openDatabase(file);
    open.push(db, reader);
    const log = new EventLog(db);
    const group = log.groupCommits((error) => {
      throw error;
    });
    const bus = new EventBus();
    bus.setGate((deliver) => group.afterCommit(deliver));
    const seen: number[] = [];
    bus.subscribe((e) => seen.push(e.type === 'session.event' ? e.event.seq : -1));

    const a = log.createSession({ studyKey: 'k', taskId: 't', participant: 'P1' });
    const b = log.createSession({ studyKey: 'k', taskId: 't', participant: 'P2' });
    for (const session of [a, b]) bus.emit({ type: 'session.event', event: log.append(session.id, 'participant_message', { text: 'hi' }) });
    // Written on this connection, not yet on disk: another connection sees nothing and no event has gone out.
    expect(count(reader, a.id)).toBe(0);
    expect(seen).toEqual([]);
    let acknowledged = false;
    const durable = log.durable().then(() => (acknowledged = true));
    expect(acknowledged).toBe(false);
    await durable;
    expect(count(reader, a.id) + count(reader, b.id)).toBe(2);
    expect(seen).toEqual([1, 1]);
    // Nothing pending: an event goes out at once, and durable() resolves at once.
    bus.emit({ type: 'studies.changed' });
    expect(seen).toEqual([1, 1, -1]);
  });

  it('commits what is pending when the database is closed', () => {
    const file = path.join(tmp.dir, 'c.db');
    const db = openDatabase(file);
    const log = new EventLog(db);
    log.groupCommits(() => {});
    const a = log.createSession({ studyKey: 'k', taskId: 't', participant: 'P1' });
    log.append(a.id, 'participant_message', { text: 'last words' });
    log.commitNow();
    db.close();
    const again = openDatabase(file);
    open.push(again);
    expect(count(again, a.id)).toBe(1);
  });
});
