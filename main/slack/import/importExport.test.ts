// Uses testarchive.zip from hfaran/slack-export-viewer (MIT licence, copyright Hamza Faran), see
// main/testing/data/slack-export-viewer/PROVENANCE.md and LICENSE beside it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openWorkspaceDb, type WorkspaceDb } from '../openWorkspaceDb.js';
import { importSlackExport } from './importExport.js';
import { writeTestZip } from './zipWriter.testing.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const testArchive = path.resolve(here, '../../testing/data/slack-export-viewer/testarchive.zip');

const dirs: string[] = [];
const dbs: WorkspaceDb[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-slackimport-'));
  dirs.push(dir);
  return dir;
}
function freshDb(): WorkspaceDb {
  const opened = openWorkspaceDb(path.join(tempDir(), 'ws.sqlite'));
  if (!opened.ok) throw new Error(opened.error.message);
  dbs.push(opened.value);
  return opened.value;
}
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const count = (db: WorkspaceDb, sql: string, ...args: unknown[]) => db.prepare(sql).pluck().get(...args) as number;

function writeFolderExport(root: string, files: Record<string, unknown>) {
  for (const [name, value] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), typeof value === 'string' ? value : JSON.stringify(value));
  }
}

describe('importSlackExport on the real test archive', () => {
  it('imports users, channels and every message, with progress reaching the total', async () => {
    const db = freshDb();
    const seen: number[] = [];
    const report = await importSlackExport(db, {
      source: testArchive,
      batchSize: 20,
      onProgress: (p) => seen.push(p.entriesDone / p.entriesTotal),
    });
    expect(report.skipped).toEqual([]);
    expect(report.users).toBe(4);
    expect(report.conversations.channel).toBe(2);
    expect(report.messages).toBe(158);
    expect(report.added).toBe(158);
    expect(report.edited).toBe(1);
    expect(report.withReactions).toBe(1);
    expect(report.botMessages).toBeGreaterThan(90);
    expect(seen[seen.length - 1]).toBe(1);
    expect(count(db, 'SELECT count(*) FROM messages')).toBe(158);
    // The first message of #enrique mentions a user by id; the index holds the name.
    const hits = db.prepare("SELECT rowid FROM messages_fts WHERE messages_fts MATCH 'text:abilinski'").pluck().all();
    expect(hits.length).toBeGreaterThan(0);
    const ts = db.prepare('SELECT ts FROM messages ORDER BY id LIMIT 1').pluck().get();
    expect(ts).toBe('1452837318.000002');
  });

  it('re-importing the same export adds nothing and keeps the same counts', async () => {
    const db = freshDb();
    const first = await importSlackExport(db, { source: testArchive });
    const second = await importSlackExport(db, { source: testArchive });
    expect(second.messages).toBe(first.messages);
    expect(second.added).toBe(0);
    expect(second.alreadyPresent).toBe(158);
    expect(count(db, 'SELECT count(*) FROM messages')).toBe(158);
    expect(count(db, "SELECT count(*) FROM messages_fts WHERE messages_fts MATCH 'meta:any'")).toBe(158);
    expect(count(db, 'SELECT count(*) FROM users')).toBe(4);
  });

  it('refuses a day file whose declared size passes the limit and imports the rest', async () => {
    const db = freshDb();
    // users.json holds 8,902 bytes; five day files hold more than 9,000.
    const report = await importSlackExport(db, { source: testArchive, maxEntryBytes: 9000 });
    const refused = report.skipped.filter((s) => /zip bomb/.test(s.reason));
    expect(refused.length).toBeGreaterThan(0);
    expect(report.messages).toBeGreaterThan(0);
    expect(report.messages).toBeLessThan(158);
  });

  it('fails the import when a metadata file passes the limit: without it every name would be wrong', async () => {
    await expect(importSlackExport(freshDb(), { source: testArchive, maxEntryBytes: 6000 })).rejects.toThrow(/^users\.json: .*zip bomb/);
  });

  it('stops between files when cancelled', async () => {
    const db = freshDb();
    const controller = new AbortController();
    const report = await importSlackExport(db, {
      source: testArchive,
      onProgress: (p) => p.entriesDone >= 4 && controller.abort(),
      signal: controller.signal,
    });
    expect(report.cancelled).toBe(true);
    expect(report.messages).toBeLessThan(158);
  });
});

describe('importSlackExport on crafted exports', () => {
  const users = [
    { id: 'U1', name: 'ada', real_name: 'Ada Lovelace', profile: { display_name: 'ada' } },
    { id: 'U2', name: 'bob', deleted: true },
  ];
  const channels = [{ id: 'C1', name: 'general', members: ['U1', 'U2'], topic: { value: 'all' } }];

  it('joins threads across day files, keeps orphan replies visible and skips a truncated day file', async () => {
    const root = tempDir();
    writeFolderExport(root, {
      'users.json': users,
      'channels.json': channels,
      'dms.json': [{ id: 'D1', members: ['U1', 'U2'] }],
      'general/2021-03-01.json': [
        { type: 'message', user: 'U1', text: 'parent <@U2>', ts: '1614556800.000100', thread_ts: '1614556800.000100', reply_count: 2 },
        { type: 'message', user: 'U9', text: 'from a stranger', ts: '1614556900.000000' },
      ],
      'general/2021-03-02.json': [
        { type: 'message', user: 'U2', text: 'late reply', ts: '1614643200.000100', thread_ts: '1614556800.000100' },
        { type: 'message', subtype: 'thread_broadcast', user: 'U1', text: 'also in channel', ts: '1614643300.000000', thread_ts: '1614556800.000100' },
        { type: 'message', user: 'U1', text: 'reply to a lost parent', ts: '1614643400.000000', thread_ts: '1600000000.000000' },
        { type: 'message', user: 'U1', text: 'no ts here' },
      ],
      'general/2021-03-03.json': '[{"type":"message","user":"U1","text":"cut',
      'D1/2021-03-01.json': [{ type: 'message', user: 'U1', text: 'same instant, other place', ts: '1614556800.000100' }],
    });
    const db = freshDb();
    const report = await importSlackExport(db, { source: root });
    expect(report.messages).toBe(6);
    expect(report.conversations).toEqual({ channel: 1, private: 0, dm: 1, mpim: 0 });
    expect(report.threadReplies).toBe(3);
    expect(report.broadcasts).toBe(1);
    expect(report.orphanReplies).toBe(1);
    expect(report.unknownUsers).toEqual(['U9']);
    expect(report.skipped.map((s) => `${s.entry}${s.path}`)).toEqual([
      'general/2021-03-02.json[3]',
      'general/2021-03-03.json',
    ]);
    const replies = db
      .prepare("SELECT text FROM messages WHERE conversation_id = 'C1' AND thread_ts = '1614556800.000100' AND ts <> thread_ts ORDER BY id")
      .pluck()
      .all();
    expect(replies).toEqual(['late reply', 'also in channel']);
    const inChannel = db.prepare("SELECT text FROM messages WHERE conversation_id = 'C1' AND in_channel = 1 ORDER BY id").pluck().all();
    expect(inChannel).toEqual(['parent <@U2>', 'from a stranger', 'also in channel', 'reply to a lost parent']);
    // Two conversations shared one microsecond: both kept, in time order, ts text untouched.
    const same = db.prepare("SELECT conversation_id, ts FROM messages WHERE ts = '1614556800.000100' ORDER BY id").all();
    expect(same).toHaveLength(2);
    expect(count(db, "SELECT name FROM conversations WHERE id = 'D1'") as unknown).toBe('ada, bob');
  });

  it('reads CP437 entry names and refuses an entry that inflates past its declared size', async () => {
    const file = path.join(tempDir(), 'export.zip');
    const json = (v: unknown) => Buffer.from(JSON.stringify(v));
    // 0x82 is "é" in CP437; the zip does not set the UTF-8 flag, as old Windows tools wrote them.
    const cafeFolder = Buffer.concat([Buffer.from('caf'), Buffer.from([0x82]), Buffer.from('/2021-03-01.json')]);
    const big = json([{ type: 'message', user: 'U1', text: 'x'.repeat(5000), ts: '1614556800.000200' }]);
    writeTestZip(file, [
      { name: Buffer.from('users.json'), data: json(users) },
      { name: Buffer.from('channels.json'), data: json([{ id: 'C2', name: 'café' }]) },
      { name: cafeFolder, data: json([{ type: 'message', user: 'U1', text: 'bonjour', ts: '1614556800.000100' }]) },
      { name: Buffer.from('café/2021-03-02.json'), data: big, utf8: true, declaredSize: 100 },
    ]);
    const db = freshDb();
    const report = await importSlackExport(db, { source: file, maxEntryBytes: 1000 });
    expect(report.messages).toBe(1);
    expect(count(db, "SELECT count(*) FROM messages WHERE conversation_id = 'C2'")).toBe(1);
    expect(report.skipped).toHaveLength(1);
    expect(report.skipped[0]?.entry).toBe('café/2021-03-02.json');
    expect(report.skipped[0]?.reason).toMatch(/zip bomb/);
  });
});
