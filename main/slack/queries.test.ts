// Uses testarchive.zip from hfaran/slack-export-viewer (MIT licence, copyright Hamza Faran), see
// main/testing/data/slack-export-viewer/PROVENANCE.md and LICENSE beside it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSlackExport } from './import/importExport.js';
import { openWorkspaceDb, type WorkspaceDb } from './openWorkspaceDb.js';
import {
  channelMembers, channelPage, jumpToDate, listConversations, PAGE_AFTER_SQL, PAGE_BEFORE_SQL, SLACK_TOOLS,
  listUsers, threadReplies, userProfile,
} from './queries.js';
import * as search from './search.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const testArchive = path.resolve(here, '../testing/data/slack-export-viewer/testarchive.zip');
let dir: string;
let db: WorkspaceDb;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-slackqueries-'));
  const opened = openWorkspaceDb(path.join(dir, 'ws.sqlite'));
  if (!opened.ok) throw new Error(opened.error.message);
  db = opened.value;
  await importSlackExport(db, { source: testArchive });
});
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const enrique = 'C0JGLMMNX';

describe('workspace queries', () => {
  it('lists conversations with kind and members', () => {
    const list = listConversations(db);
    expect(list.map((c) => c.name).sort()).toEqual(['enrique', 'traveling-sailor']);
    expect(list[0]?.kind).toBe('channel');
    expect(channelMembers(db, enrique)).toHaveLength(4);
    expect(listConversations(db, ['dm'])).toEqual([]);
  });

  it('walks a channel backwards and forwards with keyset cursors, covering every message once', () => {
    const total = db.prepare('SELECT count(*) FROM messages WHERE conversation_id = ? AND in_channel = 1').pluck().get(enrique) as number;
    const seen: number[] = [];
    let page = channelPage(db, { conversationId: enrique, limit: 7 });
    expect(page.newerCursor).toBeNull();
    for (;;) {
      seen.unshift(...page.messages.map((m) => m.id));
      if (page.olderCursor === null) break;
      page = channelPage(db, { conversationId: enrique, before: page.olderCursor, limit: 7 });
    }
    expect(seen).toHaveLength(total);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    const forward: number[] = [];
    let cursor: number | null = 0;
    while (cursor !== null) {
      const p = channelPage(db, { conversationId: enrique, after: cursor, limit: 9 });
      forward.push(...p.messages.map((m) => m.id));
      cursor = p.newerCursor;
    }
    expect(forward).toEqual(seen);
  });

  it('jumps to the first message of a day', () => {
    const page = jumpToDate(db, enrique, '2016-01-15', 0, 3);
    expect(new Date(Number(page.messages[0]?.ts) * 1000).toISOString().slice(0, 10)).toBe('2016-01-15');
  });

  it('shows the edited message and the reaction the export holds', () => {
    const edited = db.prepare('SELECT conversation_id, ts FROM messages WHERE edited_ts IS NOT NULL').get() as { conversation_id: string; ts: string };
    const around = channelPage(db, { conversationId: edited.conversation_id, after: 0, limit: 500 });
    expect(around.messages.find((m) => m.ts === edited.ts)?.editedTs).not.toBeNull();
    const reacted = db.prepare('SELECT conversation_id, ts FROM messages WHERE has_reaction = 1').get() as { conversation_id: string; ts: string };
    const page = channelPage(db, { conversationId: reacted.conversation_id, after: 0, limit: 500 });
    expect(page.messages.find((m) => m.ts === reacted.ts)?.reactions[0]?.name).toBeTruthy();
  });

  it('returns a thread with its parent first', () => {
    db.prepare("UPDATE messages SET thread_ts = ts WHERE ts = '1452837352.000006'").run();
    db.prepare("UPDATE messages SET thread_ts = '1452837352.000006', in_channel = 0 WHERE ts = '1452837359.000007'").run();
    const thread = threadReplies(db, enrique, '1452837352.000006');
    expect(thread.map((m) => m.ts)).toEqual(['1452837352.000006', '1452837359.000007']);
  });

  it('gives known profiles and shows an unknown user by id', () => {
    expect(userProfile(db, 'U0BMYT2FL')).toMatchObject({ realName: 'Harry Potter', known: true });
    expect(userProfile(db, 'UGONE')).toMatchObject({ id: 'UGONE', name: 'UGONE', known: false });
  });

  it('maps every SlackBench tool name to an exported function', () => {
    const exported: Record<string, unknown> = { channelMembers, channelPage, listConversations, listUsers, threadReplies, userProfile, ...search };
    for (const fn of Object.values(SLACK_TOOLS)) expect(typeof exported[fn], fn).toBe('function');
    expect(listUsers(db)).toHaveLength(4);
  });

  it('pages a channel through its partial index, with no sort step (EXPLAIN QUERY PLAN)', () => {
    for (const sql of [PAGE_BEFORE_SQL, PAGE_AFTER_SQL]) {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(enrique, 5, 10) as Array<{ detail: string }>).map((r) => r.detail).join('\n');
      expect(plan).toMatch(/messages_channel_page/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });
});
