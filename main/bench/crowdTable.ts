import { defaultPoolSize } from '../pyodide/pool.js';
import { quantile } from './types.js';

// The crowd bench's table (crowd.ts, issue 25): each step's figures, what they measured, and in words where the
// checks' ceiling is and why, and what more cores give.

export interface Figures {
  send: number[];
  tool: number[];
  tests: number[];
  reload: number[];
  checkWait: number[];
  errors: string[];
}

export interface Step {
  n: number;
  /** sandbox: the participants' own test runs and submits; none: past the ceiling, without them; busy: none of their
   * own, while other participants keep every lane busy. */
  kind: 'sandbox' | 'none' | 'busy';
  wallS: number;
  f: Figures;
  /** Sandbox runs (test runs and checks) that finished in the step, and the CPU they took. */
  sandboxRuns: number;
  cpu: { host: number; sandbox: number };
  /** Shares of the step's wall time, %: the host's main thread on a core, and waiting for one; this bench's client waiting. */
  sched: { hostRun: number; hostWait: number; clientWait: number };
  /** The most of host and sandbox memory seen during the step (MB), and the most sandbox processes. */
  hostRss: number;
  sandboxRss: number;
  sandboxProcs: number;
  load: number | null;
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
export const q = (xs: number[], p: number) => quantile(sorted(xs), p);

export interface TableFacts {
  aloneCpu: { host: number; sandbox: number };
  aloneRuns: number;
  capacity: number;
  cpuPerCheckS: number;
  burst: number;
  lanes: number;
  cores: number;
  ceiling: number | null;
  checkWaitLimitMs: number;
  pace: [number, number];
  sandboxRunsPerStep: number;
}

export function printCrowdTable(steps: readonly Step[], alone: Figures, x: TableFacts): void {
  const ms = (xs: number[], p: number) => (xs.length > 0 ? String(Math.round(q(xs, p))) : '–');
  const s1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');
  const pct = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '?');
  const rows = [
    ['N', 'wall s', 'sends', 'send p50', 'send p95', 'host cpu%', 'host wait%', 'client wait%', 'tests', 'tests p95', 'checks', 'wait p50', 'wait p95', 'wait max', 'runs/s', 'cpu s/run', 'host MB', 'sbx MB', 'load'],
    ['alone', '', String(alone.send.length), ms(alone.send, 0.5), ms(alone.send, 0.95), '', '', '', String(alone.tests.length), ms(alone.tests, 0.95), String(alone.checkWait.length), ms(alone.checkWait, 0.5), ms(alone.checkWait, 0.95), ms(alone.checkWait, 1), '', s1(x.aloneCpu.sandbox / 1000 / x.aloneRuns), '', '', ''],
    ...steps.map((s) => [
      `${s.n}${s.kind === 'none' ? '*' : s.kind === 'busy' ? '+busy' : ''}`,
      s.wallS.toFixed(0),
      String(s.f.send.length),
      ms(s.f.send, 0.5),
      ms(s.f.send, 0.95),
      pct(s.sched.hostRun),
      pct(s.sched.hostWait),
      pct(s.sched.clientWait),
      String(s.f.tests.length),
      ms(s.f.tests, 0.95),
      String(s.f.checkWait.length),
      ms(s.f.checkWait, 0.5),
      ms(s.f.checkWait, 0.95),
      ms(s.f.checkWait, 1),
      (s.sandboxRuns / s.wallS).toFixed(2),
      s.sandboxRuns > 0 ? s1(s.cpu.sandbox / 1000 / s.sandboxRuns) : '–',
      s.hostRss.toFixed(0),
      s.sandboxRss.toFixed(0),
      s.load === null ? '?' : s.load.toFixed(2),
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const stepS = (7 * (x.pace[0] + x.pace[1])) / 2 / 1000;
  const out = [
    `\ncrowd ramp on ${x.lanes} sandbox lane(s), ${x.cores} core(s) (times in ms; * = past the ceiling: no test runs or submits, the same number of actions;`,
    `+busy = the last N again without their own sandbox actions while ${x.lanes} lane(s) are kept busy by other participants' test runs, each a fresh interpreter).`,
    `send = this bench's client calling teamSend until the host answers, which it does once the participant's message and the scripted reply`,
    `are committed and the log's WAL is synced: the client runs on this machine, so its own waits for a core are in the figure.`,
    `host cpu% / host wait% = the host's main thread on a core / runnable but waiting for one, as shares of the step's time; client wait% the same`,
    `wait for this bench's own process (Linux schedstat). A send slower than its CPU with a high wait% was waiting for the machine, not working.`,
  ];
  for (const r of rows) out.push(r.map((cell, c) => cell.padStart(widths[c]!)).join('  '));
  const perCheck = x.cpuPerCheckS;
  const busy = Math.min(x.lanes, x.cores);
  const limitS = x.checkWaitLimitMs / 1000;
  out.push(
    '',
    `The ceiling: ${x.ceiling === null ? `no step's check waited past ${limitS} s` : `${x.ceiling} participants (the first step where a check waited past ${limitS} s)`}.`,
    `Why: every check and every other session's test run needs a Python interpreter that has run nothing; one costs the machine ${perCheck.toFixed(2)} s of CPU ` +
      `(the run, the spare restored after it, the host's part), measured over ${x.burst} checks at once. The host runs ${x.lanes} sandbox lane(s) ` +
      `(main/pyodide/pool.ts: cores − 1, at least one, at most 8; TEAMSEAT_SANDBOX_LANES overrides) on ${x.cores} core(s), so at most ` +
      `${busy} / ${perCheck.toFixed(2)} = ${(busy / perCheck).toFixed(2)} checks/s; measured ${x.capacity.toFixed(2)}/s (other sessions share this machine: see the load column).`,
    `A participant here asks for ${x.sandboxRunsPerStep} sandbox runs per ~${stepS.toFixed(0)} s step, so the checks keep up with about capacity ÷ that rate participants.`,
    `More cores: checks/s ≈ lanes ÷ CPU per check, lanes = cores − 1 (a core left to the host's own thread): ` +
      [4, 8, 16].map((c) => `${c} cores → ${defaultPoolSize(c)} lanes ≈ ${(defaultPoolSize(c) / perCheck).toFixed(1)}/s`).join(', ') +
      ` (per-check CPU as measured here; a faster core lowers it).`,
  );
  process.stdout.write(`${out.join('\n')}\n`);
}
