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
  const writeMessages = db.transaction((rows: MessageRow[]): WriteCounts => {
    const counts: WriteCounts = { added: 0, alreadyPresent: 0 };
    for (const row of rows) {
      const params: unknown[] = [row.key, ...MESSAGE_COLUMNS.map((c) => row[c])];
      for (let id = row.key; ; id++) {
        params[0] = id;
        try {
          if (insertMessage.run(params).changes === 1) {
            insertFts.run(id, row.search_text, row.meta);
            counts.added++;
          } else counts.alreadyPresent++;
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_PRIMARYKEY' || id - row.key > 100_000) throw error;
        }
      }
    }
    return counts;
  });

  // Replies whose parent is not in the export would otherwise be reachable from nowhere: show them in the channel.
  const showOrphanReplies = () =>
    db
      .prepare(
        `UPDATE messages SET in_channel = 1 WHERE in_channel = 0 AND NOT EXISTS (
           SELECT 1 FROM messages p WHERE p.conversation_id = messages.conversation_id AND p.ts = messages.thread_ts)`,
      )
      .run().changes;

  return { writeUsers, writeConversation, writeMessages, showOrphanReplies };
}
export type WorkspaceWriter = ReturnType<typeof createWorkspaceWriter>;
