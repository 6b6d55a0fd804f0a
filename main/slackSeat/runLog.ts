import type { StoredEvent } from '../../shared/contract/schemas.js';
import type { RunView } from '../../shared/contract/slack.js';
import { resultOf, type AnswerResult, type GradeRecord, type GradingRule } from '../../shared/judge/grades.js';
import type { QueryCategory } from '../../shared/judge/query.js';
import type { BenchmarkTool, PersonAction } from '../../shared/harbor/tools.js';
import { MODEL_RUN_ERROR } from '../team/teamLog.js';
import { activeTime, CRASH_PAUSE, warningLeadMs, type ClockRules, type CrashPause, type PauseSpan } from '../../shared/team/engine/activeTime.js';
import { pausedByOf, type PausedBy } from '../../shared/pause.js';

// The events of one Slack query run, in its session's log. The run's state is a fold over them; the reference answer
// is never written here (only the query id), so replaying a log never reveals it.

export const RUN_STARTED = 'slack_run_started';
export const TOOL_CALL = 'tool_call';
export const PAUSED = 'paused';
export const RESUMED = 'resumed';
export const SUBMITTED = 'submitted';
export const GRADED = 'graded';
/** The participant was warned that the time limit is near. */
export const TIME_WARNING = 'time_warning';
/** The time limit ended the run (browsing stops; an answer typed after it is kept, marked late). */
export const TIME_UP = 'time_up';
export { CRASH_PAUSE };

export interface RunStarted {
  studyKey: string;
  queryId: string;
  category: QueryCategory;
  participant: string;
  workspaceId: string;
  timeLimitMinutes: number;
  /** How long before the limit to warn; default 2 minutes or 10% of the limit, whichever is less. */
  timeWarningSec?: number;
}
export interface ToolCallRecord {
  tool: BenchmarkTool;
  arguments: Record<string, unknown>;
  resultHead: string;
}
export interface Submitted {
  answer: string;
  late: boolean;
}
/** A `graded` event's payload: a judge's or a grader's grade, or a grader's revision of their own (with its reason). */
export type Graded = Omit<GradeRecord, 'at'>;

export interface RunState {
  runId: string;
  started: RunStarted;
  startedAt: string;
  startMonoUs: number;
  pauses: RunView['pauses'];
  /** Set while paused: the monotonic time the pause began, and who set it (issue 25). */
  pausedSinceUs: number | null;
  pausedBy: PausedBy | null;
  pausedUs: number;
  actions: PersonAction[];
  answer: (Submitted & { at: string; monoUs: number }) | null;
  /** Every grade in log order, revisions included: nothing is replaced (shared/judge/grades.ts folds them). */
  grades: GradeRecord[];
  timeWarning: { remainingMs: number } | null;
  timeUp: boolean;
  /** A model's run closed on an error (issue 28): over, neither answered nor timed out. */
  closedOnError: boolean;
  /** The run's events, which its clock is computed from. */
  events: readonly StoredEvent[];
}

/** An abandoned visit's pause (issue 25): it began at the event before it, so the idle time up to it is downtime. */
const isIdleBefore = (e: StoredEvent): boolean => (e.payload as { idle_before?: unknown } | null)?.idle_before === true;

/** The run's clock: its own pause events only, stopped at the answer or when the time limit ended the run. */
export const runClockRules: ClockRules<StoredEvent> = {
  isPause: (e) => (e.kind === PAUSED ? String((e.payload as { reason: string }).reason) : null),
  pausedAtPrevious: (e) => e.kind === PAUSED && isIdleBefore(e),
  isResume: (e) => e.kind === RESUMED,
  isEnd: (e) => e.kind === SUBMITTED || e.kind === TIME_UP || e.kind === MODEL_RUN_ERROR,
};

export function foldRun(events: readonly StoredEvent[]): RunState | null {
  const first = events[0];
  if (!first || first.kind !== RUN_STARTED) return null;
  const state: RunState = {
    runId: first.sessionId,
    started: first.payload as RunStarted,
    startedAt: first.wallTime,
    startMonoUs: first.monoUs,
    pauses: [],
    pausedSinceUs: null,
    pausedBy: null,
    pausedUs: 0,
    actions: [],
    answer: null,
    grades: [],
    timeWarning: null,
    timeUp: false,
    closedOnError: false,
    events,
  };
  for (const [i, e] of events.entries()) {
    if (i === 0) continue;
    switch (e.kind) {
      case TOOL_CALL: {
        const c = e.payload as ToolCallRecord;
        state.actions.push({ tool: c.tool, arguments: c.arguments, at: e.wallTime, resultHead: c.resultHead });
        break;
      }
      case PAUSED: {
        // An abandoned visit's pause is listed and counted from the event before it (runClockRules says the same).
        const from = isIdleBefore(e) ? events[i - 1]! : e;
        state.pausedSinceUs = from.monoUs;
        state.pausedBy = pausedByOf(e.payload as { reason: string; by?: PausedBy });
        state.pauses.push({ at: from.wallTime, reason: (e.payload as { reason: string }).reason, resumedAt: null, resumeReason: null });
        break;
      }
      case RESUMED: {
        const open = state.pauses[state.pauses.length - 1];
        if (open && state.pausedSinceUs !== null) {
          state.pausedUs += e.monoUs - state.pausedSinceUs;
          open.resumedAt = e.wallTime;
          open.resumeReason = (e.payload as { reason: string }).reason;
        }
        state.pausedSinceUs = null;
        state.pausedBy = null;
        break;
      }
      case SUBMITTED:
        state.answer = { ...(e.payload as Submitted), at: e.wallTime, monoUs: e.monoUs };
        break;
      case GRADED:
        state.grades.push({ ...(e.payload as Graded), at: e.wallTime });
        break;
      case TIME_WARNING:
        state.timeWarning = { remainingMs: (e.payload as { remaining_ms: number }).remaining_ms };
        break;
      case TIME_UP:
        state.timeUp = true;
        break;
      case MODEL_RUN_ERROR:
        state.closedOnError = true;
        break;
      case CRASH_PAUSE: {
        const gap = e.payload as CrashPause;
        // The downtime starts at the crashed app's last alive stamp when known: the time before it is on the clock.
        state.pauses.push({ at: gap.alive_until ?? gap.since, reason: 'crash', resumedAt: e.wallTime, resumeReason: 'the app was restarted' });
        break;
      }
    }
  }
  return state;
}

/**
 * Time on the clock at `nowUs` (monotonic): pauses and crash or restart gaps do not count, and the clock stops at
 * the answer or when the limit ended the run.
 */
export function elapsedUs(state: RunState, nowUs: number): number {
  return activeTime(state.events, runClockRules, nowUs).activeMs * 1000;
}

export const timeLimitUs = (state: RunState) => state.started.timeLimitMinutes * 60_000_000;
export const warningLeadUs = (state: RunState) => warningLeadMs(timeLimitUs(state) / 1000, state.started.timeWarningSec) * 1000;

export function runStatus(state: RunState, nowUs: number): RunView['status'] {
  if (state.answer) return 'submitted';
  if (state.closedOnError) return 'error';
  if (state.timeUp) return 'time_up';
  if (state.pausedSinceUs !== null) return 'paused';
  return elapsedUs(state, nowUs) >= timeLimitUs(state) ? 'time_up' : 'running';
}

/** The answer's result under the study's grading rule (shared/judge/grades.ts). */
export function resultOfRun(state: RunState, rule: GradingRule): AnswerResult {
  return resultOf(state.grades, rule);
}

/** The grade that counts (for a two-grader study, the agreed or the settling grade), else the latest judge error. */
export function currentGrade(state: RunState, rule: GradingRule): GradeRecord | null {
  const result = resultOfRun(state, rule);
  return result.status === 'graded' || result.status === 'judge_error' ? result.grade : null;
}

/** Who gave the grade that counts, as a trial's `judge_model` names it: the model, `grader:G1`, or `graders:G1+G2(+G3)`. */
export function judgeNameOf(state: RunState, rule: GradingRule): string | undefined {
  const result = resultOfRun(state, rule);
  if (result.status === 'graded' && result.how !== 'single') return `graders:${result.graders.join('+')}`;
  const grade = result.status === 'graded' || result.status === 'judge_error' ? result.grade : null;
  return grade?.model ?? (grade?.graderId ? `grader:${grade.graderId}` : undefined);
}

export function gradingOf(state: RunState, rule: GradingRule): RunView['grading'] {
  if (!state.answer) return 'not_submitted';
  return resultOfRun(state, rule).status;
}

export function rewardOfRun(state: RunState, rule: GradingRule): number | null {
  const result = resultOfRun(state, rule);
  return result.status === 'graded' ? result.grade.outcome.verdict.reward : null;
}

/**
 * The run's time on task as the seat, the dashboard and the results show it. Past the limit it is the limit: the end
 * is recorded a moment late (at the next call or wake-up).
 */
export function timeOnTaskUs(state: RunState, nowUs: number): number {
  return Math.min(elapsedUs(state, nowUs), state.timeUp || state.answer?.late ? timeLimitUs(state) : Infinity);
}

/** An answered run's time on task and its pauses (a crash's from its last alive stamp), as its results record them. */
export function timeOnTaskOf(state: RunState): { activeMs: number; pauses: PauseSpan[] } {
  const end = state.answer?.monoUs ?? state.events.at(-1)?.monoUs ?? state.startMonoUs;
  return { activeMs: Math.round(timeOnTaskUs(state, end) / 1000), pauses: activeTime(state.events, runClockRules).pauses };
}

export function runView(state: RunState, query: string, nowUs: number, rule: GradingRule): RunView {
  const s = state.started;
  const limit = timeLimitUs(state);
  const elapsed = timeOnTaskUs(state, nowUs);
  return {
    runId: state.runId,
    studyKey: s.studyKey,
    queryId: s.queryId,
    category: s.category,
    query,
    participant: s.participant,
    workspaceId: s.workspaceId,
    status: runStatus(state, nowUs),
    pausedBy: state.pausedBy,
    startedAt: state.startedAt,
    timeLimitMs: Math.round(limit / 1000),
    elapsedMs: Math.round(elapsed / 1000),
    remainingMs: Math.max(0, Math.round((limit - elapsed) / 1000)),
    pauses: state.pauses,
    actionCount: state.actions.length,
    answer: state.answer ? { text: state.answer.answer, at: state.answer.at, late: state.answer.late } : null,
    grading: gradingOf(state, rule),
    warnAtMs: Math.round((limit - warningLeadUs(state)) / 1000),
    timeWarning: state.timeWarning,
    ended: state.answer && !state.timeUp ? 'submitted' : state.timeUp ? 'time_limit' : null,
  };
}
