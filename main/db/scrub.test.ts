import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './open.js';
import { EventLog } from './eventLog.js';
import { makeTempDir } from '../testing/tempDir.js';

// An erasure's scrub in the browser host's mode: group commit, with the WAL checkpointed by a worker's connection.

let tmp = makeTempDir();
let db: Db | undefined;
afterEach(() => {
  db?.close();
  db = undefined;
  tmp.cleanup();
  tmp = makeTempDir();
});

const CANARY = 'quince-canary-9031';
const holding = (dir: string) => fs.readdirSync(dir).filter((f) => fs.readFileSync(path.join(dir, f)).includes(Buffer.from(CANARY)));

describe('EventLog.scrub after an erasure', () => {
  it('leaves no byte of the erased events in the database or its WAL under group commit, and the log goes on', async () => {
    const file = path.join(tmp.dir, 'teamseat.db');
    db = openDatabase(file);
    const log = new EventLog(db);
    log.groupCommits((error) => {
      throw error;
    });
    const keep = log.createSession({ studyKey: 'k', taskId: 't', participant: 'P1' });
    const gone = log.createSession({ studyKey: 'k', taskId: 't', participant: 'P2' });
    // Interleaved, so the erased rows share pages with kept ones (and page splits leave copies behind).
    for (let i = 0; i < 400; i++) {
      log.append(keep.id, 'participant_message', { text: `kept message ${i} `.repeat(8) });
      log.append(gone.id, 'participant_message', { text: `${CANARY} ${i} `.repeat(8) });
    }
    await log.durable();
    expect(holding(tmp.dir)).toContain('teamseat.db-wal');

    log.erase({ sessions: [gone.id], audit: ({ events }) => ({ sessionId: keep.id, kind: 'erasure', payload: { events } }) });
    expect(log.scrub()).toBe(true);
    expect(fs.statSync(`${file}-wal`).size).toBe(0);
    expect(holding(tmp.dir)).toEqual([]);

    const next = log.append(keep.id, 'participant_message', { text: 'after' });
    await log.durable();
    expect(next.seq).toBe(402);
    expect(log.replay(keep.id)).toHaveLength(402);
    expect(log.getSession(gone.id)).toBeUndefined();
    log.commitNow();
  });
});
