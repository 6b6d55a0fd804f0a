import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import type { StudyOverview } from '../../shared/contract/study.js';
import type { DashboardParticipant, DashboardView } from '../../shared/contract/dashboard.js';
import { call, consentAndStart, refused, STUDY_KEY, submitRun, writeBetweenStudy, type TestApp } from '../study/study.testing.js';

// The dashboard over the real study service and team runner: cells follow the runs, pause/resume go through the
// run's own session, and an action on a participant who has just finished is refused and records nothing.

let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
beforeEach(() => {
  tmp = makeTempDir();
  writeBetweenStudy(tmp.dir);
  app = createTestApp(tmp.dir);
});
afterEach(async () => {
  await app.close();
  tmp.cleanup();
});

const view = () => call<DashboardView>(app, 'dashboardView', { studyKey: STUDY_KEY });
const rowOf = (v: DashboardView, code: string) => v.participants.find((p) => p.row.code === code)!;

describe('dashboard', () => {
  it('shows each cell as it moves, pauses and resumes a run, and refuses a pause once the run has ended', async () => {
    const overview = await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY });
    const [t01, t02] = overview.participants;
    await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId: t01!.participantId });
    let v = await view();
    expect(v.participants.map((p) => p.row.code)).toEqual(['T01', 'T02', 'T03']);
    expect(rowOf(v, 'T01').cells.map((c) => c.status)).toEqual(['not_started']);
    expect(rowOf(v, 'T02').cells).toEqual([]);

    const runId = await consentAndStart(app, t01!.participantId);
    v = await view();
    const playing = rowOf(v, 'T01');
    expect(playing.cells[0]).toMatchObject({ status: 'in_progress', runId, round: 1 });
    expect(playing.current?.task).toBeTruthy();
    expect(playing.pausable).toBe('pause');

    const who = { studyKey: STUDY_KEY, participantId: t01!.participantId };
    const paused = await call<DashboardParticipant>(app, 'dashboardPause', { ...who, reason: 'fire alarm' });
    expect(paused.cells[0]!.status).toBe('paused');
    expect(paused.pausable).toBe('resume');
    expect(await refused(app, 'teamSend', { sessionId: runId, to: 'team', text: 'hello' })).toMatch(/paused/);
    const resumed = await call<DashboardParticipant>(app, 'dashboardResume', who);
    expect(resumed.cells[0]!.status).toBe('in_progress');

    await submitRun(app, runId);
    const events = app.database.eventLog!.replay(runId).length;
    expect(await refused(app, 'dashboardPause', { ...who, reason: 'too late' })).toMatch(/T01 is not playing a run right now.*Nothing was changed/);
    expect(app.database.eventLog!.replay(runId).length).toBe(events);
    expect(await refused(app, 'dashboardPause', { studyKey: STUDY_KEY, participantId: t02!.participantId, reason: 'x' })).toMatch(/T02 is invited/);
    expect(rowOf(await view(), 'T01').cells[0]!.status).toBe('done');

    await call(app, 'studyVoid', { ...who, reason: 'test visit' });
    expect(rowOf(await view(), 'T01').cells[0]!.status).toBe('void');
  });
});
