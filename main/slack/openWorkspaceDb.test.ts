import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openWorkspaceDb } from './openWorkspaceDb.js';
import { latestVersion, migrations } from './schema.js';

const dirs: string[] = [];
function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-slackdb-'));
  dirs.push(dir);
  return path.join(dir, 'workspace.sqlite');
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('openWorkspaceDb', () => {
  it('numbers migrations in strictly increasing order starting at 1', () => {
    const versions = migrations.map((m) => m.version);
    expect(versions[0]).toBe(1);
    versions.forEach((v, i) => i > 0 && expect(v).toBeGreaterThan(versions[i - 1] ?? 0));
    expect(latestVersion).toBe(versions[versions.length - 1]);
  });

  it('creates the schema on a fresh file with WAL, foreign keys and explicit synchronous', () => {
    const opened = openWorkspaceDb(tempFile());
    if (!opened.ok) throw new Error(opened.error.message);
    const db = opened.value;
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.pragma('user_version', { simple: true })).toBe(latestVersion);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).toEqual(expect.arrayContaining(['users', 'conversations', 'messages', 'messages_fts']));
    db.close();
  });

  it('reopens an up-to-date file without re-running migrations', () => {
    const file = tempFile();
    const first = openWorkspaceDb(file);
    if (!first.ok) throw new Error(first.error.message);
    first.value.prepare("INSERT INTO users (id, name) VALUES ('U1', 'ada')").run();
    first.value.close();
    const second = openWorkspaceDb(file);
    if (!second.ok) throw new Error(second.error.message);
    expect(second.value.prepare('SELECT count(*) FROM users').pluck().get()).toBe(1);
    second.value.close();
  });

  it('refuses a database written by a newer schema with a clear message', () => {
    const file = tempFile();
    const first = openWorkspaceDb(file);
    if (!first.ok) throw new Error(first.error.message);
    first.value.pragma(`user_version = ${latestVersion + 1}`);
    first.value.close();
    const again = openWorkspaceDb(file);
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.message).toMatch(/newer Teamseat/);
  });

  it('enforces foreign keys between messages and conversations', () => {
    const opened = openWorkspaceDb(tempFile());
    if (!opened.ok) throw new Error(opened.error.message);
    const insert = () =>
      opened.value.prepare("INSERT INTO messages (id, conversation_id, ts) VALUES (1, 'CNOPE', '1.000001')").run();
    expect(insert).toThrow(/FOREIGN KEY/);
    opened.value.close();
  });
});
