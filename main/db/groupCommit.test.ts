import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './open.js';
import { EventLog } from './eventLog.js';
import { GroupCommit, type WalSync } from './groupCommit.js';
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

  it('syncs the WAL off the event loop: committed rows wait for the sync before anything is acknowledged or sent', async () => {
    const file = path.join(tmp.dir, 's.db');
    const db = openDatabase(file);
    const reader = openDatabase(file);
    open.push(db, reader);
    // The syncs asked for, completed by hand: what the host's libuv thread does when fsync returns.
    const syncs: Array<(error: Error | null) => void> = [];
    const sync: WalSync = (done) => syncs.push(done);
    const group = new GroupCommit(db, (error) => {
      throw error;
    }, sync);
    // COMMIT writes the WAL without syncing it; the group's own sync makes it durable.
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    const log = new EventLog(db);
    const bus = new EventBus();
    bus.setGate((deliver) => group.afterCommit(deliver));
    const seen: string[] = [];
    bus.subscribe((e) => seen.push(e.type === 'session.event' ? String((e.event.payload as { text: string }).text) : e.type));
    const a = log.createSession({ studyKey: 'k', taskId: 't', participant: 'P1' });
    group.begin();
    bus.emit({ type: 'session.event', event: log.append(a.id, 'participant_message', { text: 'one' }) });
    let acknowledged = 0;
    void group.durable().then(() => acknowledged++);
    await new Promise((resolve) => setImmediate(resolve));
    // Committed (another connection reads it) but not yet synced: nothing acknowledged, nothing sent.
    expect(count(reader, a.id)).toBe(1);
    expect(syncs).toHaveLength(1);
    expect([acknowledged, seen]).toEqual([0, []]);

    // A commit made while that sync runs waits for the next one; events go out in commit order.
    group.begin();
    bus.emit({ type: 'session.event', event: log.append(a.id, 'participant_message', { text: 'two' }) });
    void group.durable().then(() => acknowledged++);
    await new Promise((resolve) => setImmediate(resolve));
    expect(count(reader, a.id)).toBe(2);
    expect(syncs).toHaveLength(1);
    syncs[0]!(null);
    await Promise.resolve();
    expect([acknowledged, seen]).toEqual([1, ['one']]);
    expect(syncs).toHaveLength(2);
    syncs[1]!(null);
    await Promise.resolve();
    expect([acknowledged, seen]).toEqual([2, ['one', 'two']]);
    bus.emit({ type: 'studies.changed' });
    expect(seen).toEqual(['one', 'two', 'studies.changed']);
  });

  it('syncs the WAL file itself by default, and a failed sync stops everything', async () => {
    const file = path.join(tmp.dir, 'f.db');
    const db = openDatabase(file);
    open.push(db);
    const failures: unknown[] = [];
    const log = new EventLog(db);
    log.groupCommits((error) => failures.push(error));
    const a = log.createSession({ studyKey: 'k', taskId: 't', participant: 'P1' });
    log.append(a.id, 'participant_message', { text: 'kept' });
    await log.durable();
    expect(failures).toEqual([]);
    const broken = new GroupCommit(db, (error) => failures.push(error), (done) => done(new Error('EIO')));
    broken.begin();
    log.append(a.id, 'participant_message', { text: 'not acknowledged' });
    let acknowledged = false;
    void broken.durable().then(() => (acknowledged = true));
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.resolve();
    expect(acknowledged).toBe(false);
    expect(failures.map(String)).toEqual(['Error: EIO']);
  });

  it('commits what is pending when the database is closed, and lets go of the WAL', async () => {
    const file = path.join(tmp.dir, 'c.db');
    const db = openDatabase(file);
    const log = new EventLog(db);
    log.groupCommits(() => {});
    const a = log.createSession({ studyKey: 'k', taskId: 't', participant: 'P1' });
    await log.durable();
    log.append(a.id, 'participant_message', { text: 'last words' });
    const walHandles = () => fs.readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(`${file}-wal`);
      } catch {
        return false;
      }
    }).length;
    // Open handles are read from /proc (Linux, as CI); elsewhere only the commit is checked.
    const linux = fs.existsSync('/proc/self/fd');
    if (linux) expect(walHandles()).toBeGreaterThan(0);
    log.commitNow();
    db.close();
    // The WAL handle group commit syncs through is let go with the connection (one per reopen otherwise).
    if (linux) await expect.poll(walHandles, { timeout: 15_000 }).toBe(0);
    const again = openDatabase(file);
    open.push(again);
    expect(count(again, a.id)).toBe(1);
  });
});
