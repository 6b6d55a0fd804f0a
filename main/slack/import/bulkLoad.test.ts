import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openWorkspaceDb, type WorkspaceDb } from '../openWorkspaceDb.js';
import { PAGE_BEFORE_SQL } from '../queries.js';
import { beginBulkLoad } from './bulkLoad.js';
import { importSlackExport } from './importExport.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-slackbulk-'));
  dirs.push(dir);
  return dir;
}
function open(file: string): WorkspaceDb {
  const opened = openWorkspaceDb(file);
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.value;
}
const messageIndexes = (db: WorkspaceDb) =>
  db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'messages' AND sql IS NOT NULL ORDER BY name").pluck().all();
const pagePlan = (db: WorkspaceDb) =>
  db.prepare(`EXPLAIN QUERY PLAN ${PAGE_BEFORE_SQL}`).all('C1', 1e18, 10).map((r) => (r as { detail: string }).detail).join('\n');

function writeExport(root: string) {
  const files: Record<string, unknown> = {
    'users.json': [{ id: 'U1', name: 'ada' }],
    'channels.json': [{ id: 'C1', name: 'general', members: ['U1'] }],
    'general/2021-03-01.json': [
      { type: 'message', user: 'U1', text: 'first', ts: '1614556800.000100' },
      { type: 'message', user: 'U1', text: 'first, listed twice', ts: '1614556800.000100' },
      { type: 'message', user: 'U1', text: 'second', ts: '1614556900.000000', thread_ts: '1614556800.000100' },
    ],
  };
  for (const [name, value] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), JSON.stringify(value));
  }
}

describe('the first import into an empty workspace (bulk load)', () => {
  it('builds the deferred indexes again and restores the durable settings', async () => {
    const dir = tempDir();
    writeExport(path.join(dir, 'export'));
    const db = open(path.join(dir, 'ws.sqlite'));
    const before = messageIndexes(db);
    const report = await importSlackExport(db, { source: path.join(dir, 'export') });
    // A message listed twice in one export is added once, as on a re-import.
    expect(report.messages).toBe(3);
    expect(report.added).toBe(2);
    expect(report.alreadyPresent).toBe(1);
    expect(db.prepare('SELECT text FROM messages ORDER BY id').pluck().all()).toEqual(['first', 'second']);
    expect(messageIndexes(db)).toEqual(before);
    expect(pagePlan(db)).toMatch(/messages_channel_page/);
    expect(db.prepare('SELECT count(*) FROM deferred_indexes').pluck().get()).toBe(0);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });

  it('builds the indexes on the next open when a load stopped before the end', () => {
    const file = path.join(tempDir(), 'ws.sqlite');
    const db = open(file);
    const before = messageIndexes(db);
    beginBulkLoad(db); // and never finished: the process died
    expect(messageIndexes(db)).not.toEqual(before);
    db.close();
    const again = open(file);
    expect(messageIndexes(again)).toEqual(before);
    expect(again.prepare('SELECT count(*) FROM deferred_indexes').pluck().get()).toBe(0);
    again.close();
  });
});
