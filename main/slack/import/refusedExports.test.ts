import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openWorkspaceDb, type WorkspaceDb } from '../openWorkspaceDb.js';
import { ExportRefused } from './exportRefused.js';
import { importSlackExport } from './importExport.js';
import { writeZip } from './yazlZip.testing.js';

const dirs: string[] = [];
const dbs: WorkspaceDb[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function importZip(entries: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-refused-'));
  dirs.push(dir);
  const file = path.join(dir, 'export.zip');
  await writeZip(file, entries);
  const opened = openWorkspaceDb(path.join(dir, 'ws.sqlite'));
  if (!opened.ok) throw new Error(opened.error.message);
  dbs.push(opened.value);
  return importSlackExport(opened.value, { source: file });
}

const users = JSON.stringify([{ id: 'U1', name: 'ada' }]);
const channels = JSON.stringify([{ id: 'C1', name: 'general' }]);
const day = JSON.stringify([{ type: 'message', user: 'U1', text: 'hello', ts: '1614556800.000100' }]);

describe('exports that cannot become a workspace end the import with a reason', () => {
  it('refuses an empty zip', async () => {
    await expect(importZip({})).rejects.toThrow(ExportRefused);
    await expect(importZip({})).rejects.toThrow(/it is empty; a Slack export holds users\.json, channels\.json/);
  });

  it('refuses a zip that is not a Slack export, naming what it holds', async () => {
    await expect(importZip({ 'notes/readme.txt': 'hello', 'photo.png': 'png' })).rejects.toThrow(
      /not a Slack export: it holds notes\/readme\.txt, photo\.png/,
    );
    await expect(importZip({ 'junk.bin': '\u0000\u0001' })).rejects.toThrow(/not a Slack export: it holds junk\.bin/);
  });

  it('refuses an export whose only day file is junk, naming the file', async () => {
    await expect(importZip({ 'general/2021-03-01.json': 'garbage' })).rejects.toThrow(
      /no message could be read from its 1 day file\(s\); general\/2021-03-01\.json: .*not valid JSON/,
    );
    await expect(importZip({ 'general/2021-03-01.json': '[{"text": "no ts"}]' })).rejects.toThrow(/general\/2021-03-01\.json \[0\]: /);
  });

  it('refuses a channels.json that is not JSON, with the line and column', async () => {
    const broken = '[\n  {"id": "C1", "name": "general"},\n  {"id": "C2" "name": "random"}\n]';
    await expect(importZip({ 'users.json': users, 'channels.json': broken, 'general/2021-03-01.json': day })).rejects.toThrow(
      /^channels\.json: not valid JSON: .*\(line 3, column \d+\)/,
    );
  });

  it('refuses a channels.json that is not an array, or whose items lack an id, naming the place', async () => {
    await expect(importZip({ 'users.json': users, 'channels.json': '{"C1": {}}', 'general/2021-03-01.json': day })).rejects.toThrow(
      'channels.json: expected a JSON array of channels, found an object',
    );
    const noId = JSON.stringify([{ id: 'C1', name: 'general' }, { name: 'random' }]);
    await expect(importZip({ 'users.json': users, 'channels.json': noId, 'general/2021-03-01.json': day })).rejects.toThrow(
      /^channels\.json: \[1\]\.id: /,
    );
    await expect(importZip({ 'export/users.json': '[{"name": 3}]', 'export/channels.json': channels })).rejects.toThrow(/^export\/users\.json: \[0\]\.id/);
  });

  it('still imports a sound export, listing a broken day file beside good ones', async () => {
    const report = await importZip({
      'users.json': users,
      'channels.json': channels,
      'general/2021-03-01.json': day,
      'general/2021-03-02.json': 'garbage',
    });
    expect(report.messages).toBe(1);
    expect(report.skipped.map((s) => s.entry)).toEqual(['general/2021-03-02.json']);
  });
});
