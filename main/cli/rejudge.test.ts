import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(REPO, 'node_modules', '.bin', 'tsx');
const rejudge = (dataDir: string) =>
  spawnSync(tsx, ['main/cli/rejudge.ts', 'a'.repeat(24), '--data-dir', dataDir], { cwd: REPO, encoding: 'utf8', env: { ...process.env, TEAMSEAT_DATA_DIR: '' } });

let tmp: ReturnType<typeof makeTempDir>;
afterEach(() => tmp.cleanup());

describe('npm run rejudge', () => {
  it('refuses a data dir without a session database, naming it, and creates nothing there', () => {
    tmp = makeTempDir();
    const wrong = path.join(tmp.dir, 'Teamseat-typo');
    const r = rejudge(wrong);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`No Teamseat data at ${wrong}: ${path.join(wrong, 'teamseat.db')} does not exist`);
    expect(fs.existsSync(wrong)).toBe(false);
    // An existing folder that is not a data dir is left as it was, too.
    fs.mkdirSync(wrong);
    expect(rejudge(wrong).status).toBe(2);
    expect(fs.readdirSync(wrong)).toEqual([]);
  }, 60_000);

  it('reads a real data dir (an unknown run is that run’s error, not a refusal of the folder)', async () => {
    tmp = makeTempDir();
    await createTestApp(tmp.dir).close();
    const r = rejudge(tmp.dir);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^${'a'.repeat(24)}: `));
    expect(r.stderr).not.toContain('No Teamseat data');
  }, 60_000);
});
