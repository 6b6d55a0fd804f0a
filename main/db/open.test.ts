import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { DatabaseOpenError, openDatabase, SYNCHRONOUS } from './open.js';
import { migrations } from './migrations.js';
import { makeTempDir } from '../testing/tempDir.js';

let tmp = makeTempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = makeTempDir();
});

describe('openDatabase', () => {
  it('applies every migration to a fresh file and sets the durability pragmas', () => {
    const db = openDatabase(path.join(tmp.dir, 'a.db'));
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)!.version);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe({ OFF: 0, NORMAL: 1, FULL: 2 }[SYNCHRONOUS as string]);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name").pluck().all();
    expect(tables).toEqual(['erasure_guard', 'events', 'sessions']);
    db.close();
  });

  it('refuses a database written by a newer version, naming the file and both versions, and leaves it untouched', () => {
    const file = path.join(tmp.dir, 'new.db');
    const raw = new Database(file);
    raw.pragma('user_version = 99');
    raw.close();
    const before = fs.readFileSync(file);
    const err = catchOpen(file);
    expect(err.kind).toBe('too_new');
    expect(err.message).toContain(file);
    expect(err.message).toMatch(new RegExp(`schema 99.*up to ${migrations.at(-1)!.version}`));
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('reports a file that is not a database as corrupt instead of throwing something unreadable', () => {
    const file = path.join(tmp.dir, 'junk.db');
    fs.writeFileSync(file, 'this is not sqlite at all, just some text '.repeat(200));
    const err = catchOpen(file);
    expect(err.kind).toBe('corrupt');
    expect(err.message).toContain(file);
  });

  it('keeps a consistent backup before migrating an existing database, and runs pending migrations in one go', () => {
    const file = path.join(tmp.dir, 'old.db');
    const v1 = [{ version: 1, name: 'one', sql: 'CREATE TABLE t (x INTEGER);' }];
    const db1 = openDatabase(file, { migrations: v1 });
    db1.prepare('INSERT INTO t VALUES (42)').run();
    db1.close();
    const backups: string[] = [];
    const v3 = [...v1, { version: 2, name: 'two', sql: 'ALTER TABLE t ADD COLUMN y TEXT;' }, { version: 3, name: 'three', sql: 'CREATE TABLE u (z);' }];
    const db3 = openDatabase(file, { migrations: v3, onBackup: (p) => backups.push(p) });
    expect(db3.pragma('user_version', { simple: true })).toBe(3);
    db3.close();
    expect(backups).toHaveLength(1);
    const backup = new Database(backups[0]!, { readonly: true });
    expect(backup.pragma('user_version', { simple: true })).toBe(1);
    expect(backup.prepare('SELECT x FROM t').pluck().get()).toBe(42);
    backup.close();
  });

  it('rolls back a failing migration completely, so the old version still opens', () => {
    const file = path.join(tmp.dir, 'fail.db');
    const v1 = [{ version: 1, name: 'one', sql: 'CREATE TABLE t (x INTEGER);' }];
    openDatabase(file, { migrations: v1 }).close();
    const broken = [...v1, { version: 2, name: 'ok', sql: 'CREATE TABLE ok (a);' }, { version: 3, name: 'bad', sql: 'NOT SQL;' }];
    expect(() => openDatabase(file, { migrations: broken })).toThrow(DatabaseOpenError);
    const db = openDatabase(file, { migrations: v1 });
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'ok'").pluck().get()).toBe(0);
    db.close();
  });
});

describe('migrations', () => {
  it('are numbered 1, 2, 3… without gaps, so user_version always names the last one applied', () => {
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, i) => i + 1));
  });
});

function catchOpen(file: string): DatabaseOpenError {
  try {
    openDatabase(file).close();
  } catch (err) {
    if (err instanceof DatabaseOpenError) return err;
    throw err;
  }
  throw new Error('expected openDatabase to fail');
}
