import os from 'node:os';
import type { Result } from '../../shared/result.js';
import { PyodideTestRunner, type RunOptions, type TestRunnerOptions } from './testRunner.js';
import type { TestRun } from './testRun.js';

/** What a team session needs of Python: one run (visible tests, or a hidden-test check on a fresh interpreter). */
export interface PythonRuns {
  run(options: RunOptions): Promise<Result<TestRun>>;
}

/**
 * Lanes by default: a check is one thread of Python, so one lane per core beyond the one the host keeps, up to eight
 * (each lane holds up to two interpreters: the one in use and its spare). On a two-core PC that is one lane (issue 25,
 * `npm run bench -- --only crowd`): with two lanes busy no core is left, and a participant's message waits behind
 * Python for the CPU (`nice` shares the CPU out, it does not hand it over at once), so an online study's sends trade
 * against its checks' throughput. TEAMSEAT_SANDBOX_LANES (1–8) overrides it for a lab that prefers checks per second.
 */
export function defaultPoolSize(cpus = os.availableParallelism()): number {
  return Math.max(1, Math.min(MAX_LANES, cpus - 1));
}

const MAX_LANES = 8;

/** The lanes TEAMSEAT_SANDBOX_LANES asks for, or null when it is not set; a value that is not 1–8 is refused in words. */
export function lanesFromEnv(env: NodeJS.ProcessEnv = process.env): number | null {
  const raw = env.TEAMSEAT_SANDBOX_LANES;
  if (raw === undefined || raw.trim() === '') return null;
  const lanes = Number(raw);
  if (!Number.isInteger(lanes) || lanes < 1 || lanes > MAX_LANES)
    throw new Error(`TEAMSEAT_SANDBOX_LANES must be a whole number from 1 to ${MAX_LANES}, not "${raw}".`);
  return lanes;
}

/** The lanes a host runs: TEAMSEAT_SANDBOX_LANES where set, else defaultPoolSize(). */
export function poolSize(): number {
  return lanesFromEnv() ?? defaultPoolSize();
}

export interface PoolOptions extends TestRunnerOptions {
  /** How many runs may go on at once (one PyodideTestRunner each); default poolSize(). */
  size?: number;
}

interface Lane {
  runner: PyodideTestRunner;
  /** Runs queued or running on this lane. */
  load: number;
  /** The session whose code this lane's interpreter ran last: its next visible-test run reuses the warm one. */
  lastKey: string | null;
}

/**
 * A small pool of Python runners (issue 13: ten participants ending the coding task together). Runs of different
 * sessions go on in parallel up to the pool's size; each lane keeps the single runner's rules: a check (`fresh`)
 * gets an interpreter that has run nothing, a session's code never reaches another session's interpreter, and a
 * spare interpreter is loaded after each run so the next check rarely waits for Python.
 */
export class PythonPool implements PythonRuns {
  private readonly lanes: Lane[];

  constructor(options: PoolOptions = {}) {
    const { size = poolSize(), ...runner } = options;
    if (!Number.isInteger(size) || size < 1)
      throw new Error(`A Python pool needs at least one lane, not ${size}.`);
    this.lanes = Array.from({ length: size }, () => ({
      runner: new PyodideTestRunner(runner),
      load: 0,
      lastKey: null,
    }));
  }

  get size(): number {
    return this.lanes.length;
  }

  /** Runs queued or running now, and on how many lanes. */
  get load(): { runs: number; lanes: number } {
    return {
      runs: this.lanes.reduce((n, l) => n + l.load, 0),
      lanes: this.lanes.filter((l) => l.load > 0).length,
    };
  }

  run(options: RunOptions): Promise<Result<TestRun>> {
    const lane = this.pick(options);
    lane.load++;
    lane.lastKey = options.sessionKey ?? '';
    return lane.runner.run(options).finally(() => lane.load--);
  }

  /** Every lane loads an interpreter that has run nothing (a workspace task has started: its runs will need one). */
  async warmUp(): Promise<Result<void>> {
    const warmed = await Promise.all(this.lanes.map((l) => l.runner.warmUp()));
    return warmed.find((r) => !r.ok) ?? warmed[0]!;
  }

  async dispose(): Promise<void> {
    await Promise.all(this.lanes.map((l) => l.runner.dispose()));
  }

  /**
   * A session's visible-test run goes back to the idle lane whose interpreter already ran its code (no reload);
   * anything else to the least loaded lane, preferring one that no other session is about to reuse.
   */
  private pick(options: RunOptions): Lane {
    const key = options.sessionKey ?? '';
    if (!options.fresh) {
      const own = this.lanes.find((l) => l.lastKey === key && l.load === 0);
      if (own) return own;
    }
    return this.lanes.reduce((best, l) =>
      l.load < best.load || (l.load === best.load && l.lastKey === null && best.lastKey !== null) ? l : best,
    );
  }
}
