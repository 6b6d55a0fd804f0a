import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openWorkspaceDb } from '../openWorkspaceDb.js';
import { migrations } from '../schema.js';
import { searchMessages } from '../search.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A workspace as the first schema wrote it: prefix indexes, and FTS rows the importer of that time put there. */
function versionOneFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-slackmigrate-'));
  dirs.push(dir);
  const file = path.join(dir, 'ws.sqlite');
  const db = new Database(file);
  const applied = migrate(db, file, migrations.slice(0, 1));
  if (!applied.ok) throw new Error(applied.error.message);
  db.exec(`
    INSERT INTO users (id, name, real_name) VALUES ('U1', 'ada', 'Ada Lovelace'), ('U2', 'bob', 'Bob Stone');
    INSERT INTO conversations (id, name, kind, folder) VALUES ('C1', 'general', 'channel', 'general');
    INSERT INTO messages (id, conversation_id, ts, user_id, text, files_json, attachments_json, has_file, thread_ts)
      VALUES (1614556800000100, 'C1', '1614556800.000100', 'U2', 'lunch with <@U1>?', NULL, NULL, 0, NULL),
             (1614556900000000, 'C1', '1614556900.000000', 'U1', 'see the log', '[{"title":"Nightly build","name":"build.log"}]',
              '[{"title":"Quarterly figures","fallback":"Quarterly figures"}]', 1, '1614556800.000100');
    INSERT INTO messages_fts (rowid, text, meta) VALUES (1614556800000100, 'stale', 'any'), (1614556900000000, 'stale', 'any');
  `);
  db.close();
  return file;
}

describe('migration 2 (FTS without prefix indexes, messages keyed by time first)', () => {
  it('rebuilds the index from the messages table with resolved names, attachments, files and filter tokens', () => {
    const file = versionOneFile();
    const opened = openWorkspaceDb(file);
    if (!opened.ok) throw new Error(opened.error.message);
    const db = opened.value;
    const texts = (q: string) => searchMessages(db, q).hits.map((h) => h.message.text);
    expect(texts('stale')).toEqual([]);
    expect(texts('lovelace')).toEqual(['lunch with <@U1>?']);
    expect(texts('quarterly')).toEqual(['see the log']);
    expect(texts('nightly from:@ada has:file is:thread in:#general')).toEqual(['see the log']);
    expect(texts('lunch from:@ada')).toEqual([]);
    expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'messages_fts'").pluck().get()).not.toMatch(/prefix/);
    // The messages table was rebuilt around its new unique key, with every row and both indexes.
    expect(db.prepare('SELECT count(*) FROM messages').pluck().get()).toBe(2);
    expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'messages'").pluck().get()).toMatch(/UNIQUE \(ts, conversation_id\)/);
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'messages' AND sql IS NOT NULL").pluck().all();
    expect(indexes.sort()).toEqual(['messages_channel_page', 'messages_thread']);
    db.close();
  });
});
