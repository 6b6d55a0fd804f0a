import { mulberry32 } from '../../../shared/stats/prng.js';
import type { Post, Reaction } from './messages.js';
import { at, channels, dms, mpim, sites, type Channel } from './people.js';
import { replies, reservedWords, topLevel } from './fillerTexts.js';

/** The project's seeded generator: the same seed gives the same workspace on every machine. */
export const rng = (seed: number): (() => number) => mulberry32(seed).next;

const LEO_STARTS = '2024-10-14';
const EMOJI = ['+1', 'thumbsup', 'eyes', 'white_check_mark', 'joy', 'raised_hands', 'pray', 'heart'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

/** Messages per weekday, on average, for each channel. */
const rate: Record<string, number> = {
  general: 2.2, random: 2.4, calibration: 3.6, 'field-ops': 2.6, 'data-pipeline': 2.2, 'paper-sensus': 2.2,
  'reading-group': 0.5,
};

export function workdays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

function fillSlots(text: string, random: () => number, people: string[]): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  return text
    .replaceAll('{site}', () => pick(sites))
    .replaceAll('{who}', () => at(pick(people)))
    .replaceAll('{n}', () => String(2 + Math.floor(random() * 60)))
    .replaceAll('{m}', () => (2 + random() * 5).toFixed(1))
    .replaceAll('{day}', () => pick(WEEKDAYS));
}

function checkReserved(text: string): string {
  const lower = text.toLowerCase();
  const hit = reservedWords.find((w) => lower.includes(w.toLowerCase()));
  if (hit) throw new Error(`filler text mentions "${hit}", which a query depends on: ${text}`);
  return text;
}

const time = (day: string, random: () => number, fromHour = 8, toHour = 17) => {
  const minutes = Math.floor((fromHour + random() * (toHour - fromHour)) * 60);
  return `${day} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

function addMinutes(at: string, minutes: number): string {
  return new Date(Date.parse(`${at.replace(' ', 'T')}:00Z`) + minutes * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

function membersOn(c: Channel | { members: string[] }, day: string): string[] {
  return c.members.filter((m) => m !== 'leo' || day >= LEO_STARTS);
}

/** Everyday chatter around the story: threads, reactions and edits in the proportions of a small team's workspace. */
export function fillerPosts(seed: number, from: string, to: string): Post[] {
  const random = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const posts: Post[] = [];
  const reactionsFor = (people: string[]): Reaction[] | undefined => {
    if (random() > 0.18) return undefined;
    const who = [...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(people)))];
    return [[pick(EMOJI), ...who]];
  };

  for (const day of workdays(from, to)) {
    for (const c of channels) {
      const texts = topLevel[c.name];
      if (!texts || day < c.created || c.archived) continue;
      const members = membersOn(c, day);
      const count = Math.floor(rate[c.name] ?? 0) + (random() < (rate[c.name] ?? 0) % 1 ? 1 : 0);
      for (let i = 0; i < count; i++) {
        const by = pick(members);
        const postAt = time(day, random);
        const post: Post = {
          in: c.name, at: postAt, by, text: checkReserved(fillSlots(pick(texts), random, members)),
          reactions: reactionsFor(members),
          ...(random() < 0.05 ? { editedAfter: 1 + Math.floor(random() * 20) } : {}),
        };
        if (random() < 0.3) {
          const pool = [...(replies.any ?? []), ...(replies[c.name] ?? [])];
          let replyAt = postAt;
          post.replies = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
            // Now and then a reply comes the next morning, so it lands in a later day file than its parent.
            replyAt = addMinutes(replyAt, random() < 0.08 ? 18 * 60 : 3 + Math.floor(random() * 90));
            return { at: replyAt, by: pick(members), text: checkReserved(fillSlots(pick(pool), random, members)) };
          });
        }
        posts.push(post);
      }
    }
    for (const conversation of [...dms.map((d) => ({ folder: d.id, members: [...d.members] })), { folder: mpim.name, members: mpim.members }]) {
      const members = membersOn(conversation, day);
      if (members.length < conversation.members.length || random() > 0.35) continue;
      let msgAt = time(day, random, 9, 16);
      for (let i = 0; i < 2 + Math.floor(random() * 3); i++) {
        posts.push({ in: conversation.folder, at: msgAt, by: pick(members), text: checkReserved(fillSlots(pick(replies.dm ?? []), random, members)) });
        msgAt = addMinutes(msgAt, 1 + Math.floor(random() * 20));
      }
    }
  }
  return posts;
}
