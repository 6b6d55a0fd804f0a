/**
 * Numbered, append-only migrations. Never edit one that has shipped: add the next number.
 * `PRAGMA user_version` holds the number of the last one applied.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'sessions and their append-only event log',
    sql: `
      CREATE TABLE sessions (
        id          TEXT PRIMARY KEY,
        study_key   TEXT NOT NULL,
        task_id     TEXT NOT NULL,
        participant TEXT NOT NULL,
        created_at  TEXT NOT NULL,
        meta        TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(meta))
      ) STRICT;
      CREATE INDEX sessions_by_study ON sessions (study_key, created_at);

      CREATE TABLE events (
        session_id TEXT    NOT NULL REFERENCES sessions (id),
        seq        INTEGER NOT NULL CHECK (seq > 0),
        mono_us    INTEGER NOT NULL,
        wall_time  TEXT    NOT NULL,
        kind       TEXT    NOT NULL,
        payload    TEXT    NOT NULL CHECK (json_valid(payload)),
        PRIMARY KEY (session_id, seq)
      ) STRICT, WITHOUT ROWID;

      -- The log is the record of what a participant did: nothing may rewrite it.
      CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
      CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
    `,
  },
  {
    version: 2,
    name: 'erasure: the one controlled delete past the append-only triggers',
    // A participant who withdraws consent can have their data erased. The delete triggers let a delete through only
    // while a row sits in erasure_guard, which the erasure inserts and removes inside its own transaction, so no
    // committed state ever holds it and every other delete is still refused.
    sql: `
      CREATE TABLE erasure_guard (
        id     INTEGER PRIMARY KEY CHECK (id = 1),
        reason TEXT NOT NULL
      ) STRICT;

      DROP TRIGGER events_no_delete;
      CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        WHEN NOT EXISTS (SELECT 1 FROM erasure_guard)
        BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;

      CREATE TRIGGER sessions_no_delete BEFORE DELETE ON sessions
        WHEN NOT EXISTS (SELECT 1 FROM erasure_guard)
        BEGIN SELECT RAISE(ABORT, 'sessions are kept: only an erasure removes one'); END;
    `,
  },
];

export const latestSchemaVersion = migrations.at(-1)?.version ?? 0;
