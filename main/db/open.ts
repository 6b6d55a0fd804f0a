import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrations as appMigrations, type Migration } from './migrations.js';

export type Db = Database.Database;

/**
 * WAL with synchronous=FULL: every commit is fsynced to the WAL before append() returns, so an event the UI
 * has shown survives a kill -9 AND a power cut. NORMAL would survive kill -9 only. `npm run bench` measures
 * both in the same run: on this machine FULL costs 0.2-0.5 ms p99 per event when the disk is quiet (budget
 * 5 ms), so we pay for the stronger promise. (Under heavy concurrent disk load we measured FULL at 8-13 ms
 * p99; a lab machine running a study is not in that state.) The browser host's group commit (groupCommit.ts) gives
 * the same promise with the sync moved off the event loop: NORMAL on the connection, the WAL fsynced before any ack.
 */
export const SYNCHRONOUS = 'FULL';

export class DatabaseOpenError extends Error {
  constructor(
    readonly kind: 'corrupt' | 'too_new' | 'unavailable',
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
}

export interface OpenOptions {
  nativeBinding?: string | undefined;
  /** Called with the backup path when an older database was copied before migrating. */
  onBackup?: (backupPath: string) => void;
  /** Only tests pass their own list. */
  migrations?: readonly Migration[];
}

export function openDatabase(file: string, opts: OpenOptions = {}): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let db: Db;
  try {
    db = new Database(file, opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {});
  } catch (err) {
    throw new DatabaseOpenError('unavailable', file, `Cannot open ${file}: ${(err as Error).message}`);
  }
  try {
    // The first real read is where a file that is not a database (or is damaged) shows itself.
    const migrations = opts.migrations ?? appMigrations;
    const latestSchemaVersion = migrations.at(-1)?.version ?? 0;
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > latestSchemaVersion) {
      throw new DatabaseOpenError(
        'too_new',
        file,
        `${file} was written by a newer Teamseat (schema ${version}; this version knows up to ${latestSchemaVersion}). ` +
          'Open it with that newer version, or start a fresh database here (the file is kept).',
      );
    }
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${SYNCHRONOUS}`);
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(String(check));
    migrate(db, file, version, migrations, opts.onBackup);
    return db;
  } catch (err) {
    db.close();
    if (err instanceof DatabaseOpenError) throw err;
    throw new DatabaseOpenError('corrupt', file, `${file} is damaged or is not a Teamseat database: ${(err as Error).message}`);
  }
}

function migrate(db: Db, file: string, from: number, migrations: readonly Migration[], onBackup?: (p: string) => void): void {
  const pending = migrations.filter((m) => m.version > from);
  if (pending.length === 0) return;
  if (from > 0) {
    // A consistent copy taken by SQLite itself, so a failed migration never costs recorded sessions.
    const backup = `${file}.before-v${pending[0]?.version}-${Date.now()}.bak`;
    db.prepare('VACUUM INTO ?').run(backup);
    onBackup?.(backup);
  }
  try {
    db.transaction(() => {
      for (const m of pending) {
        db.exec(m.sql);
        db.pragma(`user_version = ${m.version}`);
      }
    })();
  } catch (err) {
    throw new DatabaseOpenError(
      'unavailable',
      file,
      `Upgrading ${file} from schema ${from} failed (${(err as Error).message}); the file was left as it was.`,
    );
  }
}
