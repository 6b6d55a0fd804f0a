// Uses testarchive.zip from hfaran/slack-export-viewer (MIT licence, copyright Hamza Faran), see
// main/testing/data/slack-export-viewer/PROVENANCE.md and LICENSE beside it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportProgress } from '../../../shared/slack/importReport.js';
import { openWorkspaceDb } from '../openWorkspaceDb.js';
import { runImportInWorker } from './runImportInWorker.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const testArchive = path.resolve(here, '../../testing/data/slack-export-viewer/testarchive.zip');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('runImportInWorker', () => {
  it('imports in a worker thread, reports progress, and leaves a database the main thread can read', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-slackworker-'));
    dirs.push(dir);
    const dbFile = path.join(dir, 'ws.sqlite');
    const progress: ImportProgress[] = [];
    const result = await runImportInWorker({ dbFile, source: testArchive }, (p) => progress.push(p));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.messages).toBe(158);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress[progress.length - 1]?.messages).toBe(158);
    const opened = openWorkspaceDb(dbFile, { readonly: true });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.prepare('SELECT count(*) FROM messages').pluck().get()).toBe(158);
    opened.value.close();
  });

  it('returns an error value when the source does not exist', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-slackworker-'));
    dirs.push(dir);
    const result = await runImportInWorker({ dbFile: path.join(dir, 'ws.sqlite'), source: path.join(dir, 'nope.zip') }, () => undefined);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/nope\.zip/);
  });
});
