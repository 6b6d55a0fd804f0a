import { bot, who } from './people.js';

/** A reaction: the emoji name, then who reacted (person keys). */
export type Reaction = [string, ...string[]];

export interface FileLink {
  name: string;
  title: string;
  mimetype: string;
}

export interface Reply {
  /** `YYYY-MM-DD HH:MM`, UTC. */
  at: string;
  by: string;
  text: string;
  broadcast?: boolean;
  reactions?: Reaction[];
  /** Minutes after posting when it was edited. */
  editedAfter?: number;
}

export interface Post extends Omit<Reply, 'broadcast'> {
  /** Folder of the conversation: channel name, DM id or group DM name. */
  in: string;
  replies?: Reply[];
  files?: FileLink[];
  /** Posted by the CI bot instead of a person. */
  bot?: boolean;
  subtype?: 'channel_join' | 'channel_purpose' | 'channel_topic' | 'channel_archive';
}

export type SlackMessage = Record<string, unknown> & { ts: string; text: string };

/** Seconds since the epoch of a `YYYY-MM-DD HH:MM` UTC time. */
export function epoch(at: string): number {
  const ms = Date.parse(`${at.replace(' ', 'T')}:00Z`);
  if (Number.isNaN(ms)) throw new Error(`bad time ${at}`);
  return ms / 1000;
}

export const dayOf = (ts: string) => new Date(Number(ts.split('.')[0]) * 1000).toISOString().slice(0, 10);

/**
 * Turns posts into export messages, grouped by folder and day as Slack writes them: replies go into the file of the
 * day they were posted, which may be later than their parent's.
 */
export function toExport(posts: readonly Post[]): Map<string, Map<string, SlackMessage[]>> {
  let seq = 0;
  // Slack's ts is "seconds.micro" as a string; the micro part keeps two messages in the same second distinct.
  const ts = (at: string) => {
    seq += 1;
    return `${epoch(at) + ((seq * 7) % 60)}.${String(seq % 1_000_000).padStart(6, '0')}`;
  };
  const out = new Map<string, Map<string, SlackMessage[]>>();
  const put = (folder: string, message: SlackMessage) => {
    const days = out.get(folder) ?? new Map<string, SlackMessage[]>();
    out.set(folder, days);
    const day = dayOf(message.ts);
    days.set(day, [...(days.get(day) ?? []), message]);
  };
  const reactions = (rs: Reaction[] | undefined) =>
    rs && rs.length > 0
      ? { reactions: rs.map(([name, ...keys]) => ({ name, users: keys.map((k) => who(k).id), count: keys.length })) }
      : {};
  const edited = (r: Reply, own: string) =>
    r.editedAfter === undefined ? {} : { edited: { user: who(r.by).id, ts: `${Number(own.split('.')[0]) + r.editedAfter * 60}.000000` } };

  // ts comes from each post's place in the input, so appending a variant's posts leaves every earlier ts as it was.
  for (const post of posts) {
    const own = ts(post.at);
    const base: SlackMessage = post.bot
      ? { type: 'message', subtype: 'bot_message', bot_id: bot.botId, username: bot.name, text: post.text, ts: own }
      : {
          type: 'message',
          ...(post.subtype ? { subtype: post.subtype } : post.files ? { subtype: 'file_share' } : {}),
          user: who(post.by).id,
          text: post.text,
          ts: own,
          ...edited(post, own),
        };
    if (post.files) {
      base.files = post.files.map((f, i) => {
        const id = `F${own.replace('.', '').slice(-8)}${i}`;
        return {
          id,
          name: f.name,
          title: f.title,
          mimetype: f.mimetype,
          filetype: f.name.split('.').pop() ?? '',
          url_private: `https://files.aerolab.example.org/${id}/${f.name}`,
          permalink: `https://aerolab.slack.example.org/files/${who(post.by).id}/${id}/${f.name}`,
        };
      });
    }
    Object.assign(base, reactions(post.reactions));
    const replies = [...(post.replies ?? [])].sort((a, b) => (a.at < b.at ? -1 : 1)).map((r) => ({ r, ts: ts(r.at) }));
    if (replies.length > 0) {
      const users = [...new Set(replies.map(({ r }) => who(r.by).id))];
      Object.assign(base, {
        thread_ts: own,
        reply_count: replies.length,
        reply_users_count: users.length,
        latest_reply: replies.at(-1)?.ts,
        reply_users: users,
        replies: replies.map(({ r, ts: t }) => ({ user: who(r.by).id, ts: t })),
      });
    }
    put(post.in, base);
    for (const { r, ts: t } of replies) {
      put(post.in, {
        type: 'message',
        ...(r.broadcast ? { subtype: 'thread_broadcast' } : {}),
        user: who(r.by).id,
        text: r.text,
        ts: t,
        thread_ts: own,
        parent_user_id: post.bot ? bot.userId : who(post.by).id,
        ...edited(r, t),
        ...reactions(r.reactions),
      });
    }
  }
  // Both parts of every ts have a fixed width here, so string order is time order.
  for (const days of out.values()) {
    for (const [day, list] of days) days.set(day, list.sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0)));
  }
  return out;
}
