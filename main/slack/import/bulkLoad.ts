import type { Database } from 'better-sqlite3';

/**
 * A first import into an empty workspace is a one-off load that can simply be run again, so while it runs it gives
 * up durability (synchronous = OFF: no fsync at its commits; a crash loses the half-loaded file, which the import
 * rebuilds) and the secondary indexes of the messages table, which are built once at the end from sorted data
 * instead of being updated row by row. Unique indexes stay: re-import idempotence rests on them.
 * The journal stays WAL: a rollback journal in memory or none measured no faster here, and WAL keeps readers that
 * open the file during the import from blocking its commits.
 */
export function beginBulkLoad(db: Database): { finish: () => void } {
  db.pragma('synchronous = OFF');
  // The importer writes every conversation before its messages; checking each message against it again is waste.
  const foreignKeys = db.pragma('foreign_keys', { simple: true }) === 1;
  db.pragma('foreign_keys = OFF');
  // FTS5 holds up to 64 MB of pending terms (schema.ts, hashsize) and the load appends: a small page cache keeps the
  // peak memory down and costs no time here.
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma('cache_size = -16384');
  const indexes = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'messages' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%'")
    .all() as Array<{ name: string; sql: string }>;
  const record = db.prepare('INSERT OR REPLACE INTO deferred_indexes (name, sql) VALUES (?, ?)');
  db.transaction(() => {
    for (const index of indexes) {
      record.run(index.name, index.sql);
      db.exec(`DROP INDEX "${index.name.replace(/"/g, '""')}"`);
    }
  })();
  return {
    finish: () => {
      db.pragma(`cache_size = ${cacheSize}`);
      restoreDeferredIndexes(db);
      db.pragma('synchronous = NORMAL');
      if (foreignKeys) db.pragma('foreign_keys = ON');
    },
  };
}

/** Builds the indexes a bulk load dropped; also run on open, for a load that a crash stopped half way. */
export function restoreDeferredIndexes(db: Database): void {
  const pending = db.prepare('SELECT name, sql FROM deferred_indexes').all() as Array<{ name: string; sql: string }>;
  if (pending.length === 0) return;
  const forget = db.prepare('DELETE FROM deferred_indexes WHERE name = ?');
  db.transaction(() => {
    for (const index of pending) {
      db.exec(index.sql.replace(/^CREATE INDEX /i, 'CREATE INDEX IF NOT EXISTS '));
      forget.run(index.name);
    }
  })();
}
