import { mrkdwnToPlainText, type NameResolver } from '../../../shared/slack/plainText.js';
import { timeKeyFromTs } from '../../../shared/slack/timeKey.js';

/** One message ready for the messages table and the FTS index. */
export interface MessageRow {
  conversation_id: string;
  ts: string;
  key: number;
  user_id: string | null;
  bot_id: string | null;
  username: string | null;
  text: string;
  subtype: string | null;
  thread_ts: string | null;
  reply_count: number;
  edited_ts: string | null;
  edited_by: string | null;
  is_broadcast: number;
  in_channel: number;
  files_json: string | null;
  reactions_json: string | null;
  attachments_json: string | null;
  blocks_json: string | null;
  has_link: number;
  has_file: number;
  has_reaction: number;
  is_pinned: number;
  search_text: string;
  meta: string;
}

export type Raw = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const obj = (v: unknown): Raw | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : null);
const LINK = /<(?:https?|mailto|ftp):/i;
const NONE: readonly never[] = [];
const objects = (list: unknown[]): Raw[] => list.map(obj).filter((o): o is Raw => o !== null);

/** Meta tokens are FTS words in their own column; ids are lowercased and kept alphanumeric to stay one token. */
export const metaToken = (prefix: string, id: string): string => prefix + id.toLowerCase().replace(/[^a-z0-9]/g, '');
// A workspace has a few thousand conversation and user ids, each seen on many messages.
const tokenCache = new Map<string, string>();
const cachedMetaToken = (prefix: string, id: string): string => {
  const key = prefix + id;
  let token = tokenCache.get(key);
  if (token === undefined) {
    if (tokenCache.size > 100_000) tokenCache.clear();
    token = metaToken(prefix, id);
    tokenCache.set(key, token);
  }
  return token;
};

// Files become links: the export points at them, it does not carry them.
function fileLink(f: Raw) {
  const pick = (k: string) => str(f[k]);
  return {
    id: pick('id'),
    name: pick('name'),
    title: pick('title'),
    filetype: pick('filetype'),
    mimetype: pick('mimetype'),
    size: typeof f.size === 'number' ? f.size : null,
    url: pick('url_private') ?? pick('permalink') ?? pick('url'),
    permalink: pick('permalink'),
  };
}

/** The indexed text: the message as read (names resolved), then attachment texts and file titles and names. */
export function searchTextOf(text: string, attachments: readonly Raw[], fileRows: ReadonlyArray<{ title: string | null; name: string | null }>, names: NameResolver): string {
  const extra: string[] = [];
  for (const a of attachments) {
    for (const k of ['pretext', 'title', 'text', 'fallback'] as const) {
      const v = str(a[k]);
      if (v && !extra.includes(v)) extra.push(v);
    }
  }
  for (const f of fileRows) extra.push(...[f.title, f.name].filter((v): v is string => v !== null));
  // Most texts hold no mention, link or entity: nothing to rewrite.
  const plain = text.includes('<') || text.includes('&') ? mrkdwnToPlainText(text, names) : text;
  return extra.length ? `${plain}\n${mrkdwnToPlainText(extra.join('\n'), names)}` : plain;
}

export interface MetaFlags {
  hasLink: number | boolean;
  hasFile: boolean;
  hasReaction: boolean;
  isPinned: number | boolean;
  isThread: boolean;
}

/** The filter tokens of the FTS `meta` column (see schema.ts). */
export function metaOf(conversationId: string, authorId: string | null, f: MetaFlags): string {
  let meta = `any ${cachedMetaToken('c', conversationId)}`;
  if (authorId) meta += ` ${cachedMetaToken('u', authorId)}`;
  if (f.hasLink) meta += ' haslink';
  if (f.hasFile) meta += ' hasfile';
  if (f.hasReaction) meta += ' hasreaction';
  if (f.isPinned) meta += ' haspin';
  if (f.isThread) meta += ' isthread';
  return meta;
}

/** Turns one raw export message into a row, or says why it cannot be one. */
export function toMessageRow(raw: unknown, conversationId: string, names: NameResolver): MessageRow | string {
  const m = obj(raw);
  if (!m) return 'the item is not an object';
  const ts = str(m.ts);
  const key = ts === null ? null : timeKeyFromTs(ts);
  if (ts === null || key === null) return 'the message has no valid ts';
  const text = typeof m.text === 'string' ? m.text : '';
  const subtype = str(m.subtype);
  const threadTs = str(m.thread_ts);
  const isBroadcast = subtype === 'thread_broadcast' ? 1 : 0;
  // Most messages carry no files, reactions or attachments: skip the array work (and its garbage) for them.
  const files = m.files === undefined && m.file === undefined ? NONE : objects([...arr(m.files), ...(obj(m.file) ? [m.file] : [])]);
  const reactions =
    m.reactions === undefined
      ? NONE
      : objects(arr(m.reactions))
          .filter((r) => typeof r.name === 'string')
          .map((r) => ({ name: r.name as string, users: arr(r.users).filter((u) => typeof u === 'string'), count: r.count }));
  const attachments = m.attachments === undefined ? NONE : objects(arr(m.attachments));
  const edited = obj(m.edited);
  // Old exports put a file comment's author in `comment.user`, not on the message.
  const userId = str(m.user) ?? (subtype === 'file_comment' ? str(obj(m.comment)?.user) : null);
  const botId = str(m.bot_id);
  const hasLink = LINK.test(text) || attachments.some((a) => str(a.from_url) ?? str(a.title_link)) ? 1 : 0;
  const isPinned = (m.pinned_to !== undefined && arr(m.pinned_to).length > 0) || obj(m.pinned_info) !== null || subtype === 'pinned_item' ? 1 : 0;
  const fileRows = files.length ? files.map(fileLink) : NONE;

  const searchText = searchTextOf(text, attachments, fileRows, names);
  const meta = metaOf(conversationId, userId ?? botId, { hasLink, hasFile: files.length > 0, hasReaction: reactions.length > 0, isPinned, isThread: threadTs !== null });

  return {
    conversation_id: conversationId,
    ts,
    key,
    user_id: userId,
    bot_id: botId,
    username: str(m.username),
    text,
    subtype,
    thread_ts: threadTs,
    reply_count: typeof m.reply_count === 'number' ? m.reply_count : 0,
    edited_ts: str(edited?.ts),
    edited_by: str(edited?.user),
    is_broadcast: isBroadcast,
    in_channel: threadTs === null || threadTs === ts || isBroadcast ? 1 : 0,
    files_json: fileRows.length ? JSON.stringify(fileRows) : null,
    reactions_json: reactions.length ? JSON.stringify(reactions) : null,
    attachments_json: attachments.length ? JSON.stringify(attachments) : null,
    blocks_json: Array.isArray(m.blocks) && m.blocks.length ? JSON.stringify(m.blocks) : null,
    has_link: hasLink,
    has_file: files.length ? 1 : 0,
    has_reaction: reactions.length ? 1 : 0,
    is_pinned: isPinned,
    search_text: searchText,
    meta,
  };
}
