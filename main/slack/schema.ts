// Numbered, append-only migrations for one imported Slack workspace. Never edit a shipped entry: add a new one.
//
// Two choices carry the search speed:
// - `messages.id` (the rowid) IS the sortable time key: the message's ts in microseconds (seconds * 1e6 + the
//   six-digit fraction), nudged up by a microsecond or two only when another conversation already holds that exact
//   instant. FTS5 rowids therefore follow time order, so "newest first" walks the index backwards and stops after one
//   page, and date modifiers become rowid ranges. It stays below 2^53, so JS numbers hold it exactly.
// - the FTS5 table has a second column, `meta`, of filter tokens (conversation, author, has:…, is:thread). Filters then
//   intersect posting lists inside FTS5 instead of joining through a secondary index, which is where SQLite's planner
//   can pick a plan that takes tens of seconds.
import type { Database } from 'better-sqlite3';
import { rebuildSearchIndex } from './import/rebuildSearchIndex.js';

export interface Migration {
  version: number;
  sql: string;
  /** A step SQL alone cannot do, run after `sql` in the same transaction. */
  fill?: (db: Database) => void;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    sql: `
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  real_name TEXT,
  display_name TEXT,
  title TEXT,
  tz TEXT,
  is_bot INTEGER NOT NULL DEFAULT 0,
  is_deleted INTEGER NOT NULL DEFAULT 0,
  profile_json TEXT NOT NULL DEFAULT '{}'
);

CREATE TABLE conversations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('channel', 'private', 'dm', 'mpim')),
  folder TEXT NOT NULL UNIQUE,
  created INTEGER,
  creator TEXT,
  is_archived INTEGER NOT NULL DEFAULT 0,
  is_general INTEGER NOT NULL DEFAULT 0,
  members_json TEXT NOT NULL DEFAULT '[]',
  topic TEXT NOT NULL DEFAULT '',
  purpose TEXT NOT NULL DEFAULT ''
);

CREATE TABLE conversation_members (
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  PRIMARY KEY (user_id, conversation_id)
) WITHOUT ROWID;

CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  ts TEXT NOT NULL,
  user_id TEXT,
  bot_id TEXT,
  username TEXT,
  text TEXT NOT NULL DEFAULT '',
  subtype TEXT,
  thread_ts TEXT,
  reply_count INTEGER NOT NULL DEFAULT 0,
  edited_ts TEXT,
  edited_by TEXT,
  is_broadcast INTEGER NOT NULL DEFAULT 0,
  in_channel INTEGER NOT NULL DEFAULT 1,
  files_json TEXT,
  reactions_json TEXT,
  attachments_json TEXT,
  blocks_json TEXT,
  has_link INTEGER NOT NULL DEFAULT 0,
  has_file INTEGER NOT NULL DEFAULT 0,
  has_reaction INTEGER NOT NULL DEFAULT 0,
  is_pinned INTEGER NOT NULL DEFAULT 0,
  UNIQUE (conversation_id, ts)
);

-- Channel pages: keyset on id among the messages shown in the channel (not thread-only replies).
CREATE INDEX messages_channel_page ON messages (conversation_id, id) WHERE in_channel = 1;
CREATE INDEX messages_thread ON messages (conversation_id, thread_ts, id) WHERE thread_ts IS NOT NULL;


CREATE VIRTUAL TABLE messages_fts USING fts5(
  text, meta,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
-- Rank by the text column only: meta tokens are filters, they must not move a message up or down.
INSERT INTO messages_fts (messages_fts, rank) VALUES ('rank', 'bm25(1.0, 0.0)');

CREATE TABLE imports (
  id INTEGER PRIMARY KEY,
  source TEXT NOT NULL,
  started_at TEXT NOT NULL,
  finished_at TEXT,
  report_json TEXT
);
`,
  },
  {
    // The prefix indexes ('2 3') more than doubled the index and the cost of indexing each message, and served only
    // 2- and 3-letter prefix queries (which FTS5 still answers from the main index, more slowly). Relevance is now
    // scored in search.ts, not by bm25(), so the per-row column sizes bm25 needed are not kept (columnsize = 0, which
    // FTS5 allows only without contentless_delete; nothing deletes from the index: a row can still be removed with
    // the 'delete' command and its text from rebuildSearchIndex). The FTS table is contentless, so its rows are
    // rebuilt from the messages table. `hashsize` lets an import gather 64 MB of terms before it writes a segment,
    // instead of 1 MB: fewer, larger segments and less merging.
    // The messages table is rebuilt only to turn its unique key around, (conversation_id, ts) to (ts,
    // conversation_id): an import writes in time order, so the key index now grows at its right edge instead of
    // at 500 places at once (a fifth less work per message). Lookups by both columns are served as before.
    // deferred_indexes holds the messages indexes a first import drops while it loads and builds again after; one
    // left here by a crash is built again when the file is next opened.
    version: 2,
    sql: `
CREATE TABLE messages_v2 (
  id INTEGER PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  ts TEXT NOT NULL,
  user_id TEXT,
  bot_id TEXT,
  username TEXT,
  text TEXT NOT NULL DEFAULT '',
  subtype TEXT,
  thread_ts TEXT,
  reply_count INTEGER NOT NULL DEFAULT 0,
  edited_ts TEXT,
  edited_by TEXT,
  is_broadcast INTEGER NOT NULL DEFAULT 0,
  in_channel INTEGER NOT NULL DEFAULT 1,
  files_json TEXT,
  reactions_json TEXT,
  attachments_json TEXT,
  blocks_json TEXT,
  has_link INTEGER NOT NULL DEFAULT 0,
  has_file INTEGER NOT NULL DEFAULT 0,
  has_reaction INTEGER NOT NULL DEFAULT 0,
  is_pinned INTEGER NOT NULL DEFAULT 0,
  UNIQUE (ts, conversation_id)
);
INSERT INTO messages_v2 SELECT * FROM messages;
DROP TABLE messages;
ALTER TABLE messages_v2 RENAME TO messages;
CREATE INDEX messages_channel_page ON messages (conversation_id, id) WHERE in_channel = 1;
CREATE INDEX messages_thread ON messages (conversation_id, thread_ts, id) WHERE thread_ts IS NOT NULL;

DROP TABLE messages_fts;
CREATE VIRTUAL TABLE messages_fts USING fts5(
  text, meta,
  content = '', columnsize = 0,
  tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO messages_fts (messages_fts, rank) VALUES ('hashsize', 67108864);

CREATE TABLE deferred_indexes (
  name TEXT PRIMARY KEY,
  sql TEXT NOT NULL
);
`,
    fill: rebuildSearchIndex,
  },
];

export const latestVersion = migrations.reduce((max, m) => Math.max(max, m.version), 0);
