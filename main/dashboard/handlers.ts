import type { dashboardMethods } from '../../shared/contract/dashboard.js';
import { fail, ok, type Result } from '../../shared/result.js';
import { participantStatus } from '../../shared/study/fold.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import { StudyLogs } from '../study/studyLog.js';
import { teamSessionsOf } from '../team/teamSessionsOf.js';
import { slackRunsOf } from '../slackSeat/slackRunsOf.js';
import { experimenterReason } from '../../shared/pause.js';
import { buildDashboard, participantOf, type LiveRun, type ViewInputs } from './dashboardView.js';

const IDLE_MINUTES = 3;

/**
 * The experimenter's dashboard (issue 13). Reads the study log's cached fold and the open team sessions; its two
 * actions (pause, resume a participant's run in progress) go through the run's own service (its team session, or the
 * Slack runs), which records them before it answers. Void, withdraw, rerun and erase are the study service's own methods, called as they are.
 */
export function setupDashboardHandlers(s: AppServices): Pick<AppHandlers, keyof typeof dashboardMethods> {
  const logs = new StudyLogs(s);
  const teams = teamSessionsOf(s);
  const slackRuns = slackRunsOf(s);

  const live = (runId: string, seat: 'team' | 'slack'): LiveRun => {
    const log = s.database.eventLog;
    if (!log) return { view: null, lastEventAt: null, error: 'The session database cannot be used.' };
    // A Slack run's own view: reading it carries the run on as its seat would (a crash pause recorded once, with
    // the time up to the last alive stamp), so the cell's time is the run's clock.
    if (seat !== 'team') {
      const lastEventAt = log.replayAfter(runId, Math.max(0, log.position(runId).last - 1)).at(-1)?.wallTime ?? null;
      const run = slackRuns.view(runId);
      if (!run.ok) return { view: null, lastEventAt, error: `The run cannot be opened: ${run.error.message}` };
      const { elapsedMs, status, remainingMs, warnAtMs } = run.value;
      return { view: null, slack: { elapsedMs, status, remainingMs, ...(warnAtMs !== undefined ? { warnAtMs } : {}) }, lastEventAt, error: null };
    }
    const team = teams.get(runId);
    if (!team.ok) return { view: null, lastEventAt: null, error: `The run cannot be opened: ${team.error.message}` };
    // The open session's own log (the dashboard reads every live run on every event: no query per run).
    return { view: team.value.glance(), lastEventAt: team.value.lastEventAt, error: null };
  };

  const inputs = (studyKey: string): Result<ViewInputs> => {
    const study = s.library.open(studyKey);
    if (!study) return fail('not_found', `No study "${studyKey}" in the library.`);
    return ok({
      studyKey,
      title: study.title,
      state: logs.state(studyKey),
      taskTitles: Object.fromEntries(study.tasks.map((t) => [t.id, t.title])),
      live,
      checking: (runId) => teams.checking(runId),
      now: new Date(),
      idleMinutes: IDLE_MINUTES,
    });
  };

  /** The participant's run in progress, refused with a message that says why when there is none (say they just finished). */
  const runOf = (studyKey: string, participantId: string) => {
    const got = inputs(studyKey);
    if (!got.ok) return got;
    const p = got.value.state.participants.find((x) => x.id === participantId);
    if (!p) return fail('not_found', `Study ${studyKey} has no participant ${participantId}.`);
    const status = participantStatus(p);
    const run = p.runs.find((r) => r.runId === p.currentRun);
    if (status !== 'active') return fail('conflict', `${p.code} is ${status}: there is no run to pause or resume. Nothing was changed.`);
    if (!run || run.endedHow !== null || run.voided !== null) return fail('conflict', `${p.code} is not playing a run right now (their last run has ended). Nothing was changed.`);
    if (run.seat !== 'team') return ok({ run: { seat: 'slack' as const, runId: run.runId }, code: p.code });
    const team = teams.get(run.runId);
    return team.ok ? ok({ run: { seat: 'team' as const, team: team.value }, code: p.code }) : team;
  };

  const after = (studyKey: string, participantId: string) => {
    const got = inputs(studyKey);
    if (!got.ok) return got;
    const p = got.value.state.participants.find((x) => x.id === participantId);
    return p ? ok(participantOf(p, got.value)) : fail('not_found', `Study ${studyKey} has no participant ${participantId}.`);
  };

  return {
    dashboardView: ({ studyKey }) => {
      const got = inputs(studyKey);
      return got.ok ? ok(buildDashboard(got.value)) : got;
    },
    dashboardPause: async ({ studyKey, participantId, reason }) => {
      const found = runOf(studyKey, participantId);
      if (!found.ok) return found;
      const { run, code } = found.value;
      // Recorded in the run's own log as the participant's own pause is, as the experimenter's (its `by`, and the
      // reason's prefix the transcript's pauses show): the seat covers and only the experimenter lifts it (issue 25).
      const recorded = experimenterReason(reason);
      const paused = run.seat === 'team' ? await run.team.pause(recorded, 'experimenter') : slackRuns.pause(run.runId, recorded, 'experimenter');
      if (!paused.ok) return fail(paused.error.code, `${code}: ${paused.error.message} Nothing was changed.`);
      return after(studyKey, participantId);
    },
    dashboardResume: async ({ studyKey, participantId }) => {
      const found = runOf(studyKey, participantId);
      if (!found.ok) return found;
      const { run, code } = found.value;
      const resumed = run.seat === 'team' ? await run.team.resume('experimenter', 'experimenter') : slackRuns.resume(run.runId, 'experimenter', 'experimenter');
      if (!resumed.ok) return fail(resumed.error.code, `${code}: ${resumed.error.message} Nothing was changed.`);
      return after(studyKey, participantId);
    },
  };
}
