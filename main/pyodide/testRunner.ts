import { createRequire } from 'node:module';
import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';
import { workspaceSegments } from '../workspace/paths.js';
import { PythonSandbox, type PythonSandboxLimits } from './pythonSandbox.js';
import { snapshotIfReady } from './snapshot.js';
import { CAPTURED_OUTPUT_CHARS, summariseRun } from './summary.js';
import type { TestRun, TestRunRequest } from './testRun.js';

export interface TestRunnerOptions {
  /** Folder of the installed `pyodide` package; found through module resolution when absent. */
  indexURL?: string;
  /** Default wall-clock limit for a run's tests. */
  timeoutMs?: number;
  loadTimeoutMs?: number;
  wasmCapMb?: number;
  jsHeapMb?: number;
  /** Start a fresh worker right after one is killed, so the next run does not wait for Python. */
  respawn?: boolean;
  /**
   * Keep a second interpreter loading beside one that has run code, so a run that needs a fresh one (another
   * session, a run's final check) finds it loaded. Costs a second worker's memory.
   */
  keepSpare?: boolean;
  /**
   * Restore new interpreters from a memory snapshot of a fresh one (snapshot.ts) once it has been made, rather than
   * loading Python anew each time: a fraction of the load's CPU. Default true; TEAMSEAT_PYODIDE_SNAPSHOT=off turns
   * it off everywhere.
   */
  snapshot?: boolean;
}

/**
 * TEAMSEAT_PYTHON_LOAD_MS: how long an interpreter may take to load before it counts as failed (default 60 s), and
 * TEAMSEAT_PYTHON_RUN_MS: a test run's wall-time limit when the caller sets none (default 30 s). On a machine whose
 * cores are all busy, Python gets a fraction of a CPU and both take many times longer in wall time; the unit tests
 * set them far above any test's own timeout (vite.config.ts), so a pack's declared path or a check is never failed
 * by the clock of a busy machine. Tests of the limits themselves pass their own.
 */
function msFromEnv(name: string): number | undefined {
  const raw = Number(process.env[name]);
  return Number.isFinite(raw) && raw > 0 ? raw : undefined;
}

export interface RunOptions extends TestRunRequest {
  /**
   * Runs with different keys never share an interpreter: a warm worker that ran one session's
   * code (which may have patched the standard library) is not handed to another session.
   */
  sessionKey?: string;
  /** Use a worker that has run nothing yet (e.g. for the final check of a submitted run). */
  fresh?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** The installed pyodide package's folder, with a trailing separator as `loadPyodide` expects. */
export function locatePyodide(): string {
  const entry = createRequire(import.meta.url).resolve('pyodide/package.json');
  return path.dirname(entry) + path.sep;
}

function checkPaths(kind: string, files: Readonly<Record<string, string>>): Result<void> {
  for (const [rel, content] of Object.entries(files)) {
    const segments = workspaceSegments(rel);
    if (!segments.ok) return fail('bad_request', `${kind} file "${rel}": ${segments.error.message}`);
    if (segments.value.length === 0) return fail('bad_request', `${kind} file "${rel}" names no file.`);
    if (typeof content !== 'string') return fail('bad_request', `${kind} file "${rel}" has no text content.`);
  }
  return ok(undefined);
}

/**
 * Runs a task's hidden unittest tests against workspace files in Pyodide, one run at a time,
 * keeping a warm interpreter between runs and replacing it after any kill.
 */
export class PyodideTestRunner {
  private readonly limits: PythonSandboxLimits;
  private readonly timeoutMs: number;
  private readonly respawn: boolean;
  private readonly keepSpare: boolean;
  private readonly snapshot: boolean;
  private worker: PythonSandbox | null = null;
  /** An interpreter that has run nothing, loading or loaded, taken when the current one must be replaced. */
  private spare: PythonSandbox | null = null;
  /** Which session's code the current worker has run; null while it has run nothing. */
  private workerUsedBy: string | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private disposed = false;

  constructor(options: TestRunnerOptions = {}) {
    this.limits = {
      indexURL: options.indexURL ?? locatePyodide(),
      loadTimeoutMs: options.loadTimeoutMs ?? msFromEnv('TEAMSEAT_PYTHON_LOAD_MS') ?? 60_000,
      wasmCapMb: Math.max(64, options.wasmCapMb ?? 512),
      jsHeapMb: Math.max(64, options.jsHeapMb ?? 256),
    };
    this.timeoutMs = options.timeoutMs ?? msFromEnv('TEAMSEAT_PYTHON_RUN_MS') ?? DEFAULT_TIMEOUT_MS;
    this.respawn = options.respawn ?? true;
    this.keepSpare = options.keepSpare ?? false;
    this.snapshot = options.snapshot ?? true;
  }

  /** A new interpreter: restored from the snapshot when there is one, loaded anew (and the snapshot started) if not. */
  private newSandbox(): PythonSandbox {
    const snapshotFile = this.snapshot ? snapshotIfReady(this.limits.indexURL, this.limits.jsHeapMb) : null;
    return new PythonSandbox({ ...this.limits, snapshotFile });
  }

  /**
   * Starts Python now so the next run does not pay for loading it: an interpreter that has run nothing (a used one
   * would be replaced by a run that needs a fresh one). Settles when it has loaded.
   */
  warmUp(): Promise<Result<void>> {
    const task = this.queue
      .then(() => (this.disposed ? closed() : this.unusedWorker().ready))
      .catch((error: unknown) => fail('internal', `Python could not be started: ${String(error)}`));
    this.queue = task;
    return task;
  }

  run(options: RunOptions): Promise<Result<TestRun>> {
    const task = this.queue
      .then(() => this.runNow(options))
      .catch((error: unknown) => fail('internal', `The test run failed: ${String(error)}`));
    this.queue = task;
    return task;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    const workers = [this.worker, this.spare];
    this.worker = null;
    this.spare = null;
    await Promise.all(workers.map((w) => w?.kill()));
  }

  private currentWorker(): PythonSandbox {
    if (!this.worker || !this.worker.isAlive) {
      const spare = this.spare?.isAlive ? this.spare : null;
      this.spare = null;
      this.worker = spare ?? this.newSandbox();
      this.workerUsedBy = null;
    }
    return this.worker;
  }

  /** The current worker while it has run nothing, else the spare (started now if there is none). */
  private unusedWorker(): PythonSandbox {
    if (!this.worker || !this.worker.isAlive || this.workerUsedBy === null) return this.currentWorker();
    if (!this.spare?.isAlive) this.spare = this.newSandbox();
    return this.spare;
  }

  private async runNow(options: RunOptions): Promise<Result<TestRun>> {
    if (this.disposed) return closed();
    const filesOk = checkPaths('Workspace', options.files);
    if (!filesOk.ok) return filesOk;
    const testsOk = checkPaths('Test', options.tests);
    if (!testsOk.ok) return testsOk;
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
      return fail('bad_request', 'The time limit must be positive.');

    const started = performance.now();
    const key = options.sessionKey ?? '';
    if (this.worker && this.workerUsedBy !== null && (options.fresh || this.workerUsedBy !== key)) {
      void this.worker.kill();
      this.worker = null;
    }
    const worker = this.currentWorker();
    const cold = !worker.isLoaded;
    const loaded = await worker.ready;
    if (!loaded.ok) {
      this.worker = null;
      return loaded;
    }
    this.workerUsedBy = key;

    const end = await worker.run(
      { files: options.files, tests: options.tests, output_chars: CAPTURED_OUTPUT_CHARS },
      timeoutMs,
    );
    if (end.status !== 'completed' && this.worker === worker) {
      this.worker = null;
      if (this.respawn && !this.disposed) this.currentWorker();
    }
    // After the run, not during it: a loading interpreter would compete with the tests for the CPU.
    if (this.keepSpare && !this.disposed) this.unusedWorker();
    const ending = {
      status: end.status,
      duration_ms: Math.round(performance.now() - started),
      cold,
      timeoutMs,
    };
    return ok(
      summariseRun(end.events, end.message === undefined ? ending : { ...ending, message: end.message }),
    );
  }
}

function closed(): Result<never> {
  return fail('internal', 'The test runner has been shut down.');
}
