import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Duplex } from 'node:stream';
import { fail, ok, type Result } from '../../shared/result.js';
import { HARNESS_SOURCE } from './harnessSource.js';
import { sandboxCommand } from './sandboxLaunch.js';
import { SANDBOX_SOURCE } from './sandboxSource.js';
import { emptyRunEvents, type RunEvents } from './summary.js';
import type { TestOutcome, TestRunStatus } from './testRun.js';

export interface PythonSandboxLimits {
  indexURL: string;
  loadTimeoutMs: number;
  /** Cap on Pyodide's WebAssembly heap. */
  wasmCapMb: number;
  /** Cap on the sandbox process's own JavaScript heap (`--max-old-space-size`). */
  jsHeapMb: number;
  /** A memory snapshot of a fresh interpreter to restore instead of loading Python anew (snapshot.ts). */
  snapshotFile?: string | null;
}

export interface SandboxRunRequest {
  files: Readonly<Record<string, string>>;
  tests: Readonly<Record<string, string>>;
  output_chars: number;
}

export interface SandboxRunEnd {
  events: RunEvents;
  status: TestRunStatus;
  message?: string;
}

type HarnessEvent =
  | { type: 'collected'; ids: string[] }
  | { type: 'expected'; ids: string[] }
  | { type: 'tampered'; what: string[] }
  | { type: 'start'; id: string }
  | { type: 'outcome'; id: string; outcome: TestOutcome; detail?: string };

type SandboxMessage =
  | { type: 'ready' }
  | { type: 'load_failed'; message: string }
  | { type: 'event'; runId: number; event: HarnessEvent }
  | { type: 'done'; runId: number; output: string }
  | { type: 'failed'; runId: number; message: string; exited?: boolean }
  | { type: 'out_of_memory'; bytes: number };

/** Why the sandbox stopped, as a run would report it. */
type Death = { status: Exclude<TestRunStatus, 'completed'>; message: string };

function applyEvent(events: RunEvents, event: HarnessEvent): void {
  if (event.type === 'collected') events.collected = event.ids;
  else if (event.type === 'expected') events.expected = event.ids;
  else if (event.type === 'tampered') events.tampered.push(...event.what);
  else if (event.type === 'start') events.running = event.id;
  else {
    const { id, outcome, detail } = event;
    events.outcomes.push(detail === undefined ? { id, outcome } : { id, outcome, detail });
    if (events.running === event.id) events.running = null;
  }
}

/** The last bytes the sandbox wrote to stderr: V8 says there why it died (out of heap). */
const STDERR_KEPT = 4096;

/**
 * One sandbox process holding one Pyodide interpreter; it runs one test run at a time. Participant code in it can
 * read only the interpreter's files and its own in-memory copy of the workspace (sandboxLaunch.ts says how).
 */
export class PythonSandbox {
  /** Settles once Python has loaded (or failed to). */
  readonly ready: Promise<Result<void>>;
  private loaded = false;
  private dead: Death | null = null;
  private nextRunId = 0;
  private onMessage: ((message: SandboxMessage) => void) | null = null;
  private onDeath: ((death: Death) => void) | null = null;
  private readonly child: ChildProcess;
  private readonly pipe: Duplex;
  private stderr = '';
  /** How the network is kept out of this sandbox (sandboxLaunch.ts). */
  readonly network: 'namespace' | 'in-process';

  constructor(limits: PythonSandboxLimits) {
    const snapshotFile = limits.snapshotFile ?? undefined;
    const launch = sandboxCommand(SANDBOX_SOURCE, { indexURL: limits.indexURL, jsHeapMb: limits.jsHeapMb, ...(snapshotFile ? { snapshotFile } : {}) });
    this.network = launch.network;
    this.child = spawn(launch.command, launch.args, {
      // The tests get no view of the app's environment variables, and no folder of the host's as their own.
      env: {},
      cwd: limits.indexURL,
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    const pipe = this.child.stdio[3] as Duplex;
    this.pipe = pipe;
    pipe.on('error', () => {});
    const lines = createInterface({ input: pipe, crlfDelay: Infinity });
    // readline passes the pipe's reset on when the sandbox is killed; the exit handler reports why.
    lines.on('error', () => {});
    lines.on('line', (line) => {
      let message: SandboxMessage;
      try {
        message = JSON.parse(line) as SandboxMessage;
      } catch {
        return;
      }
      this.onMessage?.(message);
    });
    this.child.stderr?.setEncoding('utf8');
    // A killed sandbox resets its pipes; its exit says what happened.
    for (const stream of this.child.stdio) stream?.on('error', () => {});
    this.child.stderr?.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_KEPT);
    });
    this.child.on('error', (error) => this.die({ status: 'crashed', message: error.message }));
    this.child.on('exit', (code, signal) => {
      const heap = /heap out of memory|Allocation failed/i.test(this.stderr);
      this.die(
        heap
          ? { status: 'out_of_memory', message: 'the sandbox ran out of JavaScript heap' }
          : { status: 'crashed', message: `the sandbox exited (${signal ?? `code ${code}`})` },
      );
    });
    this.send({
      type: 'init',
      indexURL: limits.indexURL,
      wasmCapBytes: limits.wasmCapMb * 1024 * 1024,
      harness: HARNESS_SOURCE,
      ...(snapshotFile ? { snapshotPath: snapshotFile } : {}),
    });

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

  /** Runs one suite; a run that overstays `timeoutMs` or hits a cap is killed along with the process. */
  run(request: SandboxRunRequest, timeoutMs: number): Promise<SandboxRunEnd> {
    if (this.dead) return Promise.resolve({ events: emptyRunEvents(), ...this.dead });
    const runId = ++this.nextRunId;
    const events = emptyRunEvents();
    return new Promise<SandboxRunEnd>((resolve) => {
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
      this.send({ type: 'run', runId, request });
    });
  }

  private send(message: object): void {
    if (this.pipe.writable) this.pipe.write(`${JSON.stringify(message)}\n`);
  }

  /** Stops the process at once, whatever Python is doing. */
  kill(death: Death = { status: 'crashed', message: 'stopped' }): Promise<void> {
    this.dead ??= death;
    this.onMessage = null;
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGKILL');
    });
  }

  private die(death: Death): void {
    // A kill we asked for keeps its own reason; the exit that follows it is not news.
    this.dead ??= death;
    const listener = this.onDeath;
    this.onDeath = null;
    listener?.(this.dead);
  }
}
