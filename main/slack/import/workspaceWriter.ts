import type { WorkspaceDb } from '../openWorkspaceDb.js';
import type { ExportConversation, ExportUser } from './exportSchemas.js';
import type { MessageRow } from './messageRow.js';

export type ConversationKind = 'channel' | 'private' | 'dm' | 'mpim';

export interface WriteCounts {
  added: number;
  alreadyPresent: number;
}

const MESSAGE_COLUMNS = [
  'conversation_id', 'ts', 'user_id', 'bot_id', 'username', 'text', 'subtype', 'thread_ts', 'reply_count',
  'edited_ts', 'edited_by', 'is_broadcast', 'in_channel', 'files_json', 'reactions_json', 'attachments_json',
  'blocks_json', 'has_link', 'has_file', 'has_reaction', 'is_pinned',
] as const;

/** All writes of an import. Every method is synchronous and idempotent, so a re-import adds nothing twice. */
export function createWorkspaceWriter(db: WorkspaceDb) {
  const upsertUser = db.prepare(`
    INSERT INTO users (id, name, real_name, display_name, title, tz, is_bot, is_deleted, profile_json)
    VALUES (@id, @name, @real_name, @display_name, @title, @tz, @is_bot, @is_deleted, @profile_json)
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, real_name = excluded.real_name,
      display_name = excluded.display_name, title = excluded.title, tz = excluded.tz, is_bot = excluded.is_bot,
      is_deleted = excluded.is_deleted, profile_json = excluded.profile_json`);
  const upsertConversation = db.prepare(`
    INSERT INTO conversations (id, name, kind, folder, created, creator, is_archived, is_general, members_json, topic, purpose)
    VALUES (@id, @name, @kind, @folder, @created, @creator, @is_archived, @is_general, @members_json, @topic, @purpose)
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, kind = excluded.kind, folder = excluded.folder,
      created = excluded.created, creator = excluded.creator, is_archived = excluded.is_archived,
      is_general = excluded.is_general, members_json = excluded.members_json, topic = excluded.topic,
      purpose = excluded.purpose`);
  const addMember = db.prepare('INSERT OR IGNORE INTO conversation_members (conversation_id, user_id) VALUES (?, ?)');
  const insertMessage = db.prepare(`
    INSERT INTO messages (id, ${MESSAGE_COLUMNS.join(', ')}) VALUES (?${', ?'.repeat(MESSAGE_COLUMNS.length)})
    ON CONFLICT (conversation_id, ts) DO NOTHING`);
  const insertFts = db.prepare('INSERT INTO messages_fts (rowid, text, meta) VALUES (?, ?, ?)');

  const writeUsers = db.transaction((users: ExportUser[]) => {
    for (const u of users) {
      upsertUser.run({
        id: u.id,
        name: u.name ?? u.id,
        real_name: u.real_name ?? u.profile?.real_name ?? null,
        display_name: u.profile?.display_name ?? null,
        title: u.profile?.title ?? null,
        tz: u.tz ?? null,
        is_bot: u.is_bot ? 1 : 0,
        is_deleted: u.deleted ? 1 : 0,
        profile_json: JSON.stringify(u.profile ?? {}),
      });
    }
  });

  const writeConversation = db.transaction(
    (c: ExportConversation, kind: ConversationKind, name: string, folder: string) => {
      const members = c.members ?? [];
      upsertConversation.run({
        id: c.id,
        name,
        kind,
        folder,
        created: c.created === undefined || c.created === null ? null : Number(c.created) || null,
        creator: c.creator ?? null,
        is_archived: c.is_archived ? 1 : 0,
        is_general: c.is_general ? 1 : 0,
        members_json: JSON.stringify(members),
        topic: c.topic?.value ?? '',
        purpose: c.purpose?.value ?? '',
      });
      for (const m of members) addMember.run(c.id, m);
    },
  );

  // The time key is the rowid. Two conversations can share one microsecond: the later one moves up to the next free
  // key. A conflict on (conversation, ts) instead means the message is already here (a re-import): nothing is added.
  // Not a transaction itself: the importer holds one open over many days, because every commit makes FTS5 write its
  // pending terms as a new segment (and a savepoint would too).
  const insertMessages = (rows: readonly MessageRow[], counts: WriteCounts) => {
    // Base rows first, then their index entries: two tight loops run measurably faster than one that alternates
    // between the table's B-tree and the FTS tokenizer.
    const ids: number[] = new Array<number>(rows.length).fill(-1);
    rows.forEach((r, i) => {
      for (let id = r.key; ; id++) {
        try {
          const changes = insertMessage.run(
            id, r.conversation_id, r.ts, r.user_id, r.bot_id, r.username, r.text, r.subtype, r.thread_ts,
            r.reply_count, r.edited_ts, r.edited_by, r.is_broadcast, r.in_channel, r.files_json, r.reactions_json,
            r.attachments_json, r.blocks_json, r.has_link, r.has_file, r.has_reaction, r.is_pinned,
          ).changes;
          if (changes === 1) ids[i] = id;
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_PRIMARYKEY' || id - r.key > 100_000) throw error;
        }
      }
    });
    rows.forEach((r, i) => {
      const id = ids[i] ?? -1;
      if (id === -1) return void counts.alreadyPresent++;
      insertFts.run(id, r.search_text, r.meta);
      counts.added++;
    });
  };
  // Replies whose parent is not in the export would otherwise be reachable from nowhere: show them in the channel.
  const showOrphanReplies = () =>
    db
      .prepare(
        `UPDATE messages SET in_channel = 1 WHERE in_channel = 0 AND NOT EXISTS (
           SELECT 1 FROM messages p WHERE p.conversation_id = messages.conversation_id AND p.ts = messages.thread_ts)`,
      )
      .run().changes;

  const isEmpty = () => db.prepare('SELECT NOT EXISTS (SELECT 1 FROM messages)').pluck().get() === 1;

  return { writeUsers, writeConversation, insertMessages, showOrphanReplies, isEmpty };
}
export type WorkspaceWriter = ReturnType<typeof createWorkspaceWriter>;
