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

type Raw = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const obj = (v: unknown): Raw | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : null);
const LINK = /<(?:https?|mailto|ftp):/i;

/** Meta tokens are FTS words in their own column; ids are lowercased and kept alphanumeric to stay one token. */
export const metaToken = (prefix: string, id: string): string => prefix + id.toLowerCase().replace(/[^a-z0-9]/g, '');

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
  const files = [...arr(m.files), ...(obj(m.file) ? [m.file] : [])].map(obj).filter((f): f is Raw => f !== null);
  const reactions = arr(m.reactions)
    .map(obj)
    .filter((r): r is Raw => r !== null && typeof r.name === 'string')
    .map((r) => ({ name: r.name as string, users: arr(r.users).filter((u) => typeof u === 'string'), count: r.count }));
  const attachments = arr(m.attachments).map(obj).filter((a): a is Raw => a !== null);
  const edited = obj(m.edited);
  const userId = str(m.user);
  const botId = str(m.bot_id);
  const hasLink = LINK.test(text) || attachments.some((a) => str(a.from_url) ?? str(a.title_link)) ? 1 : 0;
  const isPinned = arr(m.pinned_to).length > 0 || obj(m.pinned_info) !== null || subtype === 'pinned_item' ? 1 : 0;
  const fileRows = files.map(fileLink);

  const extra: string[] = [];
  for (const a of attachments) {
    for (const k of ['pretext', 'title', 'text', 'fallback'] as const) {
      const v = str(a[k]);
      if (v && !extra.includes(v)) extra.push(v);
    }
  }
  for (const f of fileRows) extra.push(...[f.title, f.name].filter((v): v is string => v !== null));
  const plain = mrkdwnToPlainText(text, names);
  const searchText = extra.length ? `${plain}\n${mrkdwnToPlainText(extra.join('\n'), names)}` : plain;

  const meta = ['any', metaToken('c', conversationId)];
  if (userId ?? botId) meta.push(metaToken('u', (userId ?? botId) as string));
  if (hasLink) meta.push('haslink');
  if (files.length) meta.push('hasfile');
  if (reactions.length) meta.push('hasreaction');
  if (isPinned) meta.push('haspin');
  if (threadTs) meta.push('isthread');

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
    meta: meta.join(' '),
  };
}
