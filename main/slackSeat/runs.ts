import { MODEL_RUN_ERROR } from '../team/teamLog.js';
import type { RunView } from '../../shared/contract/slack.js';
import type { StoredEvent } from '../../shared/contract/schemas.js';
import { DEFAULT_TIME_LIMIT_MINUTES } from '../../shared/judge/query.js';
import { SINGLE_GRADER, type GradingRule } from '../../shared/judge/grades.js';
import { fail, ok, type Result } from '../../shared/result.js';
import type { BenchmarkTool } from '../../shared/harbor/tools.js';
import type { AppServices } from '../app/appServices.js';
import type { EventLog } from '../db/eventLog.js';
import { monotonicMicros } from '../db/monotonic.js';
import { findQuery, loadSlackStudy } from './slackStudy.js';
import { studyImportTarget } from './studyWorkspace.js';
import type { SlackWorkspaces } from './workspaces.js';
import { checkLimit, msUntilNextCheck } from '../../shared/team/engine/activeTime.js';
import { LimitTimer } from '../team/teamClock.js';
import { crashGap } from '../team/crashGap.js';
import type { HostAlive } from '../team/hostAlive.js';
import { EXPERIMENTER_PAUSE_HOLDS, type PausedBy } from '../../shared/pause.js';
import { hostAliveOf } from '../team/hostAliveOf.js';
import {
  CRASH_PAUSE,
  elapsedUs,
  foldRun,
  TIME_UP,
  TIME_WARNING,
  timeLimitUs,
  warningLeadUs,
  GRADED,
  PAUSED,
  RESUMED,
  RUN_STARTED,
  runStatus,
  runView,
  SUBMITTED,
  TOOL_CALL,
  type Graded,
  type RunStarted,
  type RunState,
  type ToolCallRecord,
} from './runLog.js';

/** What a recorded call must belong to: the run's workspace for Slack tools, its study for repository tools. */
export type CallScope = { workspaceId: string } | { studyKey: string };

/** Query runs: one session per (study, query, participant) in the app's event log, its state a fold of the log. */
export class SlackRuns {
  /** Runs already checked for a restart gap by this instance. */
  private readonly carriedOn = new Set<string>();
  /** When this instance (the app's process) started: a run whose last event is older was interrupted by a restart. */
  private readonly startedAt: number;
  private readonly timers = new Map<string, LimitTimer>();

  constructor(
    private readonly s: AppServices,
    private readonly workspaces: SlackWorkspaces,
    /** Must be the clock the event log stamps events with (monotonic µs, and wall time). */
    private readonly nowUs: () => number = monotonicMicros,
    private readonly wall: () => Date = () => new Date(),
    /** When an earlier process was last alive (the app's stamp; a test passes the one of the process it simulates). */
    private readonly alive: Pick<HostAlive, 'aliveAfter'> = hostAliveOf(s),
  ) {
    this.startedAt = wall().getTime();
  }

  private log(): Result<EventLog> {
    const log = this.s.database.eventLog;
    return log ? ok(log) : fail('database', 'The session database cannot be used; see the message on the library screen.');
  }

  /** `newAttempt`: a model's retry after an endpoint error starts a run of its own rather than reopening the stopped one. */
  start(studyKey: string, queryId: string, participant: string, limits: { timeLimitSec?: number | undefined; timeWarningSec?: number | undefined; newAttempt?: boolean } = {}): Result<RunView> {
    const log = this.log();
    if (!log.ok) return log;
    const study = loadSlackStudy(this.s.library, studyKey);
    if (!study.ok) return study;
    const query = findQuery(study.value, queryId);
    if (!query.ok) return query;
    const existing = this.list(studyKey).find((r) => r.started.queryId === queryId && r.started.participant === participant);
    // Carried on as any other call does: a run left open by a crash gets its crash pause before its clock is read.
    if (existing && !limits.newAttempt) return this.view(existing.runId);
    const target = studyImportTarget(study.value, query.value);
    if (!target.ok) return target;
    const ws = this.workspaces.known(target.value.workspaceId);
    if (ws?.status !== 'ready') {
      return fail('conflict', `The workspace for query ${queryId} is not ready yet; open it first and wait for its import to finish.`);
    }
    const session = log.value.createSession({ studyKey, taskId: queryId, participant, meta: { kind: 'slack' } });
    const started: RunStarted = {
      studyKey,
      queryId,
      category: query.value.category,
      participant,
      workspaceId: target.value.workspaceId,
      timeLimitMinutes: limits.timeLimitSec !== undefined ? limits.timeLimitSec / 60 : (query.value.timeLimitMinutes ?? DEFAULT_TIME_LIMIT_MINUTES),
      ...(limits.timeWarningSec !== undefined ? { timeWarningSec: limits.timeWarningSec } : {}),
    };
    this.append(session.id, RUN_STARTED, started);
    this.carriedOn.add(session.id);
    return this.view(session.id);
  }

  /** The run's state from its log, or an error naming what is wrong. */
  state(runId: string): Result<RunState> {
    const log = this.log();
    if (!log.ok) return log;
    if (!log.value.getSession(runId)) return fail('not_found', `No run ${runId}.`);
    const state = foldRun(log.value.replay(runId));
    return state ? ok(state) : fail('bad_request', `Session ${runId} is not a Slack query run.`);
  }

  view(runId: string): Result<RunView> {
    const state = this.live(runId);
    if (!state.ok) return state;
    const { text, grading } = this.queryOf(state.value);
    return ok(runView(state.value, text, this.nowUs(), grading));
  }

  list(studyKey: string): RunState[] {
    const log = this.s.database.eventLog;
    if (!log) return [];
    return log
      .listSessions(studyKey)
      .map((session) => foldRun(log.replay(session.id)))
      .filter((r): r is RunState => r !== null)
      .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  }

  /**
   * The run's status for a listing, without carrying it on: a run left open by an earlier process is read as of its
   * last event, since the time after it up to now holds the downtime (its crash pause, recorded when the run is next
   * opened, leaves that out).
   */
  statusOf(state: RunState): RunView['status'] {
    const last = state.events.at(-1);
    const leftOpen = last !== undefined && !this.carriedOn.has(state.runId) && Date.parse(last.wallTime) < this.startedAt;
    return runStatus(state, leftOpen ? last.monoUs : this.nowUs());
  }

  /** As a team run's (issue 25): the experimenter's pause takes over the seat's own, and only they lift theirs. */
  pause(runId: string, reason: string, by: PausedBy): Result<RunView> {
    const state = this.live(runId);
    if (!state.ok) return state;
    const status = runStatus(state.value, this.nowUs());
    if (status === 'submitted') return fail('conflict', 'The run is answered.');
    if (status === 'error') return fail('conflict', 'The run was closed on an error.');
    if (status === 'paused') {
      if (by === 'participant' || state.value.pausedBy === 'experimenter') return fail('conflict', 'The run is already paused.');
      this.append(runId, RESUMED, { reason: 'the experimenter took over the pause' });
    }
    this.append(runId, PAUSED, { reason, by });
    return this.view(runId);
  }

  /**
   * An abandoned visit's run (issue 25), as a team run's: paused as the experimenter's from its last recorded event
   * (`idle_before`), so the idle time is downtime and not time on task, and only the experimenter can lift it. Its
   * time limit is not checked first: the idle time must not end the run as timed out. A run answered, timed out,
   * closed on an error or already paused has no clock running: nothing is recorded.
   */
  pauseAbandoned(runId: string, reason: string): Result<RunView> {
    // A run left open by a crash first gets its crash pause (the time up to the last alive stamp was on task).
    const state = this.carryOn(runId);
    if (!state.ok) return state;
    const s = state.value;
    if (s.answer || s.timeUp || s.closedOnError || s.pausedSinceUs !== null) return this.view(runId);
    this.append(runId, PAUSED, { reason, by: 'experimenter', idle_before: true });
    this.timers.get(runId)?.clear();
    return this.view(runId);
  }

  resume(runId: string, reason: string, by: PausedBy): Result<RunView> {
    const state = this.live(runId);
    if (!state.ok) return state;
    if (runStatus(state.value, this.nowUs()) !== 'paused') return fail('conflict', 'The run is not paused.');
    if (by === 'participant' && state.value.pausedBy === 'experimenter') return fail('unauthorized', EXPERIMENTER_PAUSE_HOLDS);
    this.append(runId, RESUMED, { reason });
    return this.view(runId);
  }

  submit(runId: string, answer: string): Result<RunView> {
    const state = this.live(runId);
    if (!state.ok) return state;
    const status = runStatus(state.value, this.nowUs());
    if (status === 'submitted') return fail('conflict', 'This query is already answered.');
    if (status === 'error') return fail('conflict', 'This run was closed on an error; it takes nothing more.');
    if (status === 'paused') return fail('conflict', 'The run is paused; resume it before answering.');
    // An answer after the time limit is kept (the person was typing it) and marked late for the researcher.
    this.append(runId, SUBMITTED, { answer, late: status === 'time_up' });
    this.timers.get(runId)?.clear();
    return this.view(runId);
  }

  /**
   * Closes a model's run on an endpoint or budget error at once (issue 28): the error is the run's last event, its
   * clock stops there and it takes nothing more. Left open it read "running", then "time_up" once its limit passed.
   */
  closeOnError(runId: string, error: Record<string, unknown>): Result<RunView> {
    const state = this.live(runId);
    if (!state.ok) return state;
    const status = runStatus(state.value, this.nowUs());
    if (status === 'submitted' || status === 'error') return fail('conflict', status === 'error' ? 'The run was already closed on an error.' : 'This query is already answered.');
    this.append(runId, MODEL_RUN_ERROR, error);
    this.timers.get(runId)?.clear();
    return this.view(runId);
  }

  /** Refuses a call for a run that is not running, or that belongs to another workspace or study. */
  gate(runId: string, scope: CallScope): Result<RunState> {
    const state = this.live(runId);
    if (!state.ok) return state;
    const s = state.value.started;
    if ('workspaceId' in scope && scope.workspaceId !== s.workspaceId) {
      return fail('bad_request', `Run ${runId} browses workspace ${s.workspaceId}, not ${scope.workspaceId}.`);
    }
    if ('studyKey' in scope && scope.studyKey !== s.studyKey) return fail('bad_request', `Run ${runId} belongs to study ${s.studyKey}.`);
    const status = runStatus(state.value, this.nowUs());
    if (status === 'paused') return fail('conflict', 'The run is paused; resume it to carry on.');
    if (status === 'submitted') return fail('conflict', 'This query is already answered.');
    if (status === 'time_up') return fail('conflict', 'The time for this query is up; write your answer now.');
    if (status === 'error') return fail('conflict', 'This run was closed on an error; it takes nothing more.');
    return state;
  }

  record(runId: string, call: ToolCallRecord & { tool: BenchmarkTool }): void {
    this.append(runId, TOOL_CALL, call);
  }

  recordGrade(runId: string, grade: Graded): void {
    this.append(runId, GRADED, grade);
  }

  /** The run's state, after its crash or restart gap is recorded if this is its first use in this process. */
  private carryOn(runId: string): Result<RunState> {
    const state = this.state(runId);
    if (!state.ok || this.carriedOn.has(runId)) return state;
    this.carriedOn.add(runId);
    const last = state.value.events.at(-1);
    const open = !state.value.answer && !state.value.timeUp && !state.value.closedOnError && state.value.pausedSinceUs === null;
    if (!last || !open || Date.parse(last.wallTime) >= this.startedAt) return state;
    // As a team run: the participant's time up to the crashed process's last alive stamp counts, the rest does not.
    this.append(runId, CRASH_PAUSE, crashGap(last.wallTime, this.wall(), (wall) => this.alive.aliveAfter(wall)));
    return this.state(runId);
  }

  /**
   * The run's state for an action on it, after what time asks for: a run first carried on in this process gets its
   * crash or restart gap recorded as a typed crash pause (wall time; counted only up to the last alive stamp), then the limit's warning or end
   * is recorded when the clock has reached it, and the wake-up for the next one is set.
   */
  private live(runId: string): Result<RunState> {
    const state = this.carryOn(runId);
    if (!state.ok) return state;
    const s = state.value;
    if (s.answer || s.timeUp || s.closedOnError) return state;
    const limitMs = timeLimitUs(s) / 1000;
    const leadMs = warningLeadUs(s) / 1000;
    const activeMs = () => elapsedUs(s, this.nowUs()) / 1000;
    let check = checkLimit(activeMs(), limitMs, leadMs, s.timeWarning !== null);
    if (check === 'warn') {
      this.append(runId, TIME_WARNING, { remaining_ms: Math.max(0, Math.round(limitMs - activeMs())) });
      check = checkLimit(activeMs(), limitMs, leadMs, true);
    }
    if (check === 'time_up') this.append(runId, TIME_UP, { limit_ms: Math.round(limitMs), ended: 'time_limit' });
    const now = this.state(runId);
    if (!now.ok) return now;
    const running = runStatus(now.value, this.nowUs()) === 'running';
    const timer = this.timers.get(runId) ?? new LimitTimer();
    this.timers.set(runId, timer);
    const next = running ? msUntilNextCheck(elapsedUs(now.value, this.nowUs()) / 1000, limitMs, leadMs, now.value.timeWarning !== null) : null;
    timer.set(next, () => {
      // Enforced with nobody calling; a database closed meanwhile (the app quit) only stops the wake-up.
      try {
        this.live(runId);
      } catch {
        timer.clear();
      }
    });
    return now;
  }

  /** Stops the time-limit wake-ups (the app is closing). */
  close(): void {
    for (const timer of this.timers.values()) timer.clear();
  }

  private append(runId: string, kind: string, payload: unknown): StoredEvent {
    const event = this.s.database.eventLog!.append(runId, kind, payload);
    this.s.bus.emit({ type: 'session.event', event });
    return event;
  }

  private queryOf(state: RunState): { text: string; grading: GradingRule } {
    const study = loadSlackStudy(this.s.library, state.started.studyKey);
    const query = study.ok ? study.value.queries.find((q) => q.id === state.started.queryId) : undefined;
    return { text: query?.query ?? `(query ${state.started.queryId} is no longer in the study)`, grading: study.ok ? study.value.grading : SINGLE_GRADER };
  }
}
