// Uses testarchive.zip from hfaran/slack-export-viewer (MIT licence, copyright Hamza Faran), see
// main/testing/data/slack-export-viewer/PROVENANCE.md and LICENSE beside it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../shared/contract/events.js';
import type { ChannelPageView, ConversationView, UserProfileView, WorkspaceStatus } from '../../shared/contract/slack.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { caller, openAndWait, type TestApp } from './slackSeat.testing.js';

const testArchive = path.resolve(import.meta.dirname, '../testing/data/slack-export-viewer/testarchive.zip');
const demoExport = path.resolve(import.meta.dirname, '../../studies/slack-demo/export');

let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
const { call, attempt } = caller(() => app);
beforeAll(() => {
  tmp = makeTempDir();
  app = createTestApp(tmp.dir);
});
afterAll(() => {
  app.close();
  tmp.cleanup();
});

describe('importing an export the researcher points at', () => {
  let ws: WorkspaceStatus;

  it('imports a zip as a user workspace, with progress, and browses it', async () => {
    const events: AppEvent[] = [];
    ws = await openAndWait(app, 'slackImportExport', { path: testArchive, title: 'Test archive' }, events);
    expect(ws).toMatchObject({ origin: 'user', title: 'Test archive', status: 'ready', studyKey: null });
    expect(ws.workspaceId).toMatch(/^u\./);
    expect(ws.report?.messages).toBe(158);
    const progress = events.flatMap((e) => (e.type === 'slack.import.progress' && e.workspaceId === ws.workspaceId ? [e.progress] : []));
    expect(progress.at(-1)).toMatchObject({ messages: 158 });

    const conversations = await call<ConversationView[]>('slackConversations', { workspaceId: ws.workspaceId });
    expect(conversations.length).toBe(ws.report!.conversations.channel + ws.report!.conversations.private + ws.report!.conversations.dm + ws.report!.conversations.mpim);
    const dms = await call<ConversationView[]>('slackConversations', { workspaceId: ws.workspaceId, kinds: ['dm', 'mpim'] });
    expect(dms.every((c) => c.kind === 'dm' || c.kind === 'mpim')).toBe(true);

    const channel = conversations.find((c) => c.kind === 'channel')!;
    const page = await call<ChannelPageView>('slackChannelPage', { workspaceId: ws.workspaceId, conversationId: channel.id });
    expect(page.messages.length).toBeGreaterThan(0);
    const first = page.messages[0]!;
    const dayOf = (ts: string) => new Date(Number(ts.split('.')[0]) * 1000).toISOString().slice(0, 10);
    const day = dayOf(first.ts);
    const jumped = await call<ChannelPageView>('slackJumpToDate', { workspaceId: ws.workspaceId, conversationId: channel.id, day });
    expect(dayOf(jumped.messages[0]!.ts)).toBe(day);
    expect(jumped.messages.map((m) => m.ts)).toContain(first.ts);
    const before = await call<ChannelPageView>('slackChannelPage', { workspaceId: ws.workspaceId, conversationId: channel.id, before: jumped.messages[0]!.id, limit: 1 });
    for (const m of before.messages) expect(dayOf(m.ts) < day).toBe(true);

    // Ids that messages name but users.json lacks come back by id, never as an error.
    for (const id of ws.report!.unknownUsers.slice(0, 3)) {
      expect(await call<UserProfileView>('slackUser', { workspaceId: ws.workspaceId, userId: id })).toMatchObject({ id, known: false });
    }
    const users = await call<UserProfileView[]>('slackUsers', { workspaceId: ws.workspaceId });
    expect(users.length).toBe(ws.report!.users);
  }, 120_000);

  it('keeps the workspace across a restart of the app', async () => {
    app.close();
    app = createTestApp(tmp.dir);
    const list = await call<WorkspaceStatus[]>('slackListWorkspaces', {});
    expect(list.find((w) => w.workspaceId === ws.workspaceId)).toMatchObject({ status: 'ready', title: 'Test archive' });
    expect(list.find((w) => w.studyKey === 'built-in:slack-demo')).toMatchObject({ workspaceId: 'slack-demo', status: 'not_imported' });
  });

  it('cancels an import and leaves no half workspace behind', async () => {
    const started = await call<WorkspaceStatus>('slackImportExport', { path: demoExport, title: 'Cancelled' });
    expect(started.status).toBe('importing');
    expect(await call('slackCancelImport', { importId: started.importId })).toEqual({ cancelled: true });
    const ended = await openAndWait(app, 'slackImportExport', { path: testArchive, title: 'after' });
    expect(ended.status).toBe('ready');
    let status = await call<WorkspaceStatus>('slackWorkspaceStatus', { workspaceId: started.workspaceId });
    while (status.status === 'importing') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = await call<WorkspaceStatus>('slackWorkspaceStatus', { workspaceId: started.workspaceId });
    }
    expect(status).toMatchObject({ status: 'cancelled', report: { cancelled: true } });
    const dbFile = path.join(tmp.dir, 'slack', 'user', `${started.workspaceId.slice(2)}.sqlite`);
    expect(fs.existsSync(dbFile)).toBe(false);
    expect(await attempt('slackConversations', { workspaceId: started.workspaceId })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(await call('slackCancelImport', { importId: started.importId })).toEqual({ cancelled: false });
  }, 120_000);

  it('says what is wrong with a path that holds no export', async () => {
    const missing = await attempt('slackImportExport', { path: path.join(tmp.dir, 'nope.zip') });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found', message: expect.stringContaining('nope.zip') } });
    const notZip = path.join(tmp.dir, 'notes.zip');
    fs.writeFileSync(notZip, 'not a zip');
    const failed = await openAndWait(app, 'slackImportExport', { path: notZip });
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/notes\.zip/);
  }, 120_000);
});
