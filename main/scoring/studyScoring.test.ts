import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { makeTempDir } from '../testing/tempDir.js';
import type { StudyOverview } from '../../shared/contract/study.js';
import type { FinalResults } from '../../shared/team/export/resultTypes.js';
import { call, consentAndStart, idle, STUDY_ID, STUDY_KEY, submitRun, type TestApp } from '../study/study.testing.js';
import { eachTestBetweenStudy } from '../study/eachTestBetweenStudy.testing.js';

// final_results.json under results/<study id>/ follows the results writer: written when a counted run lands, by the
// protocol's design, and removed when no counted run is left (an erasure).

let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
eachTestBetweenStudy((t, a) => ((tmp = t), (app = a)));

const finalResults = () => path.join(tmp.dir, 'results', STUDY_ID, 'final_results.json');

describe('final_results.json as runs end', () => {
  it('is written after a counted run with the between design and each person’s planned runs; gone after erasure', async () => {
    const overview = await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY });
    const ids = Object.fromEntries(overview.participants.map((p) => [p.code, p.participantId]));
    for (const code of ['T01', 'T02']) await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId: ids[code] });
    expect(fs.existsSync(finalResults())).toBe(false);

    await submitRun(app, await consentAndStart(app, ids.T01!));
    await idle(app);
    const r = JSON.parse(fs.readFileSync(finalResults(), 'utf8')) as FinalResults;
    expect(r.models).toEqual(['human:T01', 'human:all']);
    expect(r.design).toEqual({ design: 'between', pooled_gate: 'a strict majority (> 0.5)' });
    expect(r.cells['human:T01']!['sharing_and_seeking_information']).toMatchObject({ gating: 'none', n_gated: 0 });
    // T02 started (their plan is fixed) but has not played: their one planned run is missing, by its plan's version.
    expect(r.missing_runs).toEqual([expect.objectContaining({ model: 'human:T02', scenario: 'hidden-profile' })]);
    expect(r.problems).toEqual([]);

    await call(app, 'studyErase', { studyKey: STUDY_KEY, participantId: ids.T01, confirmCode: 'T01' });
    await idle(app);
    expect(fs.existsSync(finalResults())).toBe(false);
  }, 120_000);

  it('uses the pooled gate the study names in study.yaml (protocol.scoring.pooled_gate)', async () => {
    const yaml = path.join(tmp.dir, 'studies', 'between-test', 'study.yaml');
    fs.writeFileSync(yaml, fs.readFileSync(yaml, 'utf8').replace('  ordering: fixed\n', '  ordering: fixed\n  scoring: { pooled_gate: 1 }\n'));
    const overview = await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY });
    const t01 = overview.participants.find((p) => p.code === 'T01')!.participantId;
    await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId: t01 });
    await submitRun(app, await consentAndStart(app, t01));
    await idle(app);
    const r = JSON.parse(fs.readFileSync(finalResults(), 'utf8')) as FinalResults;
    expect(r.design).toEqual({ design: 'between', pooled_gate: 'a rate of at least 1' });
  }, 120_000);
});
