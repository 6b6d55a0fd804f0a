import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import YAML from 'yaml';
import type WebSocket from 'ws';
import { mulberry32, type Rng } from '../../shared/stats/prng.js';
import { mustOf, spawnHost, type HostProcess } from '../hosts/browser/hostProcess.js';
import { defaultPoolSize } from '../pyodide/pool.js';
import { openStream, participantCall, seatParticipants } from './lab.js';
import { loadAverage, treeCpu, treeMemory, type TreeCpu } from './procTree.js';
import { quantile, type BenchRow } from './types.js';

// `npm run bench -- --only crowd` (issue 25): a load that looks like an online study, as a ramp that always ends.
// Each step seats N participants in the coding task with a workspace (impossible-tests) and has each do the same
// fixed number of actions at a person's pace (a message every 5–20 s, reads, an edit, a test run, a reload now and
// then, and for half of them a submit whose hidden check runs in the Python sandbox). A step ends when its
// participants have done their actions (and their checks have committed), so its length is bounded by the actions,
// not by a wall-clock sleep. Once a step's check waited past 30 s the sandbox load stops (test runs become reads,
// submits become messages) and that N is the ceiling; the later steps still measure the sends, up to 200.
// Everything goes through the HTTP API with each participant's own link token, each keeping its event stream open.
// Before the ramp, in the same run: one participant alone (the baseline of every figure) and a burst of submits at
// once (the checks' capacity), with the CPU a check costs the machine.

/** The ramp's steps; TEAMSEAT_CROWD_STEPS changes them (e.g. `1,5` for a quick try). The issue's figure is 200. */
const STEPS = (process.env.TEAMSEAT_CROWD_STEPS ?? '1,10,25,50,100,200').split(',').map(Number);
/** A person's pace: the wait before each action, drawn uniformly from this range (ms). TEAMSEAT_CROWD_PACE=fast quarters it. */
const PACE_MS: [number, number] = process.env.TEAMSEAT_CROWD_PACE === 'fast' ? [1_250, 5_000] : [5_000, 20_000];
/** A check whose wait passes this is what the issue asks to find the ceiling of. */
const CHECK_WAIT_LIMIT_MS = 30_000;
/** Participants who submit at the same instant in the burst that measures the checks' capacity. */
const BURST = Number(process.env.TEAMSEAT_CROWD_BURST ?? 20);
/** Runs one participant alone plays back-to-back for the baseline. */
const ALONE_RUNS = 4;
const LINES = [
  'Morgan, I had a look at the failing test before changing anything.',
  'The docstring says a plateau of two equal values counts; let me check the numbers.',
  'I am running the tests again after my change.',
  'Quinn, could you look at test_two_short_runs with me?',
];

type Action = 'send' | 'read' | 'edit' | 'tests' | 'reload' | 'submit';
/**
 * One step of one participant: seven actions, about 90 s at a person's pace. Every fifth participant reloads where
 * the others read, and every second ends with the submit: a submit every three minutes or so per participant, a
 * test run every ninety seconds, a message every thirty (between the messages the others' are read and answered).
 */
function stepScript(i: number, sandbox: boolean): Action[] {
  const script: Action[] = ['send', i % 5 === 0 ? 'reload' : 'read', 'tests', 'send', 'edit', 'send', i % 2 === 0 ? 'submit' : 'send'];
  // Past the ceiling: the same number of actions, none of them in the sandbox.
  return sandbox ? script : script.map((a) => (a === 'tests' ? 'read' : a === 'submit' ? 'send' : a));
}
/** Sandbox runs per participant per step (one test run, half a check): what the ceiling's formula divides by. */
const SANDBOX_RUNS_PER_STEP = 1.5;

interface Figures {
  send: number[];
  tool: number[];
  tests: number[];
  reload: number[];
  checkWait: number[];
  errors: string[];
}
const figures = (): Figures => ({ send: [], tool: [], tests: [], reload: [], checkWait: [], errors: [] });

interface Seat {
  participantId: string;
  token: string;
  sessionId: string;
  socket: WebSocket;
}

/** A copy of team-demo whose protocol is the coding task alone: one counted run per participant, no practice, no breaks. */
function writeCrowdPack(appRoot: string, dataDir: string): void {
  const from = path.join(appRoot, 'studies', 'team-demo');
  const to = path.join(dataDir, 'studies', 'crowd-bench');
  fs.cpSync(from, to, { recursive: true });
  const study = YAML.parse(fs.readFileSync(path.join(to, 'study.yaml'), 'utf8')) as Record<string, unknown> & { protocol: Record<string, unknown> & { screens: Record<string, unknown> } };
  study.id = 'crowd-bench';
  study.title = 'Crowd bench';
  study.protocol.tasks = ['impossible-tests'];
  study.protocol.tasks_per_participant = 1;
  study.protocol.ordering = 'fixed';
  for (const screen of ['practice', 'breaks', 'manipulation_check', 'questionnaire']) delete study.protocol.screens[screen];
  fs.writeFileSync(path.join(to, 'study.yaml'), YAML.stringify(study));
  // Label test sets belong to the pack they were written for; the copy's study does not need them.
  fs.rmSync(path.join(to, 'label-tests'), { recursive: true, force: true });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const paceOf = (rng: Rng) => PACE_MS[0] + rng.next() * (PACE_MS[1] - PACE_MS[0]);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const q = (xs: number[], p: number) => quantile(sorted(xs), p);

/** Submits in flight across the crowd (a person's check counts from their submit until their view leaves `checking`). */
let outstanding = 0;

/** One participant's actions; `paced` false plays them back-to-back (the warm-up, the baseline, the burst). */
async function play(host: HostProcess, s: Seat, script: readonly Action[], rng: Rng, f: Figures, paced: boolean): Promise<void> {
  const call = participantCall(host, s.token);
  const timed = async <T>(into: number[], work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const value = await work();
    into.push(performance.now() - t0);
    return value;
  };
  let sent = 0;
  for (const action of script) {
    if (paced) await pause(paceOf(rng));
    try {
      if (action === 'send') {
        await timed(f.send, () => call('teamSend', { sessionId: s.sessionId, to: 'team', text: LINES[sent++ % LINES.length] }));
      } else if (action === 'read') {
        await timed(f.tool, () => call('teamTool', { sessionId: s.sessionId, name: 'read_file', input: { path: 'plateau.py' } }));
      } else if (action === 'edit') {
        const file = await call<{ result: { output?: string } }>('teamTool', { sessionId: s.sessionId, name: 'read_file', input: { path: 'plateau.py' } });
        const content = `${file.result.output ?? ''}\n# checked against the docstring by ${s.participantId}\n`;
        await timed(f.tool, () => call('teamTool', { sessionId: s.sessionId, name: 'edit_file', input: { path: 'plateau.py', content } }));
      } else if (action === 'tests') {
        const run = await timed(f.tests, () => call<{ result: { resultHead: string } }>('teamTool', { sessionId: s.sessionId, name: 'run_tests', input: {} }));
        // A sandbox that could not start answers with an error head, quickly: that is a failure, not a fast run.
        if (!/\d+ passed/.test(run.result.resultHead)) f.errors.push(`${s.participantId} run_tests: ${run.result.resultHead}`);
      } else if (action === 'submit') {
        await submitAndWait(host, s, f);
      } else {
        // A reload: the page drops its stream, opens a new one and reads its screen and its run again.
        s.socket.close();
        await timed(f.reload, async () => {
          s.socket = await openStream(host, s.token);
          await call('participantStep', { participantId: s.participantId });
          await call('teamView', { sessionId: s.sessionId });
        });
      }
    } catch (error) {
      f.errors.push(`${s.participantId} ${action}: ${String(error)}`);
    }
  }
}

/** The submit, then the wait until the run's hidden check has committed (its view leaves `checking`). */
async function submitAndWait(host: HostProcess, s: Seat, f: Figures): Promise<void> {
  const call = participantCall(host, s.token);
  outstanding++;
  const t0 = performance.now();
  try {
    let view = await call<{ status: string }>('teamSubmit', { sessionId: s.sessionId, answer: 'test_two_short_runs expects the wrong value; plateau.py is right.' });
    while (view.status === 'checking') {
      await pause(250);
      view = await call<{ status: string }>('teamView', { sessionId: s.sessionId });
    }
    f.checkWait.push(performance.now() - t0);
  } finally {
    outstanding--;
  }
}

/** The CPU spent between two readings, ms: the host's own, and its sandbox processes'. */
const cpuSince = (before: TreeCpu | null, after: TreeCpu | null) =>
  before && after ? { host: after.hostMs - before.hostMs, sandbox: after.childrenMs - before.childrenMs } : { host: NaN, sandbox: NaN };

interface Step {
  n: number;
  sandbox: boolean;
  wallS: number;
  f: Figures;
  /** Sandbox runs (test runs and checks) that finished in the step, and the CPU they took. */
  sandboxRuns: number;
  cpu: { host: number; sandbox: number };
  /** The most of host and sandbox memory seen during the step (MB), and the most sandbox processes. */
  hostRss: number;
  sandboxRss: number;
  sandboxProcs: number;
  load: number | null;
}

export async function benchCrowd(appRoot: string): Promise<BenchRow[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-bench-crowd-'));
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ typingDelayMs: 0 }));
  writeCrowdPack(appRoot, dataDir);
  const host = await spawnHost(appRoot, dataDir);
  const pid = host.child.pid!;
  const live: Seat[] = [];
  let current: { n: number; f: Figures; done: number } | null = null;
  // Says how far a step is every 30 s (a long step then shows as one rather than as silence).
  const progress = setInterval(() => {
    const c = current;
    if (!c) return;
    const ms = (xs: number[]) => (xs.length > 0 ? `${Math.round(q(xs, 0.5))}/${Math.round(q(xs, 0.95))} ms` : '–');
    process.stderr.write(
      `  crowd ${c.n}: ${c.done} done, ${outstanding} checks in flight; sends ${c.f.send.length} p50/p95 ${ms(c.f.send)}; run_tests ${c.f.tests.length} ${ms(c.f.tests)}; ` +
        `checks ${c.f.checkWait.length} ${ms(c.f.checkWait)}; load ${loadAverage() ?? '?'}\n`,
    );
  }, 30_000);
  try {
    const must = mustOf(host);
    const studies = await must<Array<{ key: string; problems?: unknown[] }>>('listStudies', {});
    const studyKey = 'user:crowd-bench';
    const crowdStudy = studies.find((s) => s.key === studyKey);
    if (!crowdStudy || (crowdStudy.problems?.length ?? 0) > 0) throw new Error(`the crowd study did not load cleanly: ${JSON.stringify(crowdStudy ?? studies.map((s) => s.key))}`);
    const seat = async (count: number): Promise<Seat[]> => {
      const seats = await seatParticipants(host, count, studyKey);
      live.push(...seats);
      return seats;
    };
    const closeAll = (seats: readonly Seat[]) => seats.forEach((s) => s.socket.close());
    const rng = mulberry32(20261203);
    const fullScript = stepScript(0, true);

    // Warm-up, unmeasured: the first run pays for loading the pack, the labeller and the sandbox pool.
    const [warm] = await seat(1);
    await play(host, warm!, fullScript, rng, figures(), false);
    closeAll([warm!]);

    // Baseline: one participant alone, the same step back-to-back (its pace would only add idle time), ALONE_RUNS
    // times; the sandbox CPU over it, per sandbox run, is what one run costs with nothing else going on.
    const alone = figures();
    const aloneCpu0 = treeCpu(pid);
    for (let i = 0; i < ALONE_RUNS; i++) {
      const [s] = await seat(1);
      await play(host, s!, fullScript, rng, alone, false);
      closeAll([s!]);
    }
    const aloneCpu = cpuSince(aloneCpu0, treeCpu(pid));
    const aloneRuns = alone.tests.length + alone.checkWait.length;
    const aloneCheckS = q(alone.checkWait, 0.5) / 1000;

    // The checks' capacity: BURST participants, each at the end of their run, submit at the same instant; the rate
    // at which their checks commit is what the host clears when submits pile up, and the CPU over it, per check,
    // is what a check costs the machine (its fresh interpreter, the spare restored after it, the host's part).
    const burst = figures();
    const ready = await seat(BURST);
    for (const s of ready) await play(host, s, fullScript.slice(0, -1), rng, burst, false);
    const burstCpu0 = treeCpu(pid);
    const b0 = performance.now();
    await Promise.all(ready.map((s) => submitAndWait(host, s, burst).catch((error: unknown) => burst.errors.push(`${s.participantId} submit: ${String(error)}`))));
    const burstS = (performance.now() - b0) / 1000;
    const burstCpu = cpuSince(burstCpu0, treeCpu(pid));
    const capacity = burst.checkWait.length / burstS;
    const cpuPerCheckS = burstCpu.sandbox / 1000 / burst.checkWait.length;
    closeAll(ready);
    process.stderr.write(`  burst: ${burst.checkWait.length} checks in ${burstS.toFixed(1)} s (${capacity.toFixed(2)}/s), sandbox CPU ${cpuPerCheckS.toFixed(2)} s per check\n`);

    // The ramp.
    const steps: Step[] = [];
    let ceiling: number | null = null;
    for (const n of STEPS) {
      const sandbox = ceiling === null;
      const f = figures();
      const seats = await seat(n);
      current = { n, f, done: 0 };
      const peak = { hostRss: 0, sandboxRss: 0, sandboxProcs: 0 };
      const sampleMemory = () => {
        const m = treeMemory(pid);
        if (!m) return;
        peak.hostRss = Math.max(peak.hostRss, m.hostRss);
        peak.sandboxRss = Math.max(peak.sandboxRss, m.childrenRss);
        peak.sandboxProcs = Math.max(peak.sandboxProcs, m.children);
      };
      const sampler = setInterval(sampleMemory, 5_000);
      const cpu0 = treeCpu(pid);
      const t0 = performance.now();
      try {
        await Promise.all(
          seats.map(async (s, i) => {
            await play(host, s, stepScript(i, sandbox), mulberry32(n * 1000 + i), f, true);
            current!.done++;
          }),
        );
      } finally {
        clearInterval(sampler);
      }
      sampleMemory();
      const step: Step = {
        n,
        sandbox,
        wallS: (performance.now() - t0) / 1000,
        f,
        sandboxRuns: f.tests.length + f.checkWait.length,
        cpu: cpuSince(cpu0, treeCpu(pid)),
        ...peak,
        load: loadAverage(),
      };
      steps.push(step);
      closeAll(seats);
      process.stderr.write(`  step ${n}: ${step.wallS.toFixed(0)} s, send p95 ${Math.round(q(f.send, 0.95))} ms, check wait max ${f.checkWait.length > 0 ? Math.round(q(f.checkWait, 1)) : '–'} ms, load ${step.load}\n`);
      if (sandbox && f.checkWait.some((w) => w > CHECK_WAIT_LIMIT_MS)) ceiling = n;
    }
    current = null;

    const mem = treeMemory(pid);
    const lanes = defaultPoolSize();
    const cores = os.availableParallelism();
    printTable(steps, alone, { aloneCpu, aloneRuns, capacity, cpuPerCheckS, burstS, lanes, cores, ceiling });

    const last = steps.at(-1)!;
    const lastSandbox = steps.filter((s) => s.sandbox).at(-1);
    const errors = [...alone.errors, ...burst.errors, ...steps.flatMap((s) => s.f.errors)];
    if (errors.length > 0) process.stderr.write(`crowd: ${errors.length} failed actions, e.g. ${errors.slice(0, 3).join(' | ')}\n`);
    // Steady state: each participant asks for SANDBOX_RUNS_PER_STEP sandbox runs per step of seven paced actions.
    const stepS = 7 * ((PACE_MS[0] + PACE_MS[1]) / 2 / 1000);
    const runsPerParticipantS = SANDBOX_RUNS_PER_STEP / stepS;
    return [
      {
        name: `${last.n} participants at a person's pace: send → reply persisted, p95 (${last.f.send.length} sends)`,
        value: q(last.f.send, 0.95),
        unit: 'ms',
        target: '<= 50',
        baseline: { name: `one participant alone, p95 (${alone.send.length} sends)`, value: q(alone.send, 0.95) },
      },
      ...steps
        .filter((s) => s !== last)
        .map((s) => ({ name: `${s.n} participants: send → reply persisted, p95 (${s.f.send.length})`, value: q(s.f.send, 0.95), unit: 'ms', target: '<= 50', baseline: { name: 'alone, p95', value: q(alone.send, 0.95) } })),
      { name: `${last.n}: workspace read/edit, p95 (${last.f.tool.length})`, value: q(last.f.tool, 0.95), unit: 'ms', baseline: { name: 'alone, p95', value: q(alone.tool, 0.95) } },
      { name: `${last.n}: reload (new stream + screen + view), p95 (${last.f.reload.length})`, value: q(last.f.reload, 0.95), unit: 'ms', baseline: { name: 'alone, p95', value: q(alone.reload, 0.95) } },
      ...(lastSandbox
        ? [
            { name: `${lastSandbox.n} (the last step with sandbox load): run_tests, p95 (${lastSandbox.f.tests.length})`, value: q(lastSandbox.f.tests, 0.95), unit: 'ms', baseline: { name: 'alone, p95', value: q(alone.tests, 0.95) } },
            { name: `${lastSandbox.n}: hidden check, submit → committed, p50 (${lastSandbox.f.checkWait.length})`, value: q(lastSandbox.f.checkWait, 0.5), unit: 'ms', baseline: { name: 'alone, p50', value: q(alone.checkWait, 0.5) } },
            { name: `${lastSandbox.n}: hidden check, submit → committed, max`, value: q(lastSandbox.f.checkWait, 1), unit: 'ms', baseline: { name: 'alone, max', value: q(alone.checkWait, 1) } },
          ]
        : []),
      { name: `hidden checks per second, ${BURST} submitted at once (capacity)`, value: capacity, unit: '/s', baseline: { name: 'one participant alone (1 / its check p50)', value: 1 / aloneCheckS } },
      { name: `sandbox CPU per check at capacity (fresh interpreter + spare restored)`, value: cpuPerCheckS, unit: 's', baseline: { name: 'alone, per sandbox run', value: aloneCpu.sandbox / 1000 / aloneRuns } },
      {
        // NaN when no step's check waited past the limit: the ceiling is then above the ramp's last sandbox step.
        name: `participants at which a check's wait passed ${CHECK_WAIT_LIMIT_MS / 1000} s (ramp; NaN: never)`,
        value: ceiling ?? NaN,
        unit: 'participants',
        baseline: { name: `derived: capacity ÷ ${runsPerParticipantS.toFixed(3)} sandbox runs/s per participant`, value: capacity / runsPerParticipantS },
      },
      { name: `${CROWD_LABEL(steps)} failed actions`, value: errors.length, unit: 'actions', target: '<= 0' },
      ...(mem ? [{ name: `host memory at ${last.n}, peak RSS (the host process)`, value: mem.hostPeak, unit: 'MB', baseline: { name: `its RSS with one participant (step ${steps[0]!.n})`, value: steps[0]!.hostRss } }] : []),
      ...(lastSandbox ? [{ name: `sandbox processes' RSS, peak (${lastSandbox.sandboxProcs} processes at most)`, value: Math.max(...steps.map((s) => s.sandboxRss)), unit: 'MB' }] : []),
      { name: `the ramp's wall time (${steps.map((s) => s.n).join(', ')})`, value: steps.reduce((t, s) => t + s.wallS, 0), unit: 's' },
    ];
  } catch (error) {
    throw new Error(`crowd bench failed: ${String(error)}\nhost stderr:\n${host.stderr().slice(-3000)}`, { cause: error });
  } finally {
    clearInterval(progress);
    for (const s of live) s.socket.close();
    await host.stop();
    fs.rmSync(root, { recursive: true, force: true, maxRetries: 5 });
  }
}

const CROWD_LABEL = (steps: readonly Step[]) => `all steps (${steps.reduce((t, s) => t + s.n, 0)} participants) + baseline + burst:`;

/** The ramp's table, and in words where the ceiling is and why, and what more cores give. */
function printTable(
  steps: readonly Step[],
  alone: Figures,
  x: { aloneCpu: { host: number; sandbox: number }; aloneRuns: number; capacity: number; cpuPerCheckS: number; burstS: number; lanes: number; cores: number; ceiling: number | null },
): void {
  const ms = (xs: number[], p: number) => (xs.length > 0 ? String(Math.round(q(xs, p))) : '–');
  const s1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');
  const rows = [
    ['N', 'wall s', 'sends', 'send p50', 'send p95', 'tests', 'tests p95', 'checks', 'wait p50', 'wait p95', 'wait max', 'runs/s', 'cpu s/run', 'host MB', 'sbx MB', 'load'],
    ['alone', '', String(alone.send.length), ms(alone.send, 0.5), ms(alone.send, 0.95), String(alone.tests.length), ms(alone.tests, 0.95), String(alone.checkWait.length), ms(alone.checkWait, 0.5), ms(alone.checkWait, 0.95), ms(alone.checkWait, 1), '', s1(x.aloneCpu.sandbox / 1000 / x.aloneRuns), '', '', ''],
    ...steps.map((s) => [
      `${s.n}${s.sandbox ? '' : '*'}`,
      s.wallS.toFixed(0),
      String(s.f.send.length),
      ms(s.f.send, 0.5),
      ms(s.f.send, 0.95),
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
  const out = [`\ncrowd ramp (times in ms; * = past the ceiling: no test runs or submits, the same number of actions)`];
  for (const r of rows) out.push(r.map((cell, c) => cell.padStart(widths[c]!)).join('  '));
  const perCheck = x.cpuPerCheckS;
  const busy = Math.min(x.lanes, x.cores);
  out.push(
    '',
    `The ceiling: ${x.ceiling === null ? `no step's check waited past ${CHECK_WAIT_LIMIT_MS / 1000} s` : `${x.ceiling} participants (the first step where a check waited past ${CHECK_WAIT_LIMIT_MS / 1000} s)`}.`,
    `Why: every check and every other session's test run needs a Python interpreter that has run nothing; one costs the machine ${perCheck.toFixed(2)} s of CPU ` +
      `(the run, the spare restored after it, the host's part), measured over ${BURST} checks at once. The host runs ${x.lanes} sandbox lane(s) ` +
      `(main/pyodide/pool.ts defaultPoolSize: cores ≤ 2 → one per core, else cores − 1, at most 8) on ${x.cores} core(s), so at most ` +
      `${busy} / ${perCheck.toFixed(2)} = ${(busy / perCheck).toFixed(2)} checks/s; measured ${x.capacity.toFixed(2)}/s (other sessions share this machine: see the load column).`,
    `A participant here asks for ${SANDBOX_RUNS_PER_STEP} sandbox runs per ~${((7 * (PACE_MS[0] + PACE_MS[1])) / 2 / 1000).toFixed(0)} s step, so the checks keep up with about capacity ÷ that rate participants.`,
    `More cores: checks/s ≈ lanes ÷ CPU per check, lanes = min(8, cores − 1) above two cores (a core left to the host's own thread): ` +
      [4, 8, 16].map((c) => `${c} cores → ${defaultLanes(c)} lanes ≈ ${(defaultLanes(c) / perCheck).toFixed(1)}/s`).join(', ') +
      ` (per-check CPU as measured here; a faster core lowers it).`,
  );
  process.stdout.write(`${out.join('\n')}\n`);
}

const defaultLanes = (cores: number) => defaultPoolSize(cores);
