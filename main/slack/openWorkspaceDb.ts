import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { fail, ok, type Result } from '../../shared/result.js';
import { restoreDeferredIndexes } from './import/bulkLoad.js';
import { latestVersion, migrations, type Migration } from './schema.js';

export type WorkspaceDb = Db;

export interface OpenOptions {
  readonly?: boolean;
}

/** The one place a workspace database is opened: pragmas first, then every pending migration in one transaction. */
export function openWorkspaceDb(file: string, options: OpenOptions = {}): Result<WorkspaceDb> {
  let db: WorkspaceDb;
  try {
    db = new Database(file, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  } catch (error) {
    return fail('database', `The workspace database ${file} could not be opened: ${(error as Error).message}`);
  }
  try {
    if (!options.readonly) db.pragma('journal_mode = WAL');
    // NORMAL is durable enough in WAL mode: a crash loses at most the last import batch, which a re-import restores.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma('cache_size = -65536');
    db.pragma('temp_store = MEMORY');
    const migrated = options.readonly ? checkVersion(db, file) : migrate(db, file, migrations);
    if (!migrated.ok) {
      db.close();
      return migrated;
    }
    if (!options.readonly) restoreDeferredIndexes(db);
    return ok(db);
  } catch (error) {
    db.close();
    return fail('database', `The workspace database ${file} could not be prepared: ${(error as Error).message}`);
  }
}

function checkVersion(db: WorkspaceDb, file: string): Result<number> {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > latestVersion) {
    return fail(
      'database',
      `The workspace database ${file} was written by a newer Teamseat (schema ${current}, this one knows up to ${latestVersion}).`,
    );
  }
  return ok(current);
}

/** Applies the migrations newer than the file's user_version, all in one transaction. */
export function migrate(db: WorkspaceDb, file: string, list: readonly Migration[]): Result<number> {
  const checked = checkVersion(db, file);
  if (!checked.ok) return checked;
  const pending = list.filter((m) => m.version > checked.value).sort((a, b) => a.version - b.version);
  if (pending.length === 0) return ok(checked.value);
  db.transaction(() => {
    for (const m of pending) {
      db.exec(m.sql);
      m.fill?.(db);
      db.pragma(`user_version = ${m.version}`);
    }
  })();
  return ok(pending[pending.length - 1]?.version ?? checked.value);
}
