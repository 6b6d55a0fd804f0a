import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessScope } from '../../shared/contract/access.js';
import type { TeamResults } from '../../shared/contract/results.js';
import type { StudyOverview } from '../../shared/contract/study.js';
import type { FinalResults } from '../../shared/team/export/resultTypes.js';
import { silentLogger } from '../app/logger.js';
import { ScopedHost } from '../access/scopedHost.js';
import { createOwnership } from '../access/ownership.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { call, consentAndStart, idle, STUDY_ID, STUDY_KEY, writeBetweenStudy, type TestApp } from '../study/study.testing.js';

// The Results screen's data for a team study: the counted runs of results/<study id>/ with their session ids, the
// same rows final_results.json holds, a re-check that reports and never overwrites, and no way in for a link.

let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
const ids: Record<string, string> = {};
const runIds: Record<string, string> = {};
beforeAll(async () => {
  tmp = makeTempDir();
  writeBetweenStudy(tmp.dir);
  app = createTestApp(tmp.dir);
  const overview = await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY });
  for (const p of overview.participants) ids[p.code] = p.participantId;
  for (const [code, answer] of [
    ['T01', 'West City'],
    ['T02', 'North Hill'],
  ] as const) {
    await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId: ids[code] });
    runIds[code] = await consentAndStart(app, ids[code]!);
    await call(app, 'teamSubmit', { sessionId: runIds[code], answer });
  }
  // The experimenter's own pilot run of the same task never counts.
  const pilot = await call<{ sessionId: string }>(app, 'teamStart', { studyKey: STUDY_KEY, taskId: 'hidden-profile', participant: 'PILOT', version: 'control', seed: 0 });
  await call(app, 'teamSubmit', { sessionId: pilot.sessionId, answer: 'West City' });
  await idle(app);
}, 120_000);
afterAll(() => {
  app.close();
  tmp.cleanup();
});

const dir = () => path.join(tmp.dir, 'results', STUDY_ID);

describe('team results', () => {
  it('lists each counted run with its session, outcome and reason, and the rows of final_results.json', async () => {
    const r = await call<TeamResults>(app, 'studyResults', { studyKey: STUDY_KEY });
    expect(r).toMatchObject({ kind: 'team', design: 'between', pooledGate: 'a strict majority (> 0.5)', recheck: null, problems: [] });
    expect(r.runs.map((x) => [x.participant, x.runId, x.task, x.pass])).toEqual([
      ['T01', runIds.T01, 'hidden-profile', true],
      ['T02', runIds.T02, 'hidden-profile', false],
    ]);
    for (const run of r.runs) {
      const file = path.join(dir(), 'transcripts', run.dimension, run.task, `human_${run.participant}`, `${run.version}_seed${run.seed}.json`);
      const t = JSON.parse(fs.readFileSync(file, 'utf8')) as { score: { outcome: string } };
      expect(run.outcome).toBe(t.score.outcome);
      expect(run.reason.length).toBeGreaterThan(0);
    }
    const written = JSON.parse(fs.readFileSync(path.join(dir(), 'final_results.json'), 'utf8')) as FinalResults;
    expect(r.rows.map((row) => row.model)).toEqual(written.models);
    for (const row of r.rows) {
      expect(row.overall.score).toBe(written.overall[row.model]!.score);
      expect(row.overall.ci).toEqual(written.overall[row.model]!.ci);
      for (const [d, c] of Object.entries(row.dimensions)) expect(c.test_ci).toEqual(written.cells[row.model]![d]!.test_ci);
    }
  });

  it('re-checks against the study’s pack, reports a disagreement and keeps the recorded score', async () => {
    const agreed = await call<TeamResults>(app, 'studyResults', { studyKey: STUDY_KEY, recheck: true });
    expect(agreed.runs.map((x) => x.recheck?.status)).toEqual(['agrees', 'agrees']);
    expect(agreed.recheck).toMatchObject({ rechecked: 2, disagree: 0, notRechecked: 0 });

    // A score that does not follow from the transcript's final state (edited by hand, or by an older checker).
    const run = agreed.runs[0]!;
    const file = path.join(dir(), 'transcripts', run.dimension, run.task, 'human_T01', `${run.version}_seed${run.seed}.json`);
    const t = JSON.parse(fs.readFileSync(file, 'utf8')) as { score: { pass: boolean; outcome: string } };
    t.score = { ...t.score, pass: false, outcome: 'chose_decoy' };
    fs.writeFileSync(file, JSON.stringify(t));
    const r = await call<TeamResults>(app, 'studyResults', { studyKey: STUDY_KEY, recheck: true });
    const t01 = r.runs.find((x) => x.participant === 'T01')!;
    expect(t01).toMatchObject({ pass: false, outcome: 'chose_decoy', recheck: { status: 'disagrees', pass: true, outcome: agreed.runs[0]!.outcome } });
    expect(r.recheck).toMatchObject({ rechecked: 2, disagree: 1 });
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ score: { pass: false, outcome: 'chose_decoy' } });
  });

  it('is refused to a participant link and a rater link before any handler runs', async () => {
    const host = new ScopedHost(app.handlers, app.bus, createOwnership(app, app.handlers, (k) => app.access.studyAlias(k)), silentLogger, 'browser');
    const scopes: AccessScope[] = [
      { kind: 'participant', studyKey: STUDY_KEY, participantId: ids.T01! },
      { kind: 'rater', studyKey: STUDY_KEY, rater: 'R1' },
    ];
    for (const scope of scopes) {
      const r = await host.call(scope, 'studyResults', { studyKey: STUDY_KEY });
      expect(r).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    }
    expect(await host.call({ kind: 'experimenter' }, 'studyResults', { studyKey: STUDY_KEY })).toMatchObject({ ok: true });
  });
});
