import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import { dispatch } from '../app/dispatch.js';
import { silentLogger } from '../app/logger.js';
import type { Result } from '../../shared/result.js';
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

  it('serialises two dashboards acting on one participant at once: one pause is recorded, the other is refused and sees it', async () => {
    const overview = await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY });
    const t01 = overview.participants[0]!;
    await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId: t01.participantId });
    const runId = await consentAndStart(app, t01.participantId);
    const who = { studyKey: STUDY_KEY, participantId: t01.participantId };
    const kinds = () => app.database.eventLog!.replay(runId).map((e) => e.kind);
    const before = kinds().length;

    // Both dashboards press Pause in the same instant.
    const [a, b] = await Promise.all([dispatchOf('dashboardPause', { ...who, reason: 'first' }), dispatchOf('dashboardPause', { ...who, reason: 'second' })]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect(refusalOf(a, b)).toBe('T01: The session is already paused. Nothing was changed.');
    expect(kinds().slice(before)).toEqual(['paused']);
    // The other dashboard's next read (it reads on every committed event) shows the pause.
    expect(rowOf(await view(), 'T01').cells[0]!.status).toBe('paused');

    const [c, d] = await Promise.all([dispatchOf('dashboardResume', who), dispatchOf('dashboardResume', who)]);
    expect([c.ok, d.ok].sort()).toEqual([false, true]);
    expect(refusalOf(c, d)).toBe('T01: The session is not paused. Nothing was changed.');
    expect(kinds().slice(before).filter((k) => k === 'paused' || k === 'resumed')).toEqual(['paused', 'resumed']);
  });

  it("names a column by its place when a Latin square gives participants different tasks there, and each cell by its task", async () => {
    // team-demo orders its tasks by a Williams square: cell c1 is P01's first task and P02's first, not the same task.
    const studyKey = 'built-in:team-demo';
    const overview = await call<StudyOverview>(app, 'studyParticipants', { studyKey });
    const [p1, p2] = overview.participants;
    for (const p of [p1!, p2!]) await call(app, 'studyStartParticipant', { studyKey, participantId: p.participantId });
    const v = await call<DashboardView>(app, 'dashboardView', { studyKey });
    const first = v.cells.find((c) => !c.practice)!;
    const taskIn = (code: string) => v.participants.find((p) => p.row.code === code)!.cells.find((c) => c.cell === first.cell)!.task;
    expect(taskIn(p1!.code)).not.toBe(taskIn(p2!.code));
    expect(first).toMatchObject({ label: 'Task 1', sameTask: false });
    const practice = v.cells.find((c) => c.practice)!;
    expect(practice).toMatchObject({ sameTask: true });
    expect(practice.label).toMatch(/^Practice: /);
  });

  it('a participant withdrawn mid-run is nowhere, and their run stops: paused, no more time counted, no more messages taken', async () => {
    const overview = await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY });
    const t01 = overview.participants[0]!;
    await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId: t01.participantId });
    const runId = await consentAndStart(app, t01.participantId);
    await call(app, 'studyWithdraw', { studyKey: STUDY_KEY, participantId: t01.participantId, reason: 'asked to stop' });
    const row = rowOf(await view(), 'T01');
    expect(row.current).toBeNull();
    expect(row.cells[0]!.status).toBe('abandoned');
    expect(app.database.eventLog!.replay(runId).map((e) => e.kind)).toContain('paused');
    expect(await refused(app, 'teamSend', { sessionId: runId, to: 'team', text: 'hello' })).toMatch(/paused/);
  });
});

const dispatchOf = (method: string, args: unknown) => dispatch(app.handlers, method, args, { host: 'test' }, silentLogger);
/** The message of whichever of two answers was refused. */
const refusalOf = (...answers: Result<unknown>[]) => answers.map((r) => (r.ok ? null : r.error.message)).find((m) => m !== null);
