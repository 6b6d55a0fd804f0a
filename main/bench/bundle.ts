import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../app/services.js';
import { silentLogger } from '../app/logger.js';
import { confSettingsFactory } from '../settings/confFactory.js';
import type { StudyOverview } from '../../shared/contract/study.js';
import {
  call,
  consentAndStart,
  idle,
  STUDY_KEY,
  submitRun,
  writeBetweenStudy,
} from '../study/study.testing.js';
import { resultsWriterOf } from '../study/handlers.js';
import { collectBundle } from '../bundle/collect.js';
import { scanBundle } from '../bundle/privacy.js';
import { bundleFiles, writeBundleZip } from '../bundle/writeBundle.js';
import { mergeBundles } from '../bundle/merge.js';
import type { BenchRow } from './types.js';

const SESSIONS = 1000;

/**
 * A station with `SESSIONS` run sessions: one run played through the real handlers, its log copied into 999 more
 * sessions (pilot runs of the same task), the results writer's transcripts for all of them. Returns the app.
 */
async function station(appRoot: string, dir: string, code: string) {
  writeBetweenStudy(dir);
  const app = createApp({
    host: 'browser',
    version: 'bench',
    appRoot,
    dataDir: dir,
    settingsFactory: confSettingsFactory,
    log: silentLogger,
  });
  const overview = await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY });
  const participantId = overview.participants.find((p) => p.code === code)!.participantId;
  await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
  const runId = await consentAndStart(app, participantId);
  await submitRun(app, runId);
  await idle(app);
  const log = app.database.eventLog!;
  const events = log.replay(runId).map((e) => ({ kind: e.kind, payload: e.payload }));
  for (let i = 1; i < SESSIONS; i++) {
    const s = log.createSession({
      studyKey: STUDY_KEY,
      taskId: 'hidden-profile',
      participant: `pilot-${code}-${i}`,
    });
    log.appendAll(s.id, events);
  }
  await resultsWriterOf(app)!.schedule(STUDY_KEY);
  await idle(app);
  return app;
}

/** A bundle of 1,000 sessions: collect + scan + build + zip + atomic write, and its size; then merging two of them. */
export async function benchBundle(appRoot: string): Promise<BenchRow[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-bench-bundle-'));
  const apps: Array<ReturnType<typeof createApp>> = [];
  try {
    const zips: string[] = [];
    const rows: BenchRow[] = [];
    for (const code of ['T01', 'T02']) {
      const dir = path.join(root, code);
      const app = await station(appRoot, dir, code);
      apps.push(app);
      const t0 = performance.now();
      const src = collectBundle(app, STUDY_KEY);
      if (!src.ok) throw new Error(src.error.message);
      const hits = scanBundle(src.value);
      const built = bundleFiles(
        src.value,
        hits,
        Object.fromEntries(hits.map((h) => [h.id, 'keep' as const])),
      );
      if (!built.ok) throw new Error(built.error.message);
      const out = path.join(root, `${code}.zip`);
      const written = await writeBundleZip(built.value.files, out);
      const ms = performance.now() - t0;
      zips.push(out);
      if (code === 'T01') {
        rows.push({
          name: `bundle of ${src.value.sessions.length} sessions (${src.value.runs.length} runs, ${built.value.manifest.counts.events} events): export`,
          value: ms,
          unit: 'ms',
        });
        rows.push({ name: 'bundle of 1,000 sessions: zip size', value: written.bytes / 1e6, unit: 'MB' });
      }
    }
    const t0 = performance.now();
    const merged = await mergeBundles(zips, path.join(root, 'merged.zip'));
    if (!merged.ok) throw new Error(merged.error.message);
    rows.push({
      name: `merge two 1,000-session bundles (${merged.value.sessions} sessions, re-scored)`,
      value: performance.now() - t0,
      unit: 'ms',
    });
    rows.push({ name: 'merged bundle size', value: merged.value.bytes / 1e6, unit: 'MB' });
    return rows;
  } finally {
    for (const app of apps) await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
