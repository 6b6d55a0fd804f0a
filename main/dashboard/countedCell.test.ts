import { describe, expect, it } from 'vitest';
import type { DashboardView } from '../../shared/contract/dashboard.js';
import type { TeamResults } from '../../shared/contract/results.js';
import type { StudyOverview } from '../../shared/contract/study.js';
import type { makeTempDir } from '../testing/tempDir.js';
import { eachTestBetweenStudy } from '../study/eachTestBetweenStudy.testing.js';
import { call, consentAndStart, idle, STUDY_KEY, submitRun, type Screen, type TestApp } from '../study/study.testing.js';

// Issue 25 item 6: a dashboard cell shows the attempt that counts, and the Results screen does not call a voided
// cell "not played yet".

let app: TestApp;
eachTestBetweenStudy((_t: ReturnType<typeof makeTempDir>, a) => (app = a));

const idOf = async (code: string) => (await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY })).participants.find((p) => p.code === code)!.participantId;
async function played(code: string): Promise<{ participantId: string; runId: string }> {
  const participantId = await idOf(code);
  await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
  const runId = await consentAndStart(app, participantId);
  await submitRun(app, runId);
  await idle(app);
  return { participantId, runId };
}
const cellOf = async (code: string) => (await call<DashboardView>(app, 'dashboardView', { studyKey: STUDY_KEY })).participants.find((p) => p.row.code === code)!.cells[0]!;

describe('a plan cell played more than once', () => {
  it('shows the attempt that counts once its latest is over: done when an earlier attempt was chosen, or when a rerun was voided', async () => {
    const { participantId, runId: first } = await played('T01');
    await call(app, 'studyRerunCell', { studyKey: STUDY_KEY, participantId, cell: 'c1', reason: 'the window crashed' });
    const screen = await call<Screen<'run'>>(app, 'participantStep', { participantId });
    const started = await call<Screen<'run'>>(app, 'participantStartRun', { participantId, stepToken: screen.stepToken });
    const second = started.run!.runId;
    // While the rerun is played, the cell is that run.
    expect(await cellOf('T01')).toMatchObject({ status: 'in_progress', runId: second, attempt: 2 });
    await submitRun(app, second);
    await idle(app);
    expect(await cellOf('T01')).toMatchObject({ status: 'done', runId: second, attempt: 2 });

    await call(app, 'studyChooseAttempt', { studyKey: STUDY_KEY, participantId, cell: 'c1', attempt: 1 });
    expect(await cellOf('T01')).toMatchObject({ status: 'done', runId: first, attempt: 1 });

    // A voided latest attempt: the one that still counts is shown; with none left, the cell is void.
    await call(app, 'studyVoid', { studyKey: STUDY_KEY, participantId, runId: second, reason: 'wrong window' });
    expect(await cellOf('T01')).toMatchObject({ status: 'done', runId: first, attempt: 1 });
    await call(app, 'studyVoid', { studyKey: STUDY_KEY, participantId, runId: first, reason: 'also wrong' });
    expect(await cellOf('T01')).toMatchObject({ status: 'void' });
  }, 120_000);
});

describe("the Results screen's planned runs", () => {
  it('counts a voided cell with no attempt played again apart from the runs not played yet', async () => {
    await played('T01');
    const { participantId, runId } = await played('T02');
    const t03 = await idOf('T03');
    await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId: t03 });
    await call(app, 'studyVoid', { studyKey: STUDY_KEY, participantId, runId, reason: 'the wrong person sat down' });
    await idle(app);
    const results = await call<TeamResults>(app, 'studyResults', { studyKey: STUDY_KEY });
    expect([results.missingRuns, results.voidedRuns]).toEqual([1, 1]);

    // Asked for again, the voided cell is planned and not played yet.
    await call(app, 'studyRerunCell', { studyKey: STUDY_KEY, participantId, cell: 'c1', reason: 'play it properly' });
    const again = await call<TeamResults>(app, 'studyResults', { studyKey: STUDY_KEY });
    expect([again.missingRuns, again.voidedRuns]).toEqual([2, 0]);
  }, 120_000);
});
