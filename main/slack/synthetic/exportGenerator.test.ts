import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importSlackExport } from '../import/importExport.js';
import { openWorkspaceDb } from '../openWorkspaceDb.js';
import { searchMessages } from '../search.js';
import { generateSlackExport } from './exportGenerator.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('generateSlackExport', () => {
  it('writes an export the importer reads completely, with threads, reactions and edits', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-slackgen-'));
    dirs.push(dir);
    const gen = generateSlackExport({ dir: path.join(dir, 'export'), channels: 5, messages: 3000, users: 20, days: 10 });
    const opened = openWorkspaceDb(path.join(dir, 'ws.sqlite'));
    if (!opened.ok) throw new Error(opened.error.message);
    const report = await importSlackExport(opened.value, { source: gen.dir });
    expect(report.skipped).toEqual([]);
    expect(report.messages).toBe(3000);
    expect(report.added).toBe(3000);
    expect(report.threadReplies).toBeGreaterThan(100);
    expect(report.withReactions).toBeGreaterThan(100);
    expect(report.edited).toBeGreaterThan(50);
    // The most common word is common, a rare one is rare: the Zipf-like law holds.
    const common = searchMessages(opened.value, gen.words[0] ?? '', { limit: 100 }).hits.length;
    expect(common).toBe(100);
    opened.value.close();
  });
});
