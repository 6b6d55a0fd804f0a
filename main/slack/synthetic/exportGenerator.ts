import { mulberry32 } from '../../../shared/stats/prng.js';
import fs from 'node:fs';
import path from 'node:path';

// A synthetic Slack export in the real export layout, for the benchmark: users.json, channels.json, one folder per
// channel with YYYY-MM-DD.json day files. Texts come from a made-up vocabulary sampled with a Zipf-like law, so the
// index sees rare, mid and very common words as a real workspace would. Deterministic for a given seed.
export interface GeneratorOptions {
  dir: string;
  channels: number;
  messages: number;
  users?: number;
  days?: number;
  seed?: number;
}

export interface GeneratedExport {
  dir: string;
  /** Vocabulary, most common word first. */
  words: string[];
  channelNames: string[];
  userNames: string[];
  /** A few generated texts, for phrase queries. */
  sampleTexts: string[];
  firstDay: string;
  days: number;
}

const rng = (seed: number): (() => number) => mulberry32(seed).next;

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'shi', 'den', 'por', 'lix', 'bra', 'mon', 'tel', 'qui',
  'zor', 'fen', 'gal', 'hu', 'jex', 'wen', 'ys', 'ost', 'arn'];

function vocabulary(size: number, random: () => number): string[] {
  const seen = new Set<string>();
  while (seen.size < size) {
    const n = 1 + Math.floor(random() * 3.2);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    seen.add(w);
  }
  return [...seen];
}

function zipfSampler(n: number, random: () => number): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) cdf[i] = sum += 1 / (i + 1);
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cdf[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export function generateSlackExport(options: GeneratorOptions): GeneratedExport {
  const random = rng(options.seed ?? 42);
  const words = vocabulary(30_000, random);
  const pick = zipfSampler(words.length, random);
  const userCount = options.users ?? 2000;
  const days = options.days ?? 100;
  const users = Array.from({ length: userCount }, (_, i) => ({
    id: `U${(100000 + i).toString(36).toUpperCase()}`,
    name: `user${i}`,
    real_name: `${words[500 + i] ?? 'x'} ${words[900 + i] ?? 'y'}`,
    profile: { display_name: `user${i}`, real_name: `${words[500 + i]} ${words[900 + i]}`, title: '' },
  }));
  const channels = Array.from({ length: options.channels }, (_, i) => ({
    id: `C${(200000 + i).toString(36).toUpperCase()}`,
    name: `chan-${i}`,
    created: 1600000000,
    creator: users[0]?.id,
    members: users.filter((_, u) => (u + i) % 25 === 0).map((u) => u.id),
    topic: { value: '' },
    purpose: { value: `channel ${i}` },
  }));
  fs.mkdirSync(options.dir, { recursive: true });
  fs.writeFileSync(path.join(options.dir, 'users.json'), JSON.stringify(users));
  fs.writeFileSync(path.join(options.dir, 'channels.json'), JSON.stringify(channels));
  for (const c of channels) fs.mkdirSync(path.join(options.dir, c.name), { recursive: true });

  const start = 1_700_006_400; // 2023-11-15T00:00:00Z
  const spacingMicros = Math.floor((days * 86_400 * 1e6) / options.messages);
  const recentParents: string[][] = channels.map(() => []);
  const sampleTexts: string[] = [];
  let dayBuffers = new Map<number, unknown[]>();
  let currentDay = -1;
  const flush = () => {
    const name = new Date((start + currentDay * 86_400) * 1000).toISOString().slice(0, 10);
    for (const [c, list] of dayBuffers) {
      fs.writeFileSync(path.join(options.dir, channels[c]?.name ?? '', `${name}.json`), JSON.stringify(list));
    }
    dayBuffers = new Map();
  };
  for (let i = 0; i < options.messages; i++) {
    const micros = start * 1e6 + i * spacingMicros + 1;
    const day = Math.floor((micros / 1e6 - start) / 86_400);
    if (day !== currentDay) {
      if (currentDay >= 0) flush();
      currentDay = day;
    }
    const ts = `${Math.floor(micros / 1e6)}.${String(micros % 1e6).padStart(6, '0')}`;
    const c = Math.floor(random() * random() * channels.length);
    const user = users[Math.floor(random() * users.length)];
    let text = '';
    while (text.length < 118) text += (text ? ' ' : '') + words[pick()];
    if (random() < 0.05) text = `<@${users[Math.floor(random() * users.length)]?.id}> ${text}`;
    if (random() < 0.03) text += ` <https://example.org/${words[pick()]}|${words[pick()]}>`;
    if (sampleTexts.length < 200 && random() < 0.001) sampleTexts.push(text);
    const message: Record<string, unknown> = { type: 'message', user: user?.id, text, ts };
    const parents = recentParents[c] ?? [];
    const r = random();
    if (r < 0.12 && parents.length) message.thread_ts = parents[Math.floor(random() * parents.length)];
    else if (r < 0.16) {
      message.thread_ts = ts;
      message.reply_count = 1;
      parents.push(ts);
      if (parents.length > 5) parents.shift();
    }
    if (random() < 0.1) message.reactions = [{ name: 'thumbsup', users: [user?.id], count: 1 }];
    if (random() < 0.05) message.edited = { user: user?.id, ts: `${Math.floor(micros / 1e6) + 60}.000000` };
    const buffer = dayBuffers.get(c) ?? [];
    buffer.push(message);
    dayBuffers.set(c, buffer);
  }
  flush();
  return {
    dir: options.dir,
    words,
    channelNames: channels.map((c) => c.name),
    userNames: users.map((u) => u.name),
    sampleTexts,
    firstDay: new Date(start * 1000).toISOString().slice(0, 10),
    days,
  };
}
