import { Worker } from 'node:worker_threads';
import { fail, ok, type Result } from '../../shared/result.js';
import { HARNESS_SOURCE } from './harnessSource.js';
import { emptyRunEvents, type RunEvents } from './summary.js';
import type { TestOutcome, TestRunStatus } from './testRun.js';
import { WORKER_SOURCE } from './workerSource.js';

export interface PythonWorkerLimits {
  indexURL: string;
  loadTimeoutMs: number;
  /** Cap on Pyodide's WebAssembly heap. */
  wasmCapMb: number;
  /** Cap on the worker's own JavaScript heap (`resourceLimits`). */
  jsHeapMb: number;
}

export interface WorkerRunRequest {
  files: Readonly<Record<string, string>>;
  tests: Readonly<Record<string, string>>;
  output_chars: number;
}

export interface WorkerRunEnd {
  events: RunEvents;
  status: TestRunStatus;
  message?: string;
}

type HarnessEvent =
  | { type: 'collected'; ids: string[] }
  | { type: 'start'; id: string }
  | { type: 'outcome'; id: string; outcome: TestOutcome; detail?: string };

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'load_failed'; message: string }
  | { type: 'event'; runId: number; event: HarnessEvent }
  | { type: 'done'; runId: number; output: string }
  | { type: 'failed'; runId: number; message: string }
  | { type: 'out_of_memory'; bytes: number };

/** Why the worker stopped, as a run would report it. */
type Death = { status: Exclude<TestRunStatus, 'completed'>; message: string };

function applyEvent(events: RunEvents, event: HarnessEvent): void {
  if (event.type === 'collected') events.collected = event.ids;
  else if (event.type === 'start') events.running = event.id;
  else {
    const { id, outcome, detail } = event;
    events.outcomes.push(detail === undefined ? { id, outcome } : { id, outcome, detail });
    if (events.running === event.id) events.running = null;
  }
}

/** One worker thread holding one Pyodide interpreter; it runs one test run at a time. */
export class PythonWorker {
  /** Settles once Python has loaded (or failed to). */
  readonly ready: Promise<Result<void>>;
  private loaded = false;
  private dead: Death | null = null;
  private nextRunId = 0;
  private onMessage: ((message: WorkerMessage) => void) | null = null;
  private onDeath: ((death: Death) => void) | null = null;
  private readonly worker: Worker;

  constructor(limits: PythonWorkerLimits) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        indexURL: limits.indexURL,
        wasmCapBytes: limits.wasmCapMb * 1024 * 1024,
        harness: HARNESS_SOURCE,
      },
      resourceLimits: { maxOldGenerationSizeMb: limits.jsHeapMb, maxYoungGenerationSizeMb: 32 },
      // The tests get no view of the app's environment variables.
      env: {},
    });
    this.worker.on('message', (message: WorkerMessage) => this.onMessage?.(message));
    this.worker.on('error', (error: Error & { code?: string }) => {
      this.die(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { status: 'out_of_memory', message: 'the worker ran out of JavaScript heap' }
          : { status: 'crashed', message: error.message },
      );
    });
    this.worker.on('exit', (code) =>
      this.die({ status: 'crashed', message: `the worker exited with code ${code}` }),
    );

    this.ready = new Promise<Result<void>>((resolve) => {
      const timer = setTimeout(() => {
        void this.kill({ status: 'crashed', message: 'load timed out' });
        settle(fail('internal', `Python did not load within ${Math.round(limits.loadTimeoutMs / 1000)} s.`));
      }, limits.loadTimeoutMs);
      const settle = (result: Result<void>): void => {
        clearTimeout(timer);
        this.onMessage = null;
        this.onDeath = null;
        resolve(result);
      };
      this.onMessage = (message) => {
        if (message.type === 'ready') {
          this.loaded = true;
          settle(ok(undefined));
        } else if (message.type === 'load_failed') {
          void this.kill({ status: 'crashed', message: message.message });
          settle(fail('internal', `Python could not be loaded from ${limits.indexURL}: ${message.message}`));
        }
      };
      this.onDeath = (death) => settle(fail('internal', `Python could not be loaded: ${death.message}`));
    });
  }

  get isLoaded(): boolean {
    return this.loaded;
  }

  get isAlive(): boolean {
    return this.dead === null;
  }

  /** Runs one suite; a run that overstays `timeoutMs` or hits a cap is killed along with the worker. */
  run(request: WorkerRunRequest, timeoutMs: number): Promise<WorkerRunEnd> {
    if (this.dead) return Promise.resolve({ events: emptyRunEvents(), ...this.dead });
    const runId = ++this.nextRunId;
    const events = emptyRunEvents();
    return new Promise<WorkerRunEnd>((resolve) => {
      let settled = false;
      const finish = (status: TestRunStatus, message?: string): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.onMessage = null;
        this.onDeath = null;
        resolve(message === undefined ? { events, status } : { events, status, message });
      };
      const timer = setTimeout(() => {
        void this.kill({ status: 'timeout', message: 'time limit' });
        finish('timeout');
      }, timeoutMs);
      this.onDeath = (death) => finish(death.status, death.message);
      this.onMessage = (message) => {
        if (message.type === 'out_of_memory') {
          void this.kill({ status: 'out_of_memory', message: 'memory cap' });
          finish(
            'out_of_memory',
            `the Python heap reached the ${Math.round(message.bytes / 1048576)} MB it asked for`,
          );
        } else if ('runId' in message && message.runId !== runId) {
          return;
        } else if (message.type === 'event') {
          applyEvent(events, message.event);
        } else if (message.type === 'done') {
          events.output = message.output;
          finish('completed');
        } else if (message.type === 'failed') {
          void this.kill({ status: 'crashed', message: message.message });
          finish('crashed', message.message);
        }
      };
      this.worker.postMessage({ type: 'run', runId, request });
    });
  }

  /** Stops the thread at once, whatever Python is doing. */
  kill(death: Death = { status: 'crashed', message: 'stopped' }): Promise<void> {
    this.dead ??= death;
    this.onMessage = null;
    return this.worker.terminate().then(() => undefined);
  }

  private die(death: Death): void {
    // A kill we asked for keeps its own reason; the exit that follows it is not news.
    this.dead ??= death;
    const listener = this.onDeath;
    this.onDeath = null;
    listener?.(this.dead);
  }
}
