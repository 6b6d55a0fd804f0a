import type { StoredEvent } from '../../shared/contract/schemas.js';
import type { EventOf } from '../../shared/team/engine/events.js';
import type { SessionState } from '../../shared/team/engine/state.js';
import { evaluatedSeat, type ResolvedTask } from '../../shared/team/pack/resolve.js';
import { checkRun } from '../../shared/team/checker/version.js';
import { finalStateFromSession } from '../../shared/team/checker/fromSession.js';
import type { TestFileResult } from '../../shared/team/checker/finalState.js';
import type { PythonRuns } from '../pyodide/pool.js';

// The checker at a run's end (issue 13). A task with hidden tests runs them in Python, which takes seconds and
// queues behind other sessions' checks: that work runs after the submit has been answered, and the run ends
// when its `checked` commits. The log is the same as when the check ran on the request: …, submitted, checked, ended.

export type Score = EventOf<'checked'>['score'];

/** What the checker reads: the version played, the folded state and the files the log records. */
export interface CheckInputs {
  resolved: ResolvedTask;
  state: SessionState;
  files: Record<string, string>;
  hashesBefore: Record<string, string>;
}

/** A task whose check runs Python: its check goes off the request path. */
export const checksInPython = (task: ResolvedTask): boolean => task.workspace.hidden_tests.length > 0;

/** The check of a task without hidden tests: a pure function of the final state, done at once. */
export function scoreNow(i: CheckInputs): Score {
  return checkRun(i.resolved, finalStateOf(i));
}

/** The check of a task with hidden tests: each file on a fresh interpreter, so nothing the participant ran can patch what the checker sees. */
export async function scoreInPython(python: PythonRuns, sessionId: string, i: CheckInputs): Promise<Score> {
  const hiddenTests: Record<string, TestFileResult> = {};
  for (const test of i.resolved.workspace.hidden_tests) {
    const run = await python.run({ files: i.files, tests: { [test.path]: test.text ?? '' }, fresh: true, sessionKey: sessionId });
    hiddenTests[test.path] = run.ok ? run.value : { status: 'crashed', passed: 0, failed: 0, errors: 1 };
  }
  return checkRun(i.resolved, finalStateOf(i, hiddenTests));
}

function finalStateOf(i: CheckInputs, hiddenTests?: Record<string, TestFileResult>) {
  return finalStateFromSession(i.state, {
    evaluatedSeat: evaluatedSeat(i.resolved).name,
    hashesBefore: i.hashesBefore,
    files: i.files,
    ...(hiddenTests ? { hiddenTests } : {}),
  });
}

/**
 * One session's check running in the background. `start` is idempotent while it runs; the score it computes is
 * taken once by the session, which commits `checked` (and the end) in its own turn. A failure leaves nothing
 * behind, so the next settle of the session starts the check again.
 */
export class BackgroundCheck {
  private running: Promise<void> | null = null;
  private score: Score | null = null;
  private stopped = false;
  /** Why the last attempt failed (kept for a look in the debugger or a test), or null. */
  lastError: unknown = null;

  /** A check is running, or its score waits to be committed. */
  get busy(): boolean {
    return this.running !== null || this.score !== null;
  }

  /** The finished score, once. */
  take(): Score | null {
    const s = this.score;
    this.score = null;
    return s;
  }

  /** Starts `compute` unless it is running; `commit` then runs in the session's turn and takes the score. */
  start(compute: () => Promise<Score>, commit: () => Promise<unknown>): void {
    if (this.running || this.stopped) return;
    const work = async () => {
      try {
        const score = await compute();
        if (this.stopped) return;
        this.score = score;
        await commit();
      } catch (error) {
        this.lastError = error;
      } finally {
        this.score = null;
        this.running = null;
      }
    };
    this.running = work();
  }

  /** Resolves when the running check has committed (or failed); at once when none runs. */
  settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  /** The app is closing: a check that finishes now commits nothing (a restart re-runs it from the log). */
  stop(): void {
    this.stopped = true;
  }
}

/**
 * The end the engine was asked for (submitted, time up, a deal, a walk-away, a script's end) and not yet recorded
 * as `ended`: such a run is over for the participant while its check runs. Read from the log, as state.ts folds it.
 */
export function requestedEnd(stored: readonly StoredEvent[]): string | null {
  const how = (e: StoredEvent): string | null => {
    switch (e.kind) {
      case 'submitted':
        return 'submitted';
      case 'time_up':
        return 'time_limit';
      case 'deal_accepted':
      case 'walked_away':
        return e.kind;
      case 'script_step': {
        const ends = (e.payload as { ends?: unknown } | null)?.ends;
        return typeof ends === 'string' ? ends : null;
      }
      default:
        return null;
    }
  };
  for (const e of stored) {
    const h = how(e);
    if (h !== null) return h;
  }
  return null;
}
