import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import type { StudyOverview } from '../../shared/contract/study.js';
import { call, consentAndStart, idle, STUDY_KEY, submitRun, writeBetweenStudy, type TestApp } from '../study/study.testing.js';

// The data folder is owner-only: on a shared lab machine no other account may read a participant's words.

let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  tmp.cleanup();
});

/** Every file and folder under `dir` (itself included) whose mode lets group or others in, as `path mode`. */
function readableByOthers(dir: string): string[] {
  const all = [dir, ...(fs.readdirSync(dir, { recursive: true }) as string[]).map((rel) => path.join(dir, rel))];
  return all
    .map((p) => ({ p, st: fs.lstatSync(p) }))
    .filter(({ st }) => !st.isSymbolicLink() && (st.mode & 0o077) !== 0)
    .map(({ p, st }) => `${path.relative(dir, p) || '.'} ${(st.mode & 0o777).toString(8)}`);
}

const modeOf = (p: string) => (fs.statSync(p).mode & 0o777).toString(8);

describe.skipIf(process.platform === 'win32')('the data folder', () => {
  it('is made 0700, and an existing one loses group and other access at start', () => {
    tmp = makeTempDir();
    const fresh = path.join(tmp.dir, 'fresh');
    app = createTestApp(fresh);
    expect(modeOf(fresh)).toBe('700');
    void app.close();

    const old = path.join(tmp.dir, 'old');
    fs.mkdirSync(path.join(old, 'results', 'between-test'), { recursive: true, mode: 0o755 });
    fs.chmodSync(old, 0o755);
    fs.chmodSync(path.join(old, 'results'), 0o755);
    fs.writeFileSync(path.join(old, 'results', 'between-test', 'final_results.json'), '{}', { mode: 0o644 });
    fs.writeFileSync(path.join(old, 'run.sh'), '#!/bin/sh\n', { mode: 0o755 });
    expect(readableByOthers(old).length).toBeGreaterThan(0);
    app = createTestApp(old);
    expect(readableByOthers(old)).toEqual([]);
    expect(modeOf(path.join(old, 'results', 'between-test', 'final_results.json'))).toBe('600');
    // An owner's execute bit stays: only group and others lose theirs.
    expect(modeOf(path.join(old, 'run.sh'))).toBe('700');
  });

  it('holds only owner-only files and folders after a study run wrote results and a bundle', async () => {
    tmp = makeTempDir();
    writeBetweenStudy(tmp.dir);
    app = createTestApp(tmp.dir);
    const overview = await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY });
    const participantId = overview.participants[0]!.participantId;
    await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
    await submitRun(app, await consentAndStart(app, participantId));
    await idle(app);
    const scan = await call<{ hits: Array<{ id: string }> }>(app, 'bundleScan', { studyKey: STUDY_KEY });
    const bundle = await call<{ path: string }>(app, 'bundleWrite', { studyKey: STUDY_KEY, decisions: Object.fromEntries(scan.hits.map((h) => [h.id, 'keep'])) });

    const written = fs.readdirSync(tmp.dir, { recursive: true }) as string[];
    expect(written).toEqual(expect.arrayContaining(['teamseat.db', 'teamseat.db-wal', 'teamseat.db-shm', path.relative(tmp.dir, bundle.path)]));
    expect(written.some((f) => f.startsWith(path.join('results', 'between-test', 'transcripts')) && f.endsWith('.json'))).toBe(true);
    expect(readableByOthers(tmp.dir)).toEqual([]);
  }, 60_000);
});
