import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import YAML from 'yaml';
import type WebSocket from 'ws';
import { mulberry32, type Rng } from '../../shared/stats/prng.js';
import { mustOf, spawnHost, type HostProcess } from '../hosts/browser/hostProcess.js';
import { poolSize } from '../pyodide/pool.js';
import { openStream, participantCall, seatParticipants } from './lab.js';
import { loadAverage, mainThreadSched, treeCpu, treeMemory, type ThreadSched, type TreeCpu } from './procTree.js';
import { printCrowdTable, q, type Figures, type Step } from './crowdTable.js';
import { type BenchRow } from './types.js';

// `npm run bench -- --only crowd` (issue 25): a load that looks like an online study, as a ramp that always ends.
// Each step seats N participants in the coding task with a workspace (impossible-tests) and has each do the same
// fixed number of actions at a person's pace (a message every 5–20 s, reads, an edit, a test run, a reload now and
// then, and for half of them a submit whose hidden check runs in the Python sandbox). A step ends when its
// participants have done their actions (and their checks have committed), so its length is bounded by the actions,
// not by a wall-clock sleep. Once a step's check waited past 30 s the sandbox load stops (test runs become reads,
// submits become messages) and that N is the ceiling; the later steps still measure the sends, up to 200.
// Everything goes through the HTTP API with each participant's own link token, each keeping its event stream open.
// Before the ramp, in the same run: one participant alone (the baseline of every figure) and a burst of submits at
// once (the checks' capacity), with the CPU a check costs the machine. After it, the last N once more with every
// sandbox lane kept busy (the send target with checks running, beside the same N without them).
// Each step also says where a send's time went, from Linux's schedstat: the host's main thread's CPU and its time
// runnable but waiting for a core, and the same wait for this bench's own client process (it shares the machine).

/** The ramp's steps; TEAMSEAT_CROWD_STEPS changes them (e.g. `1,5` for a quick try). The figure is 200. */
const STEPS = (process.env.TEAMSEAT_CROWD_STEPS ?? '1,10,25,50,100,200').split(',').map(Number);
/** A person's pace: the wait before each action, drawn uniformly from this range (ms). TEAMSEAT_CROWD_PACE=fast quarters it. */
const PACE_MS: [number, number] = process.env.TEAMSEAT_CROWD_PACE === 'fast' ? [1_250, 5_000] : [5_000, 20_000];
/** A check whose wait passes this is what the issue asks to find the ceiling of. */
const CHECK_WAIT_LIMIT_MS = 30_000;
/** Participants who submit at the same instant in the burst that measures the checks' capacity. */
const BURST = Number(process.env.TEAMSEAT_CROWD_BURST ?? 20);
/** Participants per sandbox lane who keep the lanes busy with test runs in the busy-lanes step (a queue on each). */
const BUSY_PER_LANE = 3;
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

export const figures = (): Figures => ({ send: [], tool: [], tests: [], reload: [], checkWait: [], errors: [] });

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

    // One step: its participants play their scripts at a person's pace, all at once, measured together.
    const lanes = poolSize();
    const runStep = async (n: number, seats: readonly Seat[], kind: Step['kind'], f: Figures): Promise<Step> => {
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
      const sched0 = { host: mainThreadSched(pid), client: mainThreadSched(process.pid) };
      const t0 = performance.now();
      try {
        await Promise.all(
          seats.map(async (s, i) => {
            await play(host, s, stepScript(i, kind === 'sandbox'), mulberry32(n * 1000 + i + (kind === 'busy' ? 7 : 0)), f, true);
            current!.done++;
          }),
        );
      } finally {
        clearInterval(sampler);
      }
      sampleMemory();
      const wallS = (performance.now() - t0) / 1000;
      const sched1 = { host: mainThreadSched(pid), client: mainThreadSched(process.pid) };
      const share = (before: ThreadSched | null, after: ThreadSched | null, key: keyof ThreadSched) =>
        before && after ? (after[key] - before[key]) / 10 / wallS : NaN;
      const step: Step = {
        n,
        kind,
        wallS,
        f,
        sandboxRuns: f.tests.length + f.checkWait.length,
        cpu: cpuSince(cpu0, treeCpu(pid)),
        sched: {
          hostRun: share(sched0.host, sched1.host, 'runMs'),
          hostWait: share(sched0.host, sched1.host, 'waitMs'),
          clientWait: share(sched0.client, sched1.client, 'waitMs'),
        },
        ...peak,
        load: loadAverage(),
      };
      process.stderr.write(`  step ${n}${kind === 'busy' ? ' (lanes kept busy)' : ''}: ${wallS.toFixed(0)} s, send p95 ${Math.round(q(f.send, 0.95))} ms, check wait max ${f.checkWait.length > 0 ? Math.round(q(f.checkWait, 1)) : '–'} ms, load ${step.load}\n`);
      return step;
    };

    // The ramp.
    const steps: Step[] = [];
    let ceiling: number | null = null;
    for (const n of STEPS) {
      const kind = ceiling === null ? 'sandbox' : 'none';
      const seats = await seat(n);
      const step = await runStep(n, seats, kind, figures());
      steps.push(step);
      closeAll(seats);
      if (kind === 'sandbox' && step.f.checkWait.some((w) => w > CHECK_WAIT_LIMIT_MS)) ceiling = n;
    }

    // The send target with checks running: the ramp's last N again, their own actions without the sandbox (as past
    // the ceiling), while BUSY_PER_LANE participants per lane run their tests back to back on other runs, so every
    // lane is busy with a fresh interpreter's work (as a check is) for the whole step, whatever the ceiling was.
    const busyN = STEPS.at(-1)!;
    const busyF = figures();
    const busySeats = await seat(busyN);
    const runners = await seat(lanes * BUSY_PER_LANE);
    let busy = true;
    const keepBusy = runners.map(async (s) => {
      const call = participantCall(host, s.token);
      while (busy) {
        const t0 = performance.now();
        try {
          await call('teamTool', { sessionId: s.sessionId, name: 'run_tests', input: {} });
          busyF.tests.push(performance.now() - t0);
        } catch (error) {
          busyF.errors.push(`${s.participantId} run_tests (keeping the lanes busy): ${String(error)}`);
          return;
        }
      }
    });
    // The lanes are busy once each has a run going: the runners' first runs are queued before the step starts.
    await pause(1_000);
    try {
      steps.push(await runStep(busyN, busySeats, 'busy', busyF));
    } finally {
      busy = false;
      await Promise.all(keepBusy);
    }
    closeAll([...busySeats, ...runners]);
    current = null;

    const mem = treeMemory(pid);
    const cores = os.availableParallelism();
    const ramp = steps.filter((s) => s.kind !== 'busy');
    const busyStep = steps.find((s) => s.kind === 'busy')!;
    printCrowdTable(steps, alone, { aloneCpu, aloneRuns, capacity, cpuPerCheckS, burst: BURST, lanes, cores, ceiling, checkWaitLimitMs: CHECK_WAIT_LIMIT_MS, pace: PACE_MS, sandboxRunsPerStep: SANDBOX_RUNS_PER_STEP });

    const last = ramp.at(-1)!;
    const lastSandbox = ramp.filter((s) => s.kind === 'sandbox').at(-1);
    const errors = [...alone.errors, ...burst.errors, ...steps.flatMap((s) => s.f.errors)];
    if (errors.length > 0) process.stderr.write(`crowd: ${errors.length} failed actions, e.g. ${errors.slice(0, 3).join(' | ')}\n`);
    // Steady state: each participant asks for SANDBOX_RUNS_PER_STEP sandbox runs per step of seven paced actions.
    const stepS = 7 * ((PACE_MS[0] + PACE_MS[1]) / 2 / 1000);
    const runsPerParticipantS = SANDBOX_RUNS_PER_STEP / stepS;
    const sendP95 = (s: Step) => q(s.f.send, 0.95);
    return [
      {
        name: `${busyStep.n} participants at a person's pace, all ${lanes} sandbox lane(s) kept busy: send → reply persisted, p95 (${busyStep.f.send.length} sends; client on this machine)`,
        value: sendP95(busyStep),
        unit: 'ms',
        target: '<= 50',
        baseline: { name: `the same ${last.n}${last.kind === 'sandbox' ? ' with their own sandbox load' : ' without sandbox load'} in the ramp, p95`, value: sendP95(last) },
      },
      {
        name: `${last.n} participants at a person's pace${last.kind === 'sandbox' ? '' : ' (past the ceiling: no sandbox load)'}: send → reply persisted, p95 (${last.f.send.length} sends)`,
        value: sendP95(last),
        unit: 'ms',
        target: '<= 50',
        baseline: { name: `one participant alone, p95 (${alone.send.length} sends)`, value: q(alone.send, 0.95) },
      },
      ...ramp
        .filter((s) => s !== last)
        .map((s) => ({ name: `${s.n} participants${s.kind === 'sandbox' ? '' : ' (no sandbox load)'}: send → reply persisted, p95 (${s.f.send.length})`, value: sendP95(s), unit: 'ms', target: '<= 50', baseline: { name: 'alone, p95', value: q(alone.send, 0.95) } })),
      {
        name: `${busyStep.n}, lanes kept busy: the host's main thread waiting for a core, share of the step's time`,
        value: busyStep.sched.hostWait,
        unit: '%',
        baseline: { name: `its own CPU, share of the step's time`, value: busyStep.sched.hostRun },
      },
      { name: `${busyStep.n}, lanes kept busy: this bench's client waiting for a core, share of the step's time`, value: busyStep.sched.clientWait, unit: '%', baseline: { name: `the same ${last.n} without them`, value: last.sched.clientWait } },
      { name: `${last.n}: workspace read/edit, p95 (${last.f.tool.length})`, value: q(last.f.tool, 0.95), unit: 'ms', baseline: { name: 'alone, p95', value: q(alone.tool, 0.95) } },
      { name: `${last.n}: reload (new stream + screen + view), p95 (${last.f.reload.length})`, value: q(last.f.reload, 0.95), unit: 'ms', baseline: { name: 'alone, p95', value: q(alone.reload, 0.95) } },
      ...(lastSandbox
        ? [
            { name: `${lastSandbox.n} (the last step with sandbox load): run_tests, p95 (${lastSandbox.f.tests.length})`, value: q(lastSandbox.f.tests, 0.95), unit: 'ms', baseline: { name: 'alone, p95', value: q(alone.tests, 0.95) } },
            { name: `${lastSandbox.n}: hidden check, submit → committed, p50 (${lastSandbox.f.checkWait.length})`, value: q(lastSandbox.f.checkWait, 0.5), unit: 'ms', baseline: { name: 'alone, p50', value: q(alone.checkWait, 0.5) } },
            { name: `${lastSandbox.n}: hidden check, submit → committed, max`, value: q(lastSandbox.f.checkWait, 1), unit: 'ms', baseline: { name: 'alone, max', value: q(alone.checkWait, 1) } },
          ]
        : []),
      { name: `hidden checks per second on ${lanes} lane(s), ${BURST} submitted at once (capacity)`, value: capacity, unit: '/s', baseline: { name: 'one participant alone (1 / its check p50)', value: 1 / aloneCheckS } },
      { name: `sandbox CPU per check at capacity (fresh interpreter + spare restored)`, value: cpuPerCheckS, unit: 's', baseline: { name: 'alone, per sandbox run', value: aloneCpu.sandbox / 1000 / aloneRuns } },
      {
        // NaN when no step's check waited past the limit: the ceiling is then above the ramp's last sandbox step.
        name: `participants at which a check's wait passed ${CHECK_WAIT_LIMIT_MS / 1000} s on ${lanes} lane(s) (ramp; NaN: never)`,
        value: ceiling ?? NaN,
        unit: 'participants',
        baseline: { name: `derived: capacity ÷ ${runsPerParticipantS.toFixed(3)} sandbox runs/s per participant`, value: capacity / runsPerParticipantS },
      },
      { name: `${CROWD_LABEL(steps)} failed actions`, value: errors.length, unit: 'actions', target: '<= 0' },
      ...(mem ? [{ name: `host memory at ${last.n}, peak RSS (the host process)`, value: mem.hostPeak, unit: 'MB', baseline: { name: `its RSS with one participant (step ${steps[0]!.n})`, value: steps[0]!.hostRss } }] : []),
      { name: `sandbox processes' RSS, peak (${Math.max(...steps.map((s) => s.sandboxProcs))} processes at most)`, value: Math.max(...steps.map((s) => s.sandboxRss)), unit: 'MB' },
      { name: `the ramp's wall time (${ramp.map((s) => s.n).join(', ')}) and the busy-lanes step`, value: steps.reduce((t, s) => t + s.wallS, 0), unit: 's' },
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
