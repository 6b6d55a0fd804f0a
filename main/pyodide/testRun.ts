/** How a run of a task's hidden tests ended. */
export type TestRunStatus = 'completed' | 'timeout' | 'out_of_memory' | 'crashed';

/** One test's outcome, in unittest's own terms plus the two a killed run adds. */
export type TestOutcome =
  | 'passed'
  | 'failed'
  | 'error'
  | 'skipped'
  | 'expected_failure'
  | 'unexpected_success'
  /** The test that was running when the time limit or memory cap stopped the run. */
  | 'timeout'
  | 'out_of_memory'
  /** Collected, but the run was stopped before it started. */
  | 'not_run';

export interface TestCaseResult {
  /** unittest's id, e.g. `test_stats.MeanTests.test_empty`; a module name for a module that failed to import. */
  id: string;
  outcome: TestOutcome;
  /** Traceback or skip reason, cut to a readable length. */
  detail?: string;
}

export interface TestRun {
  status: TestRunStatus;
  /** Passed tests (expected failures count as passed, as unittest counts them successful). */
  passed: number;
  /** Failures, plus unexpected successes and the test a kill stopped. */
  failed: number;
  /** Tests (or test modules) that raised instead of failing an assertion. */
  errors: number;
  skipped: number;
  not_run: number;
  /** What the tests printed, then each failure's traceback; cut to a readable length. */
  output_head: string;
  /** The benchmark's form: `N passed, M failed` (errors count as failed there), plus what stopped the run. */
  result_head: string;
  tests: TestCaseResult[];
  duration_ms: number;
  /** True when this run had to start the Python runtime first. */
  cold: boolean;
}

/** What a run needs: the session's workspace files and the task's hidden tests, each path → content. */
export interface TestRunRequest {
  files: Readonly<Record<string, string>>;
  tests: Readonly<Record<string, string>>;
  /** Wall-clock limit for the tests themselves (loading Python is not counted). */
  timeoutMs?: number;
}
