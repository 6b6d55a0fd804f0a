import { RESULT_HEAD_CHARS } from '../workspace/resultHeads.js';
import type { TestCaseResult, TestOutcome, TestRun, TestRunStatus } from './testRun.js';

/** What the worker told us about a run, possibly cut short by a kill. */
export interface RunEvents {
  /** Test ids in the order the suite will run them. */
  collected: string[];
  /**
   * Test ids read from the test files' source before any workspace code ran (issue 24): a test the run never
   * reports is not run, whatever the code under test did to collection.
   */
  expected: string[];
  /** What the code under test changed in the test machinery (unittest, builtins, the harness), by name. */
  tampered: string[];
  /** Outcomes in the order they were decided (module import errors appear here but not in `collected`). */
  outcomes: TestCaseResult[];
  /** The test started but not finished when the run stopped. */
  running: string | null;
  /** What the tests printed (only known when the run completed). */
  output: string;
}

export interface RunEnding {
  status: TestRunStatus;
  duration_ms: number;
  cold: boolean;
  timeoutMs?: number;
  /** Why a crashed run crashed. */
  message?: string;
}

export const OUTPUT_HEAD_CHARS = 8000;
/** What the tests print is kept to half the head, so the failures' tracebacks still fit after it. */
export const CAPTURED_OUTPUT_CHARS = 4000;

/** The entry a run gets when the code under test changed the machinery that decides outcomes: never a pass. */
export const TAMPER_ID = 'test harness';
export const TAMPER_REASON = 'the code under test changed the test machinery';

export function emptyRunEvents(): RunEvents {
  return { collected: [], expected: [], outcomes: [], running: null, output: '', tampered: [] };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A Python traceback ends with the line that says what went wrong. */
function lastLine(text: string): string {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return lines[lines.length - 1]?.trim() ?? '';
}

function stopOutcome(status: TestRunStatus): TestOutcome {
  if (status === 'timeout') return 'timeout';
  if (status === 'out_of_memory') return 'out_of_memory';
  return 'error';
}

function stopReason(ending: RunEnding): string {
  switch (ending.status) {
    case 'timeout':
      return `timed out after ${Math.round((ending.timeoutMs ?? ending.duration_ms) / 100) / 10} s`;
    case 'out_of_memory':
      return 'out of memory';
    case 'crashed':
      return `Python crashed: ${lastLine(ending.message ?? 'no reason given')}`;
    case 'completed':
      return '';
  }
}

/** Folds a run's events into the result the workspace tool and the export record. */
export function summariseRun(events: RunEvents, ending: RunEnding): TestRun {
  const tests: TestCaseResult[] = [...events.outcomes];
  const decided = new Set(tests.map((t) => t.id));
  const reason = stopReason(ending);
  if (events.running !== null && !decided.has(events.running) && ending.status !== 'completed') {
    tests.push({
      id: events.running,
      outcome: stopOutcome(ending.status),
      detail: `Stopped while this test was running: ${reason}.`,
    });
    decided.add(events.running);
  }
  for (const id of events.collected) {
    if (!decided.has(id)) tests.push({ id, outcome: 'not_run' });
    decided.add(id);
  }
  // A module that failed to import is one error already; its tests are not listed again.
  const unimported = events.outcomes.filter((t) => t.outcome === 'error').map((t) => `${t.id}.`);
  for (const id of events.expected) {
    if (unimported.some((prefix) => id.startsWith(prefix))) continue;
    if (!decided.has(id))
      tests.push({
        id,
        outcome: 'not_run',
        detail: 'The test file defines this test, but the run never reported it.',
      });
    decided.add(id);
  }
  if (events.tampered.length > 0) {
    tests.push({
      id: TAMPER_ID,
      outcome: 'error',
      detail: `${TAMPER_REASON}: ${events.tampered.join(', ')}.`,
    });
  }

  const count = (...outcomes: TestOutcome[]): number =>
    tests.filter((t) => outcomes.includes(t.outcome)).length;
  const passed = count('passed', 'expected_failure');
  const failed = count('failed', 'unexpected_success', 'timeout', 'out_of_memory');
  const errors = count('error');
  const skipped = count('skipped');
  const notRun = count('not_run');

  let head = `${passed} passed, ${failed + errors} failed`;
  if (errors > 0) head += ` (${plural(errors, 'error')})`;
  if (skipped > 0) head += `, ${skipped} skipped`;
  if (notRun > 0) head += `, ${notRun} not run`;
  if (reason !== '') head += `; ${reason}`;
  const stoppedIn = tests.find((t) => t.outcome === 'timeout' || t.outcome === 'out_of_memory');
  if (stoppedIn) head += ` in ${stoppedIn.id}`;
  if (ending.status === 'completed' && tests.length === 0) head += '; no tests found';
  if (events.tampered.length > 0) head += `; ${TAMPER_REASON}`;

  const sections: string[] = [];
  if (events.output.trim() !== '') sections.push(events.output.trimEnd());
  if (ending.status !== 'completed') sections.push(`Run stopped: ${reason}.`);
  for (const t of tests) {
    if (['failed', 'error', 'unexpected_success', 'timeout', 'out_of_memory'].includes(t.outcome)) {
      sections.push(`${t.outcome.toUpperCase()}: ${t.id}\n${t.detail ?? ''}`.trimEnd());
    }
  }

  return {
    status: ending.status,
    passed,
    failed,
    errors,
    skipped,
    not_run: notRun,
    output_head: cut(sections.join('\n\n'), OUTPUT_HEAD_CHARS),
    result_head: cut(head, RESULT_HEAD_CHARS),
    tests,
    duration_ms: ending.duration_ms,
    cold: ending.cold,
  };
}
