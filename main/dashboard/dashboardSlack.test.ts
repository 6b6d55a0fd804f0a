import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardParticipant, DashboardView } from '../../shared/contract/dashboard.js';
import type { RunView } from '../../shared/contract/slack.js';
import { caller, DEMO, startSlackPractice, type TestApp } from '../slackSeat/slackSeat.testing.js';
import { StudyLogs } from '../study/studyLog.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { participantOf, type LiveRun, type ViewInputs } from './dashboardView.js';

// A participant in a Slack run, seen from the experimenter's dashboard: the row's Pause and Resume act on the run
// through the Slack seat's own service (recorded in the run's log, as the participant's own pause is), and the row
// says when the participant is idle or near the limit, as it does for a team run. Real app services, SQLite in a temp
// dir; only Date is moved (the idle minutes).

let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
const { call, attempt } = caller(() => app);

beforeEach(() => {
  tmp = makeTempDir();
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  app = createTestApp(tmp.dir);
});
afterEach(async () => {
  await app.close();
  vi.useRealTimers();
  tmp.cleanup();
});

const rowOf = (v: DashboardView, participantId: string) => v.participants.find((p) => p.row.participantId === participantId)!;

describe('the dashboard and a Slack run', () => {
  it('pauses and resumes the run in its own log, refuses a second pause, and says when the participant is idle', async () => {
    const { participantId, code, runId } = await startSlackPractice(app);
    const who = { studyKey: DEMO, participantId };
    expect(rowOf(await call<DashboardView>('dashboardView', { studyKey: DEMO }), participantId)).toMatchObject({ pausable: 'pause', notices: [] });

    const paused = await call<DashboardParticipant>('dashboardPause', { ...who, reason: 'fire alarm' });
    expect(paused.pausable).toBe('resume');
    expect(paused.cells.find((c) => c.runId === runId)?.status).toBe('paused');
    const run = await call<RunView>('slackRunView', { runId });
    expect(run.status).toBe('paused');
    expect(run.pauses.at(-1)).toMatchObject({ reason: 'experimenter: fire alarm', resumedAt: null });
    const again = await attempt('dashboardPause', { ...who, reason: 'twice' });
    expect(again.ok ? null : again.error.message).toBe(`${code}: The run is already paused. Nothing was changed.`);
    expect((await call<RunView>('slackRunView', { runId })).pauses).toHaveLength(run.pauses.length);

    const resumed = await call<DashboardParticipant>('dashboardResume', who);
    expect(resumed.pausable).toBe('pause');
    expect((await call<RunView>('slackRunView', { runId })).pauses.at(-1)).toMatchObject({ reason: 'experimenter: fire alarm', resumeReason: 'experimenter' });

    // Nothing recorded in the run for four minutes: the participant is idle (a paused run would not be).
    vi.setSystemTime(Date.now() + 4 * 60_000);
    expect(rowOf(await call<DashboardView>('dashboardView', { studyKey: DEMO }), participantId).notices).toEqual([{ kind: 'idle', text: 'Idle for 4 minutes.' }]);
  }, 60_000);

  it('says the time limit is near once the run reaches its warning time, and nothing of a run that is not running', async () => {
    const { participantId } = await startSlackPractice(app);
    const state = new StudyLogs(app).state(DEMO);
    const p = state.participants.find((x) => x.id === participantId)!;
    const inputsWith = (slack: NonNullable<LiveRun['slack']>): ViewInputs => ({
      studyKey: DEMO,
      title: 'slack-demo',
      state,
      taskTitles: {},
      live: () => ({ view: null, slack, lastEventAt: new Date().toISOString(), error: null }),
      checking: () => false,
      now: new Date(),
      idleMinutes: 3,
    });
    const running = { status: 'running' as const, elapsedMs: 0, remainingMs: 600_000, warnAtMs: 480_000 };
    expect(participantOf(p, inputsWith(running)).notices).toEqual([]);
    expect(participantOf(p, inputsWith({ ...running, elapsedMs: 480_000, remainingMs: 120_000 })).notices).toEqual([{ kind: 'time_limit_near', text: 'Time limit near: 2 min left.' }]);
    expect(participantOf(p, inputsWith({ ...running, status: 'paused', elapsedMs: 500_000, remainingMs: 100_000 })).notices).toEqual([]);
    expect(participantOf(p, inputsWith({ ...running, status: 'time_up', elapsedMs: 600_000, remainingMs: 0 }))).toMatchObject({ notices: [], pausable: null });
  }, 60_000);
});
