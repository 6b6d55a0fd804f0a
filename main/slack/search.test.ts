import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSlackExport } from './import/importExport.js';
import { openWorkspaceDb, type WorkspaceDb } from './openWorkspaceDb.js';
import { NEWEST_SQL, RELEVANCE_SQL, WINDOW_START_SQL, searchMessages } from './search.js';

let dir: string;
let db: WorkspaceDb;
const day = (d: number, n: number) => `${1704067200 + (d - 1) * 86400 + n * 60}.000100`; // 2024-01-dd, minute n

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-slacksearch-'));
  const files: Record<string, unknown> = {
    'users.json': [
      { id: 'U1', name: 'ada', real_name: 'Ada Lovelace' },
      { id: 'U2', name: 'bob', real_name: 'Bob Stone' },
    ],
    'channels.json': [
      { id: 'C1', name: 'general', members: ['U1', 'U2'] },
      { id: 'C2', name: 'ops', members: ['U1'] },
    ],
    'dms.json': [{ id: 'D1', members: ['U1', 'U2'] }],
    'general/2024-01-01.json': [
      { user: 'U1', text: 'The deploy of the release notes is done', ts: day(1, 0), thread_ts: day(1, 0), reply_count: 1 },
      { user: 'U2', text: 'Crème brûlée for <@U1> tonight', ts: day(1, 1) },
    ],
    'general/2024-01-02.json': [
      { user: 'U2', text: 'deploy again, see <https://ci.example.org/7|build 7>', ts: day(2, 0), thread_ts: day(1, 0) },
      { user: 'U1', text: 'deployment rollback planned', ts: day(2, 1), reactions: [{ name: 'eyes', users: ['U2'], count: 1 }] },
    ],
    'ops/2024-01-03.json': [
      { user: 'U1', text: 'deploy deploy deploy on ops', ts: day(3, 0), pinned_to: ['C2'] },
      { user: 'U1', text: 'staging deploy notes', ts: day(3, 1), files: [{ id: 'F1', name: 'log.txt', url_private: 'https://f/1' }] },
    ],
    'D1/2024-01-04.json': [{ user: 'U2', text: 'private deploy question', ts: day(4, 0) }],
  };
  for (const [name, value] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, 'export', name)), { recursive: true });
    fs.writeFileSync(path.join(dir, 'export', name), JSON.stringify(value));
  }
  const opened = openWorkspaceDb(path.join(dir, 'ws.sqlite'));
  if (!opened.ok) throw new Error(opened.error.message);
  db = opened.value;
  await importSlackExport(db, { source: path.join(dir, 'export') });
});
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const texts = (q: string, sort: 'newest' | 'relevance' = 'newest') =>
  searchMessages(db, q, { sort, now: new Date('2024-06-01T00:00:00Z') }).hits.map((h) => h.message.text);

describe('searchMessages', () => {
  it('returns matches newest first', () => {
    expect(texts('deploy')).toEqual([
      'private deploy question',
      'staging deploy notes',
      'deploy deploy deploy on ops',
      'deploy again, see <https://ci.example.org/7|build 7>',
      'The deploy of the release notes is done',
    ]);
  });

  it('handles phrases, negation, prefixes and folded diacritics', () => {
    expect(texts('"release notes"')).toEqual(['The deploy of the release notes is done']);
    expect(texts('deploy -notes')).toEqual([
      'private deploy question',
      'deploy deploy deploy on ops',
      'deploy again, see <https://ci.example.org/7|build 7>',
    ]);
    expect(texts('deploym*')).toEqual(['deployment rollback planned']);
    expect(texts('creme brulee')).toEqual(['Crème brûlée for <@U1> tonight']);
  });

  it('finds mentions by the name shown, and links by their label', () => {
    expect(texts('lovelace')).toEqual(['Crème brûlée for <@U1> tonight']);
    expect(texts('build')).toEqual(['deploy again, see <https://ci.example.org/7|build 7>']);
  });

  it('applies in:, from:, to: and date modifiers', () => {
    expect(texts('deploy in:#ops')).toEqual(['staging deploy notes', 'deploy deploy deploy on ops']);
    expect(texts('deploy in:@bob')).toEqual(['private deploy question']);
    expect(texts('deploy from:@bob')).toEqual([
      'private deploy question',
      'deploy again, see <https://ci.example.org/7|build 7>',
    ]);
    expect(texts('deploy on:2024-01-02')).toEqual(['deploy again, see <https://ci.example.org/7|build 7>']);
    expect(texts('deploy after:2024-01-02 before:2024-01-04')).toEqual([
      'staging deploy notes',
      'deploy deploy deploy on ops',
    ]);
    expect(texts('deploy during:2023')).toEqual([]);
  });

  it('applies has: and is:thread, with no words at all', () => {
    expect(texts('has:link')).toEqual(['deploy again, see <https://ci.example.org/7|build 7>']);
    expect(texts('has:file')).toEqual(['staging deploy notes']);
    expect(texts('has:reaction')).toEqual(['deployment rollback planned']);
    expect(texts('has:pin')).toEqual(['deploy deploy deploy on ops']);
    expect(texts('is:thread')).toEqual([
      'deploy again, see <https://ci.example.org/7|build 7>',
      'The deploy of the release notes is done',
    ]);
  });

  it('answers nothing, with a reason, when a filter names nobody', () => {
    const page = searchMessages(db, 'deploy from:@zed in:#nowhere');
    expect(page.hits).toEqual([]);
    expect(page.problems.join(' ')).toMatch(/zed/);
    expect(page.problems.join(' ')).toMatch(/nowhere/);
  });

  it('ranks by relevance with bm25 and pages with a cursor', () => {
    expect(texts('deploy', 'relevance')[0]).toBe('deploy deploy deploy on ops');
    const first = searchMessages(db, 'deploy', { limit: 2 });
    const second = searchMessages(db, 'deploy', { limit: 2, cursor: first.nextCursor });
    const third = searchMessages(db, 'deploy', { limit: 2, cursor: second.nextCursor });
    const all = [...first.hits, ...second.hits, ...third.hits].map((h) => h.message.text);
    expect(all).toEqual(texts('deploy'));
    expect(third.nextCursor).toBeNull();
    const r1 = searchMessages(db, 'deploy', { sort: 'relevance', limit: 3 });
    const r2 = searchMessages(db, 'deploy', { sort: 'relevance', limit: 3, cursor: r1.nextCursor });
    expect([...r1.hits, ...r2.hits].map((h) => h.message.text)).toEqual(texts('deploy', 'relevance'));
  });

  it('returns a snippet with highlight offsets on the matched words', () => {
    const hit = searchMessages(db, 'brulee').hits[0];
    if (!hit) throw new Error('no hit');
    const [start, end] = hit.snippet.highlights[0] ?? [0, 0];
    expect(hit.snippet.text.slice(start, end)).toBe('brûlée');
    expect(hit.snippet.text).toContain('@Ada Lovelace');
    expect(hit.message.userName).toBe('Bob Stone');
  });

  it('keeps the hot queries inside the FTS index, with no sort step (EXPLAIN QUERY PLAN)', () => {
    for (const [sql, args] of [
      [NEWEST_SQL, ['deploy', 0, 1e18, 10]],
      [RELEVANCE_SQL, ['deploy', 0, 1e18, 10, 0]],
      [WINDOW_START_SQL, ['deploy', 0, 1e18, 10]],
    ] as const) {
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args).map((r) => (r as { detail: string }).detail);
      expect(plan.join('\n')).toMatch(/VIRTUAL TABLE INDEX/);
      expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
    }
  });
});

describe('searchMessages by relevance', () => {
  let rdir: string;
  let rdb: WorkspaceDb;
  beforeAll(async () => {
    rdir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-slackrank-'));
    const filler = Array.from({ length: 40 }, (_, n) => ({ user: 'U1', text: `alpha filler number ${n}`, ts: day(1, n) }));
    const files: Record<string, unknown> = {
      'users.json': [{ id: 'U1', name: 'ada' }],
      'channels.json': [{ id: 'C1', name: 'general', members: ['U1'] }],
      'general/2024-01-01.json': filler,
      'general/2024-01-02.json': [
        { user: 'U1', text: 'alpha beta beta beta', ts: day(2, 0) },
        { user: 'U1', text: 'alpha alpha alpha beta', ts: day(2, 1) },
        { user: 'U1', text: 'alpha beta', ts: day(2, 2) },
      ],
      'general/2024-01-03.json': [
        { user: 'U1', text: 'see the report', ts: day(3, 0), attachments: [{ title: 'gamma gamma gamma figures' }] },
        { user: 'U1', text: 'gamma once', ts: day(3, 1) },
      ],
    };
    for (const [name, value] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(rdir, 'export', name)), { recursive: true });
      fs.writeFileSync(path.join(rdir, 'export', name), JSON.stringify(value));
    }
    const opened = openWorkspaceDb(path.join(rdir, 'ws.sqlite'));
    if (!opened.ok) throw new Error(opened.error.message);
    rdb = opened.value;
    await importSlackExport(rdb, { source: path.join(rdir, 'export') });
  });
  afterAll(() => {
    rdb.close();
    fs.rmSync(rdir, { recursive: true, force: true });
  });
  const ranked = (q: string) => searchMessages(rdb, q, { sort: 'relevance', limit: 3 }).hits.map((h) => h.message.text);

  it('weighs a repeated rare word above a repeated common one', () => {
    expect(ranked('alpha beta')[0]).toBe('alpha beta beta beta');
    expect(ranked('beta alpha')[0]).toBe('alpha beta beta beta');
  });

  it('scores the text the index holds, attachments included', () => {
    expect(ranked('gamma')).toEqual(['see the report', 'gamma once']);
  });

  it('ranks one word by how often it occurs, then by shortness', () => {
    expect(ranked('alpha')).toEqual(['alpha alpha alpha beta', 'alpha beta', 'alpha beta beta beta']);
  });
});
