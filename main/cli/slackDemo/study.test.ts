import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import git from 'isomorphic-git';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseQueries, type SlackQuery } from '../../../shared/judge/query.js';
import { generateSlackDemo } from './generate.js';

const study = path.resolve(import.meta.dirname, '../../../studies/slack-demo');
const exportDir = path.join(study, 'export');
type Message = { ts: string; text: string; thread_ts?: string; reply_count?: number; subtype?: string; user?: string; edited?: unknown; reactions?: unknown; files?: { title: string }[] };

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();
}

/** Day files of an export, with a variant's files (if any) replacing those of the same path. */
function dayFiles(variant?: string): Map<string, Message[]> {
  const out = new Map<string, Message[]>();
  const read = (root: string) => {
    for (const rel of listFiles(root).filter((f) => /[/\\]\d{4}-\d{2}-\d{2}\.json$/.test(f))) {
      out.set(rel.split(path.sep).join('/'), JSON.parse(fs.readFileSync(path.join(root, rel), 'utf8')) as Message[]);
    }
  };
  read(exportDir);
  if (variant) read(path.join(study, variant));
  return out;
}

const messageText = (days: Map<string, Message[]>) =>
  [...days.values()].flat().map((m) => [m.text, ...(m.files ?? []).map((f) => f.title)].join(' ')).join('\n');

async function repoText(): Promise<string> {
  const gitdir = path.join(study, 'repo.git');
  const log = await git.log({ fs, gitdir, ref: 'main' });
  const head = log[0]?.oid ?? '';
  const files = await git.listFiles({ fs, gitdir, ref: 'main' });
  const blobs = await Promise.all(files.map((filepath) => git.readBlob({ fs, gitdir, oid: head, filepath })));
  return [
    ...log.map((c) => `${c.oid} ${c.commit.message}`),
    ...blobs.map((b) => Buffer.from(b.blob).toString('utf8')),
  ].join('\n');
}

const docsText = () => listFiles(path.join(study, 'docs')).map((f) => fs.readFileSync(path.join(study, 'docs', f), 'utf8')).join('\n');

function queries(): (SlackQuery & { key_facts?: string[] })[] {
  const parsed = parseQueries('queries.yaml', parse(fs.readFileSync(path.join(study, 'queries.yaml'), 'utf8')));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.queries as (SlackQuery & { key_facts?: string[] })[];
}

describe('studies/slack-demo', () => {
  it('has three valid queries per category, with a checklist on SU and a variant folder on CI', () => {
    const qs = queries();
    for (const category of ['AS', 'HA', 'SU', 'CI']) expect(qs.filter((q) => q.category === category)).toHaveLength(3);
    for (const q of qs.filter((x) => x.category === 'CI')) expect(fs.existsSync(path.join(study, q.variant ?? 'missing'))).toBe(true);
  });

  it('every AS answer is findable: its key facts are in the reference and in the export, repo or docs', async () => {
    const corpus = `${messageText(dayFiles())}\n${await repoText()}\n${docsText()}`.toLowerCase();
    for (const q of queries().filter((x) => x.category === 'AS')) {
      expect(q.key_facts?.length, q.id).toBeGreaterThan(0);
      for (const fact of q.key_facts ?? []) {
        expect(q.reference.toLowerCase(), `${q.id}: reference has "${fact}"`).toContain(fact.toLowerCase());
        expect(corpus, `${q.id}: workspace has "${fact}"`).toContain(fact.toLowerCase());
      }
    }
  });

  it('every CI answer needs its variant: the key facts are found with it, and some only with it', async () => {
    const shared = `${await repoText()}\n${docsText()}`;
    const base = `${messageText(dayFiles())}\n${shared}`.toLowerCase();
    for (const q of queries().filter((x) => x.category === 'CI')) {
      const withVariant = `${messageText(dayFiles(q.variant))}\n${shared}`.toLowerCase();
      for (const fact of q.key_facts ?? []) expect(withVariant, `${q.id}: "${fact}"`).toContain(fact.toLowerCase());
      expect((q.key_facts ?? []).some((f) => !base.includes(f.toLowerCase())), q.id).toBe(true);
    }
  });

  it('is a real Slack export: string ts, threads that join, mentions and channel links that resolve', () => {
    const users = new Set((JSON.parse(fs.readFileSync(path.join(exportDir, 'users.json'), 'utf8')) as { id: string }[]).map((u) => u.id));
    const channels = JSON.parse(fs.readFileSync(path.join(exportDir, 'channels.json'), 'utf8')) as { id: string; name: string }[];
    const dms = JSON.parse(fs.readFileSync(path.join(exportDir, 'dms.json'), 'utf8')) as { id: string }[];
    const mpims = JSON.parse(fs.readFileSync(path.join(exportDir, 'mpims.json'), 'utf8')) as { name: string }[];
    const days = dayFiles();
    const folders = new Set([...days.keys()].map((k) => k.split('/')[0]));
    for (const folder of [...dms.map((d) => d.id), ...mpims.map((m) => m.name)]) expect(folders.has(folder), folder).toBe(true);

    const all = [...days.entries()].flatMap(([file, list]) => list.map((m) => ({ folder: file.split('/')[0] ?? '', day: file.slice(-15, -5), m })));
    expect(all.length).toBeGreaterThanOrEqual(2000);
    const byKey = new Map(all.map(({ folder, m }) => [`${folder}/${m.ts}`, m]));
    expect(byKey.size).toBe(all.length);
    const replies = new Map<string, number>();
    for (const { folder, day, m } of all) {
      expect(m.ts).toMatch(/^\d{10}\.\d{6}$/);
      expect(new Date(Number(m.ts.split('.')[0]) * 1000).toISOString().slice(0, 10)).toBe(day);
      if (m.user) expect(users.has(m.user), m.user).toBe(true);
      for (const [, id] of m.text.matchAll(/<@(U[A-Z0-9]+)>/g)) expect(users.has(id ?? ''), id).toBe(true);
      for (const [, id, name] of m.text.matchAll(/<#(C[A-Z0-9]+)\|([^>]+)>/g)) {
        expect(channels.find((c) => c.id === id)?.name).toBe(name);
      }
      if (m.thread_ts && m.thread_ts !== m.ts) {
        expect(byKey.has(`${folder}/${m.thread_ts}`), `parent of ${folder}/${m.ts}`).toBe(true);
        replies.set(`${folder}/${m.thread_ts}`, (replies.get(`${folder}/${m.thread_ts}`) ?? 0) + 1);
      }
    }
    for (const [key, n] of replies) expect(byKey.get(key)?.reply_count, key).toBe(n);
    const threaded = new Set([...replies.keys()].map((k) => k.split('/')[0]).filter((f) => channels.some((c) => c.name === f)));
    expect(threaded.size).toBeGreaterThanOrEqual(6);
    const messages = all.map((x) => x.m);
    for (const subtype of ['bot_message', 'thread_broadcast', 'file_share', 'channel_join']) {
      expect(messages.some((m) => m.subtype === subtype), subtype).toBe(true);
    }
    expect(messages.some((m) => m.edited)).toBe(true);
    expect(messages.some((m) => m.reactions)).toBe(true);
    expect(days.size).toBeGreaterThan(300);
  });

  it('stays small and holds no file or folder named .git', () => {
    const files = listFiles(study);
    expect(files.some((f) => f.split(path.sep).includes('.git'))).toBe(false);
    const bytes = files.reduce((n, f) => n + fs.statSync(path.join(study, f)).size, 0);
    expect(bytes).toBeLessThan(3 * 1024 * 1024);
  });

  it('is exactly what the generator writes', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'slack-demo-'));
    try {
      generateSlackDemo(dir);
      const mine = listFiles(dir);
      const committed = listFiles(study).filter((f) => !f.endsWith('PROVENANCE.md'));
      expect(committed).toEqual(mine);
      for (const f of mine) {
        expect(fs.readFileSync(path.join(study, f)).equals(fs.readFileSync(path.join(dir, f))), f).toBe(true);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
