// Reads fixtures/nonascii-no-utf8-flag.zip, made with Info-ZIP `zip -r` (see fixtures/PROVENANCE.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openWorkspaceDb, type WorkspaceDb } from '../openWorkspaceDb.js';
import { importSlackExport } from './importExport.js';
import { openZipSource } from './zipSource.js';

const fixture = path.resolve(import.meta.dirname, 'fixtures/nonascii-no-utf8-flag.zip');
const dirs: string[] = [];
const dbs: WorkspaceDb[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('entry names of a zip made with zip -r (UTF-8 bytes, no UTF-8 flag)', () => {
  it('reads the names as UTF-8, not CP437', async () => {
    const source = await openZipSource(fixture);
    try {
      expect(source.entries.map((e) => e.name).sort()).toEqual([
        'nonascii-export/café/2020-09-13.json',
        'nonascii-export/channels.json',
        'nonascii-export/users.json',
        'nonascii-export/日本語/2020-09-13.json',
      ]);
    } finally {
      source.close();
    }
  });

  it("puts each channel's messages in that channel and makes no garbled one", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-zipnames-'));
    dirs.push(dir);
    const opened = openWorkspaceDb(path.join(dir, 'ws.sqlite'));
    if (!opened.ok) throw new Error(opened.error.message);
    dbs.push(opened.value);
    const db = opened.value;
    const report = await importSlackExport(db, { source: fixture });
    expect(report.skipped).toEqual([]);
    expect(report.conversations.channel).toBe(2);
    const rows = db
      .prepare('SELECT c.name, m.text FROM messages m JOIN conversations c ON c.id = m.conversation_id ORDER BY m.id')
      .all();
    expect(rows).toEqual([
      { name: 'café', text: 'Bonjour à tous, le café est prêt' },
      { name: '日本語', text: 'こんにちは' },
    ]);
  });
});
