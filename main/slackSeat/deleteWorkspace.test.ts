// Uses testarchive.zip from hfaran/slack-export-viewer (MIT licence, copyright Hamza Faran), see
// main/testing/data/slack-export-viewer/PROVENANCE.md and LICENSE beside it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceStatus } from '../../shared/contract/slack.js';
import { writeZip } from '../slack/import/yazlZip.testing.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { caller, DEMO, openAndWait, type TestApp } from './slackSeat.testing.js';

const testArchive = path.resolve(import.meta.dirname, '../testing/data/slack-export-viewer/testarchive.zip');
const demoStudy = path.resolve(import.meta.dirname, '../../studies/slack-demo');

let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
const { call, attempt } = caller(() => app);
beforeAll(() => {
  tmp = makeTempDir();
  // A researcher's own copy of the demo study (not built in), under its own id.
  const copy = path.join(tmp.dir, 'studies', 'slack-copy');
  fs.cpSync(demoStudy, copy, { recursive: true });
  const yaml = path.join(copy, 'study.yaml');
  fs.writeFileSync(yaml, fs.readFileSync(yaml, 'utf8').replace(/^id: slack-demo$/m, 'id: slack-copy'));
  app = createTestApp(tmp.dir);
});
afterAll(() => {
  app.close();
  tmp.cleanup();
});

const list = () => call<WorkspaceStatus[]>('slackListWorkspaces', {});
const dbOf = (ws: WorkspaceStatus) =>
  ws.workspaceId.startsWith('u.') ? path.join(tmp.dir, 'slack', 'user', `${ws.workspaceId.slice(2)}.sqlite`) : path.join(tmp.dir, 'slack', `${ws.workspaceId}.sqlite`);

describe('deleting a Slack workspace', () => {
  it('shows an empty zip as a failed import naming the file, and deletes it', async () => {
    const empty = path.join(tmp.dir, 'empty.zip');
    await writeZip(empty, {});
    const failed = await openAndWait(app, 'slackImportExport', { path: empty });
    expect(failed).toMatchObject({ status: 'failed', report: null });
    expect(failed.error).toContain(`${empty}: it is empty`);
    expect((await list()).some((w) => w.workspaceId === failed.workspaceId)).toBe(true);

    expect(await call('slackDeleteWorkspace', { workspaceId: failed.workspaceId })).toEqual({ deleted: true });
    expect((await list()).some((w) => w.workspaceId === failed.workspaceId)).toBe(false);
    expect(await attempt('slackWorkspaceStatus', { workspaceId: failed.workspaceId })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  }, 60_000);

  it('deletes an imported workspace: its database and record go, browsing it is refused', async () => {
    const ws = await openAndWait(app, 'slackImportExport', { path: testArchive, title: 'Unwanted' });
    expect(ws.status).toBe('ready');
    await call('slackConversations', { workspaceId: ws.workspaceId }); // keeps a connection open
    expect(fs.existsSync(dbOf(ws))).toBe(true);
    expect(await call('slackDeleteWorkspace', { workspaceId: ws.workspaceId })).toEqual({ deleted: true });
    expect(fs.readdirSync(path.dirname(dbOf(ws))).filter((f) => f.startsWith(ws.workspaceId.slice(2)))).toEqual([]);
    expect(await attempt('slackConversations', { workspaceId: ws.workspaceId })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await attempt('slackDeleteWorkspace', { workspaceId: ws.workspaceId })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  }, 60_000);

  it('refuses while the workspace imports', async () => {
    const started = await call<WorkspaceStatus>('slackImportExport', { path: path.join(demoStudy, 'export'), title: 'Busy' });
    expect(started.status).toBe('importing');
    expect(await attempt('slackDeleteWorkspace', { workspaceId: started.workspaceId })).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: expect.stringContaining('cancel the import') },
    });
    await call('slackCancelImport', { importId: started.importId });
    let status = started;
    while (status.status === 'importing') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = await call<WorkspaceStatus>('slackWorkspaceStatus', { workspaceId: started.workspaceId });
    }
    expect(await call('slackDeleteWorkspace', { workspaceId: started.workspaceId })).toEqual({ deleted: true });
  }, 60_000);

  it("refuses a built-in study's workspace", async () => {
    const ws = await openAndWait(app, 'slackOpenStudyWorkspace', { studyKey: DEMO });
    expect(ws.status).toBe('ready');
    expect(await attempt('slackDeleteWorkspace', { workspaceId: ws.workspaceId })).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: expect.stringContaining('built-in study') },
    });
    expect(fs.existsSync(dbOf(ws))).toBe(true);
  }, 120_000);

  it("refuses a study's workspace while an unanswered run browses it, and deletes it once answered", async () => {
    const studyKey = 'user:slack-copy';
    const ws = await openAndWait(app, 'slackOpenStudyWorkspace', { studyKey, queryId: 'as-library-permit' });
    expect(ws).toMatchObject({ workspaceId: 'slack-copy', status: 'ready' });
    const run = await call<{ runId: string }>('slackStartRun', { studyKey, queryId: 'as-library-permit', participant: 'P01' });
    expect(await attempt('slackDeleteWorkspace', { workspaceId: 'slack-copy' })).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: expect.stringContaining('unanswered query run(s) (P01)') },
    });
    await call('slackPauseRun', { runId: run.runId, reason: 'break' });
    expect(await attempt('slackDeleteWorkspace', { workspaceId: 'slack-copy' })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    await call('slackResumeRun', { runId: run.runId, reason: 'back' });
    await call('slackSubmitAnswer', { runId: run.runId, answer: 'CP-2024-0815' });
    expect(await call('slackDeleteWorkspace', { workspaceId: 'slack-copy' })).toEqual({ deleted: true });
    expect(fs.existsSync(dbOf(ws))).toBe(false);
    expect((await list()).find((w) => w.workspaceId === 'slack-copy')).toMatchObject({ status: 'not_imported' });
  }, 120_000);
});
