/**
 * A Slack tool's result as a replay shows it (issue 26): `get_channel_history` and its kin come back as raw dumps —
 * Teamseat's own heads (`[1697532000.000100] maria: text`), the model seat's JSON lines, or a Slack API body — and
 * are often cut mid-message. Read leniently into messages (author, time, text); whatever is not a message is left
 * for the caller to show as it was.
 */

export interface DumpMessage {
  author: string;
  /** The message's Slack ts as a UTC time ("17 Oct 2024, 09:31"), or '' when the dump has none. */
  time: string;
  text: string;
  /** The message was cut where the recorded head ends. */
  cut: boolean;
  /** Set on a search hit: where the message is. */
  channel?: string;
  replies?: number;
}

export interface ChannelDump {
  /** The dump's first line when it is a summary ("12 messages, oldest first"), else null. */
  summary: string | null;
  messages: DumpMessage[];
  /** The dump ends before its last message does (a recorded head is the start of what was seen). */
  cut: boolean;
}

/** The tools whose results are lists of messages. */
const MESSAGE_TOOLS = /^(get_channel_history|get_thread_replies|search_messages|conversations_history|conversations_replies|channel_history)$/;
export const isMessageTool = (name: string): boolean => MESSAGE_TOOLS.test(name);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A Slack ts (`1697532000.000100`) as a UTC time; '' for anything else. */
export function timeOfTs(ts: unknown): string {
  const n = typeof ts === 'string' || typeof ts === 'number' ? Number(ts) : NaN;
  if (!Number.isFinite(n) || n <= 0) return '';
  const d = new Date(Math.floor(n) * 1000);
  const pad = (x: number) => String(x).padStart(2, '0');
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

const ELLIPSIS = /…$/;

function fromObject(o: Record<string, unknown>, cut: boolean): DumpMessage | null {
  if (typeof o.text !== 'string') return null;
  const profile = o.user_profile && typeof o.user_profile === 'object' ? (o.user_profile as Record<string, unknown>) : {};
  const author = [o.user_name, o.username, profile.real_name, profile.display_name, o.real_name, o.user, o.user_id, o.bot_id].find((v) => typeof v === 'string' && v.trim());
  const channel = typeof o.channel === 'string' ? o.channel : o.channel && typeof o.channel === 'object' ? (o.channel as { name?: unknown }).name : undefined;
  const replies = typeof o.reply_count === 'number' && o.reply_count > 0 ? o.reply_count : undefined;
  return {
    author: typeof author === 'string' ? author : 'someone',
    time: timeOfTs(o.ts),
    text: o.text,
    cut,
    ...(typeof channel === 'string' && channel ? { channel } : {}),
    ...(replies ? { replies } : {}),
  };
}

/** JSON string fields of a fragment that may be cut anywhere (the last string may have no closing quote). */
function fieldsOfFragment(fragment: string): { fields: Record<string, unknown>; cut: boolean } {
  const fields: Record<string, unknown> = {};
  let cut = false;
  const re = /"([a-z_]+)"\s*:\s*(?:"((?:[^"\\]|\\.)*)("?)|(-?\d+(?:\.\d+)?))/g;
  for (let m = re.exec(fragment); m; m = re.exec(fragment)) {
    if (m[1]! in fields) continue;
    if (m[4] !== undefined) fields[m[1]!] = Number(m[4]);
    else {
      let raw = m[2]!;
      if (!m[3]) {
        cut = true;
        raw = raw.replace(ELLIPSIS, '').replace(/\\$/, '');
      }
      try {
        fields[m[1]!] = JSON.parse(`"${raw}"`) as string;
      } catch {
        fields[m[1]!] = raw;
      }
    }
  }
  return { fields, cut };
}

/** A Slack API body (`{"ok":true,"messages":[…]}`), whole or cut: one message per object that has a text. */
function fromApiBody(text: string): ChannelDump | null {
  try {
    const body = JSON.parse(text) as { messages?: unknown; matches?: unknown; messages_matches?: unknown };
    const list = Array.isArray(body.messages) ? body.messages : body.messages && typeof body.messages === 'object' && Array.isArray((body.messages as { matches?: unknown }).matches) ? (body.messages as { matches: unknown[] }).matches : null;
    if (!list) return null;
    const messages = list.flatMap((m) => (m && typeof m === 'object' ? [fromObject(m as Record<string, unknown>, false)] : [])).filter((m): m is DumpMessage => m !== null);
    return { summary: null, messages, cut: false };
  } catch {
    // Cut: each `{ … "text": … }` fragment after "messages" is read on its own.
    const at = text.indexOf('"messages"');
    if (at < 0) return null;
    const parts = text.slice(at).split(/(?=\{\s*")/).slice(1);
    const messages = parts.flatMap((part) => {
      const { fields, cut } = fieldsOfFragment(part);
      const m = fromObject(fields, cut);
      return m ? [m] : [];
    });
    return { summary: null, messages, cut: true };
  }
}

const TEAMSEAT_LINE = /^\[(\d+(?:\.\d+)?)\]\s+([^:]{1,80}):\s?(.*)$/;

/** Reads a message tool's result; null when it holds no message this reader recognises (show it raw then). */
export function readChannelDump(raw: string): ChannelDump | null {
  const text = raw.trim();
  if (!text) return null;
  if (text.startsWith('{') && /"messages"/.test(text.slice(0, 200))) {
    const body = fromApiBody(text);
    return body && body.messages.length ? body : null;
  }
  const lines = text.split('\n');
  const messages: DumpMessage[] = [];
  let summary: string | null = null;
  let cut = false;
  lines.forEach((line, i) => {
    const last = i === lines.length - 1;
    const lineCut = last && ELLIPSIS.test(line);
    if (lineCut) cut = true;
    const teamseat = TEAMSEAT_LINE.exec(line);
    if (teamseat) {
      messages.push({ author: teamseat[2]!.trim(), time: timeOfTs(teamseat[1]), text: lineCut ? teamseat[3]!.replace(ELLIPSIS, '') : teamseat[3]!, cut: lineCut });
      return;
    }
    if (line.startsWith('{')) {
      let m: DumpMessage | null = null;
      try {
        m = fromObject(JSON.parse(line) as Record<string, unknown>, false);
      } catch {
        const { fields, cut: fragmentCut } = fieldsOfFragment(line);
        m = fromObject(fields, fragmentCut || lineCut);
        if (m?.cut) cut = true;
      }
      if (m) return void messages.push(m);
    }
    if (i === 0 && messages.length === 0) summary = line;
    else if (messages.length && !line.startsWith('{')) {
      // A message's text that ran over a line break (a Slack API text keeps its newlines in a raw dump).
      const prev = messages[messages.length - 1]!;
      prev.text += `\n${lineCut ? line.replace(ELLIPSIS, '') : line}`;
      if (lineCut) prev.cut = true;
    }
  });
  return messages.length ? { summary, messages, cut } : null;
}
