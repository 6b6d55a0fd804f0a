import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './open.js';
import { EventLog } from './eventLog.js';
import { startWalCheckpointer } from './walCheckpointer.js';
import { makeTempDir } from '../testing/tempDir.js';

let tmp = makeTempDir();
const open: Db[] = [];
afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close();
  tmp.cleanup();
  tmp = makeTempDir();
});

const autocheckpoint = (db: Db) => db.pragma('wal_autocheckpoint', { simple: true }) as number;

describe('WAL checkpoints off the event loop', () => {
  it('the connection stops checkpointing inside its commits; the worker backfills every frame; nothing is lost', async () => {
    const file = path.join(tmp.dir, 'w.db');
    const db = openDatabase(file);
    open.push(db);
    const log = new EventLog(db);
    const checkpointer = startWalCheckpointer(db, { intervalMs: 60_000 });
    expect(await checkpointer.ready).toBe(true);
    expect(autocheckpoint(db)).toBe(0);
    const a = log.createSession({ studyKey: 'k', taskId: 't', participant: 'P1' });
    // Past SQLite's own threshold (1000 pages): the connection would have checkpointed inside a commit by now.
    const text = 'x'.repeat(3000);
    for (let i = 0; i < 1500; i++) log.append(a.id, 'participant_message', { text, i });
    const walPages = fs.statSync(`${file}-wal`).size / 4096;
    expect(walPages).toBeGreaterThan(1000);
    const first = await checkpointer.now();
    expect(first.busy).toBe(0);
    expect(first.checkpointed).toBe(first.log);
    expect(first.log).toBeGreaterThan(1000);
    // The writer goes on (the WAL is reused from its start once it was all backfilled) and the next checkpoint too.
    for (let i = 0; i < 10; i++) log.append(a.id, 'participant_message', { text: 'after', i });
    const second = await checkpointer.now();
    expect(second.checkpointed).toBe(second.log);
    await checkpointer.stop();
    expect(autocheckpoint(db)).toBe(1000);
    db.close();
    const again = openDatabase(file);
    open.push(again);
    expect((again.prepare('SELECT count(*) AS n FROM events WHERE session_id = ?').get(a.id) as { n: number }).n).toBe(1510);
  });

  it("the host's event log turns it on with group commit and off when it lets the database go", async () => {
    const db = openDatabase(path.join(tmp.dir, 'h.db'));
    open.push(db);
    const log = new EventLog(db);
    expect(autocheckpoint(db)).toBe(1000);
    log.groupCommits(() => {});
    expect(await log.checkpointsOffLoop()).toBe(true);
    expect(autocheckpoint(db)).toBe(0);
    log.commitNow();
    expect(autocheckpoint(db)).toBe(1000);
  });
});
