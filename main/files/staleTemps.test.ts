import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { STALE_AFTER_MS } from './staleTemps.js';

// A kill -9 mid-write leaves `.teamseat-tmp-…` files that no later write removes; the host sweeps them at start.
const temps: Array<ReturnType<typeof makeTempDir>> = [];
const apps: Array<ReturnType<typeof createTestApp>> = [];
afterEach(() => {
  apps.splice(0).forEach((a) => void a.close());
  temps.splice(0).forEach((t) => t.cleanup());
});

function put(file: string, text: string, ageMs: number) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  const at = new Date(Date.now() - ageMs);
  fs.utimesSync(file, at, at);
}

describe('temp files an interrupted write left', () => {
  it('are removed at host start: only the app’s own temp names, only inside the data dir, not one being written', () => {
    const tmp = makeTempDir();
    temps.push(tmp);
    const data = path.join(tmp.dir, 'data');
    const outside = path.join(tmp.dir, 'elsewhere');
    const old = STALE_AFTER_MS * 10;
    const stale = [
      'results/pilot/transcripts/x/y/human_P01/.teamseat-tmp-0123456789ab',
      'results/pilot/.teamseat-tmp-abcdefabcdef',
      'exports/bundles/.teamseat-tmp-00000000ffff',
      '.teamseat-tmp-1234567890ab',
    ];
    for (const rel of stale) put(path.join(data, rel), '{"participant":"P01"}', old);
    const kept = [
      'results/pilot/.teamseat-tmp-0123456789a', // not the app's pattern (11 hex digits)
      'results/pilot/.teamseat-tmp-notours12345',
      'results/pilot/notes.teamseat-tmp-0123456789ab',
      'results/pilot/final_results.json',
      'studies/pack/.teamseat-tmp-0123456789ab', // not a folder the app writes with temps
    ];
    for (const rel of kept) put(path.join(data, rel), 'x', old);
    // Another process's write in flight (just made) is left alone.
    put(path.join(data, 'results/pilot/.teamseat-tmp-fedcbafedcba'), 'x', 0);
    kept.push('results/pilot/.teamseat-tmp-fedcbafedcba');
    // A link inside results/ to a folder outside the data dir: never followed.
    put(path.join(outside, '.teamseat-tmp-aaaaaaaaaaaa'), 'x', old);
    fs.symlinkSync(outside, path.join(data, 'results', 'linked'));
    // A link named like a temp file: not a file of ours, never removed (nor what it points to).
    fs.symlinkSync(
      path.join(outside, '.teamseat-tmp-aaaaaaaaaaaa'),
      path.join(data, 'results', '.teamseat-tmp-bbbbbbbbbbbb'),
    );

    const lines: string[] = [];
    apps.push(
      createTestApp(data, {
        info: (m, d) => lines.push(`${m} ${JSON.stringify(d)}`),
        warn: () => {},
        error: () => {},
      }),
    );
    for (const rel of stale) expect(fs.existsSync(path.join(data, rel)), rel).toBe(false);
    for (const rel of kept) expect(fs.existsSync(path.join(data, rel)), rel).toBe(true);
    expect(fs.existsSync(path.join(outside, '.teamseat-tmp-aaaaaaaaaaaa'))).toBe(true);
    expect(fs.lstatSync(path.join(data, 'results', '.teamseat-tmp-bbbbbbbbbbbb')).isSymbolicLink()).toBe(
      true,
    );
    const logged = lines.find((l) => l.startsWith('removed temp files left by an interrupted write '));
    const files = (
      JSON.parse(logged!.slice('removed temp files left by an interrupted write '.length)) as {
        files: string[];
      }
    ).files;
    expect(files.sort()).toEqual([...stale].sort());
  });
});
