import type { Database } from 'better-sqlite3';
import type { NameResolver } from '../../../shared/slack/plainText.js';
import { metaOf, searchTextOf, type Raw } from './messageRow.js';

interface StoredMessage {
  id: number;
  conversation_id: string;
  user_id: string | null;
  bot_id: string | null;
  text: string;
  thread_ts: string | null;
  files_json: string | null;
  attachments_json: string | null;
  has_link: number;
  has_file: number;
  has_reaction: number;
  is_pinned: number;
}

const CHUNK = 10_000;

/**
 * Fills the (empty) FTS table from the messages table, with the same text and filter tokens the importer writes.
 * Used when a migration changes the FTS table: it is contentless, so it cannot rebuild itself.
 */
export function rebuildSearchIndex(db: Database): void {
  const users = new Map(
    (db.prepare('SELECT id, name, real_name, display_name FROM users').all() as Array<{ id: string; name: string; real_name: string | null; display_name: string | null }>).map(
      (u) => [u.id, u.display_name || u.real_name || u.name || u.id],
    ),
  );
  const conversations = new Map(
    (db.prepare('SELECT id, name FROM conversations').all() as Array<{ id: string; name: string }>).map((c) => [c.id, c.name]),
  );
  const names: NameResolver = { user: (id) => users.get(id), conversation: (id) => conversations.get(id) };
  // Keyset chunks in rowid order: a statement cannot write while another one on the connection is still reading.
  const chunk = db.prepare(`SELECT id, conversation_id, user_id, bot_id, text, thread_ts, files_json, attachments_json,
      has_link, has_file, has_reaction, is_pinned FROM messages WHERE id > ? ORDER BY id LIMIT ${CHUNK}`);
  const insert = db.prepare('INSERT INTO messages_fts (rowid, text, meta) VALUES (?, ?, ?)');
  for (let after = -1; ; ) {
    const rows = chunk.all(after) as StoredMessage[];
    for (const m of rows) {
      const files = m.files_json ? (JSON.parse(m.files_json) as Array<{ title: string | null; name: string | null }>) : [];
      const attachments = m.attachments_json ? (JSON.parse(m.attachments_json) as Raw[]) : [];
      const meta = metaOf(m.conversation_id, m.user_id ?? m.bot_id, {
        hasLink: m.has_link,
        hasFile: m.has_file === 1,
        hasReaction: m.has_reaction === 1,
        isPinned: m.is_pinned,
        isThread: m.thread_ts !== null,
      });
      insert.run(m.id, searchTextOf(m.text, attachments, files, names), meta);
    }
    const last = rows[rows.length - 1];
    if (!last || rows.length < CHUNK) break;
    after = last.id;
  }
}
