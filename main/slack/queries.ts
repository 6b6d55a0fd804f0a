import { timeKeyFromDate } from '../../shared/slack/timeKey.js';
import { MESSAGE_SELECT, toMessageView, type MessageRecord, type MessageView } from './messageView.js';
import type { WorkspaceDb } from './openWorkspaceDb.js';

export type ConversationKind = 'channel' | 'private' | 'dm' | 'mpim';

export interface ConversationSummary {
  id: string;
  name: string;
  kind: ConversationKind;
  topic: string;
  purpose: string;
  isArchived: boolean;
  members: string[];
}

export function listConversations(db: WorkspaceDb, kinds?: readonly ConversationKind[]): ConversationSummary[] {
  const rows = db
    .prepare('SELECT id, name, kind, topic, purpose, is_archived, members_json FROM conversations ORDER BY kind, name')
    .all() as Array<{ id: string; name: string; kind: ConversationKind; topic: string; purpose: string; is_archived: number; members_json: string }>;
  return rows
    .filter((r) => !kinds || kinds.includes(r.kind))
    .map((r) => ({
      id: r.id,
      name: r.name,
      kind: r.kind,
      topic: r.topic,
      purpose: r.purpose,
      isArchived: r.is_archived === 1,
      members: JSON.parse(r.members_json) as string[],
    }));
}

export function channelMembers(db: WorkspaceDb, conversationId: string): string[] {
  return db.prepare('SELECT user_id FROM conversation_members WHERE conversation_id = ? ORDER BY user_id').pluck().all(conversationId) as string[];
}

export interface PageRequest {
  conversationId: string;
  /** Messages older than this cursor (a message id); omit both for the newest page. */
  before?: number;
  /** Messages newer than this cursor. */
  after?: number;
  limit?: number;
}

export interface ChannelPage {
  /** Oldest first, as a channel reads. */
  messages: MessageView[];
  /** Cursor for the page before (older), null at the start of the channel. */
  olderCursor: number | null;
  /** Cursor for the page after (newer), null at the end. */
  newerCursor: number | null;
}

// Keyset pagination on the time key through the partial index messages_channel_page: no OFFSET, no sort step.
export const PAGE_BEFORE_SQL = `${MESSAGE_SELECT} WHERE m.conversation_id = ? AND m.in_channel = 1 AND m.id < ? ORDER BY m.id DESC LIMIT ?`;
export const PAGE_AFTER_SQL = `${MESSAGE_SELECT} WHERE m.conversation_id = ? AND m.in_channel = 1 AND m.id > ? ORDER BY m.id ASC LIMIT ?`;

export function channelPage(db: WorkspaceDb, request: PageRequest): ChannelPage {
  const limit = Math.min(500, Math.max(1, Math.floor(request.limit ?? 50)));
  const forward = request.after !== undefined && request.before === undefined;
  const rows = forward
    ? (db.prepare(PAGE_AFTER_SQL).all(request.conversationId, request.after, limit + 1) as MessageRecord[])
    : (db.prepare(PAGE_BEFORE_SQL).all(request.conversationId, request.before ?? Number.MAX_SAFE_INTEGER, limit + 1) as MessageRecord[]);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (!forward) page.reverse();
  const first = page[0]?.id ?? null;
  const last = page[page.length - 1]?.id ?? null;
  return {
    messages: page.map(toMessageView),
    olderCursor: forward ? (request.after !== undefined && first !== null ? first : null) : more ? first : null,
    newerCursor: forward ? (more ? last : null) : request.before !== undefined && last !== null ? last : null,
  };
}

/** The page that starts at the first message of `day` (YYYY-MM-DD) or later. */
export function jumpToDate(db: WorkspaceDb, conversationId: string, day: string, tzOffsetMinutes = 0, limit = 50): ChannelPage {
  const start = timeKeyFromDate(new Date(Date.parse(`${day}T00:00:00Z`) - tzOffsetMinutes * 60_000));
  return channelPage(db, { conversationId, after: start - 1, limit });
}

/** The thread's parent (when the export holds it) followed by its replies, oldest first. */
export function threadReplies(db: WorkspaceDb, conversationId: string, threadTs: string): MessageView[] {
  const rows = db
    .prepare(`${MESSAGE_SELECT} WHERE m.conversation_id = ? AND (m.thread_ts = ? OR m.ts = ?) ORDER BY m.id`)
    .all(conversationId, threadTs, threadTs) as MessageRecord[];
  return rows.map(toMessageView);
}

export interface UserProfile {
  id: string;
  name: string;
  realName: string | null;
  displayName: string | null;
  title: string | null;
  tz: string | null;
  isBot: boolean;
  isDeleted: boolean;
  /** False for ids that messages name but the export's users file does not hold. */
  known: boolean;
}

export function userProfile(db: WorkspaceDb, userId: string): UserProfile {
  const r = db.prepare('SELECT * FROM users WHERE id = ?').get(userId) as
    | { id: string; name: string; real_name: string | null; display_name: string | null; title: string | null; tz: string | null; is_bot: number; is_deleted: number }
    | undefined;
  if (!r) return { id: userId, name: userId, realName: null, displayName: null, title: null, tz: null, isBot: false, isDeleted: false, known: false };
  return {
    id: r.id,
    name: r.name,
    realName: r.real_name,
    displayName: r.display_name,
    title: r.title,
    tz: r.tz,
    isBot: r.is_bot === 1,
    isDeleted: r.is_deleted === 1,
    known: true,
  };
}

export function listUsers(db: WorkspaceDb): UserProfile[] {
  const ids = db.prepare('SELECT id FROM users ORDER BY name').pluck().all() as string[];
  return ids.map((id) => userProfile(db, id));
}

/** SlackBench's read-only tool names and the function that answers each, so a person's actions record as tool calls. */
export const SLACK_TOOLS = {
  list_channels: 'listConversations',
  get_channel_history: 'channelPage',
  get_channel_members: 'channelMembers',
  get_thread_replies: 'threadReplies',
  get_user_info: 'userProfile',
  list_users: 'listUsers',
  search_messages: 'searchMessages',
} as const;
export type SlackToolName = keyof typeof SLACK_TOOLS;
