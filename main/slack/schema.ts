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
export interface Migration {
  version: number;
  sql: string;
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
];

export const latestVersion = migrations.reduce((max, m) => Math.max(max, m.version), 0);
