// How a message leaves the database for the UI and for recorded tool calls: names resolved, JSON columns parsed.
export interface MessageView {
  id: number;
  conversationId: string;
  conversationName: string;
  ts: string;
  threadTs: string | null;
  userId: string | null;
  /** The author's display name; an unknown or deleted user shows as their id. */
  userName: string;
  isBot: boolean;
  text: string;
  subtype: string | null;
  replyCount: number;
  editedTs: string | null;
  isBroadcast: boolean;
  isPinned: boolean;
  files: unknown[];
  reactions: Array<{ name: string; users: string[]; count?: number }>;
  attachments: unknown[];
  blocks: unknown[];
}

export const MESSAGE_SELECT = `
  SELECT m.id, m.conversation_id, c.name AS conversation_name, m.ts, m.thread_ts, m.user_id, m.bot_id, m.subtype,
    COALESCE(NULLIF(u.display_name, ''), NULLIF(u.real_name, ''), u.name, m.username, m.user_id, m.bot_id, '') AS user_name,
    COALESCE(u.is_bot, 0) AS user_is_bot, m.text, m.reply_count, m.edited_ts, m.is_broadcast, m.is_pinned,
    m.files_json, m.reactions_json, m.attachments_json, m.blocks_json,
    CASE WHEN m.thread_ts = m.ts OR m.reply_count > 0 THEN (
      SELECT count(*) FROM messages r WHERE r.conversation_id = m.conversation_id AND r.thread_ts = m.ts AND r.ts <> m.ts
    ) ELSE 0 END AS replies_present
  FROM messages m
  JOIN conversations c ON c.id = m.conversation_id
  LEFT JOIN users u ON u.id = m.user_id`;

export interface MessageRecord {
  id: number;
  conversation_id: string;
  conversation_name: string;
  ts: string;
  thread_ts: string | null;
  user_id: string | null;
  bot_id: string | null;
  subtype: string | null;
  user_name: string;
  user_is_bot: number;
  text: string;
  reply_count: number;
  edited_ts: string | null;
  is_broadcast: number;
  is_pinned: number;
  files_json: string | null;
  reactions_json: string | null;
  attachments_json: string | null;
  blocks_json: string | null;
  /** Replies this workspace holds (the export's reply_count may name replies it does not carry). */
  replies_present: number;
}

const list = <T>(json: string | null): T[] => (json ? (JSON.parse(json) as T[]) : []);

export function toMessageView(r: MessageRecord): MessageView {
  return {
    id: r.id,
    conversationId: r.conversation_id,
    conversationName: r.conversation_name,
    ts: r.ts,
    threadTs: r.thread_ts,
    userId: r.user_id,
    userName: r.user_name,
    // A person's own line that names an integration ("added an integration", bot_add) carries a bot_id too: only
    // a bot user, a bot_message, or a bot_id with no person is an app.
    isBot: r.user_is_bot === 1 || r.subtype === 'bot_message' || (r.bot_id !== null && r.user_id === null),
    text: r.text,
    subtype: r.subtype,
    // What the thread pane can show: the replies present, whatever count the export claims.
    replyCount: r.replies_present,
    editedTs: r.edited_ts,
    isBroadcast: r.is_broadcast === 1,
    isPinned: r.is_pinned === 1,
    files: list(r.files_json),
    reactions: list(r.reactions_json),
    attachments: list(r.attachments_json),
    blocks: list(r.blocks_json),
  };
}
