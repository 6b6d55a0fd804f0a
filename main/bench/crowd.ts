import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import YAML from 'yaml';
import type WebSocket from 'ws';
import { mulberry32, type Rng } from '../../shared/stats/prng.js';
import { mustOf, spawnHost, type HostProcess } from '../hosts/browser/hostProcess.js';
import { openStream, participantCall, seatParticipants } from './lab.js';
import { quantile, type BenchRow } from './types.js';

// `npm run bench -- --only crowd` (issue 25): a load that looks like an online study. Many participants, each in the
// coding task with a workspace (impossible-tests), at a person's pace: a message every 5–20 s, reads, edits and test
// runs between them, a reload now and then, and a submit at the end, whose hidden check runs in the Python sandbox.
// Everything goes through the HTTP API with each participant's own link token, and each keeps its event stream open.
// Beside it, in the same run, one participant alone plays the same script: the baseline of every figure.

/** Participants in the crowd; TEAMSEAT_CROWD changes it (the figure is 200). */
const CROWD = Number(process.env.TEAMSEAT_CROWD ?? 200);
/** A person's pace: the wait before each action, drawn uniformly from this range (ms). TEAMSEAT_CROWD_PACE=fast halves it. */
const PACE_MS: [number, number] = process.env.TEAMSEAT_CROWD_PACE === 'fast' ? [2_500, 10_000] : [5_000, 20_000];
/** Participants start over this window, as people opening one study link do. */
const ARRIVAL_MS = 20_000;
/** A check whose wait passes this is what the issue asks to find the ceiling of. */
const CHECK_WAIT_LIMIT_MS = 30_000;
const LINES = [
  'Morgan, I had a look at the failing test before changing anything.',
  'The docstring says a plateau of two equal values counts; let me check the numbers.',
  'I am running the tests again after my change.',
  'Quinn, could you look at test_two_short_runs with me?',
];

type Action = 'send' | 'read' | 'edit' | 'tests' | 'reload';
/** One person's run: the order of what they do (the last round's message is followed by the submit). */
const SCRIPT: Action[] = ['read', 'send', 'tests', 'send', 'edit', 'reload', 'tests', 'send', 'send'];

interface Figures {
  send: number[];
  tool: number[];
  tests: number[];
  reload: number[];
  checkWait: number[];
  /** Submits still checking when each submit was made (itself included), beside its wait. */
  checkQueue: Array<{ outstanding: number; waitMs: number }>;
  /** performance.now() when each check was seen committed. */
  committedAt: number[];
  errors: string[];
}
const figures = (): Figures => ({ send: [], tool: [], tests: [], reload: [], checkWait: [], checkQueue: [], committedAt: [], errors: [] });
/** Participants who submit at the same instant in the burst that measures the checks' capacity. */
const BURST = Number(process.env.TEAMSEAT_CROWD_BURST ?? 20);
/** The "a submit every few minutes": the period the steady-state ceiling assumes. */
const SUBMIT_PERIOD_S = 180;

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

/** A participant arriving: added, then seated from their link as the lab bench seats one. */
async function seat(host: HostProcess, studyKey: string): Promise<Seat> {
  const [one] = await seatParticipants(host, 1, studyKey);
  return one!;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const paceOf = (rng: Rng) => PACE_MS[0] + rng.next() * (PACE_MS[1] - PACE_MS[0]);

/** Submits in flight across the crowd (a person's check counts from their submit until their view leaves `checking`). */
let outstanding = 0;

/** One person's run at a person's pace; `paced` false plays the same script back-to-back (the warm-up). */
async function play(host: HostProcess, s: Seat, rng: Rng, f: Figures, paced: boolean, submit = true): Promise<void> {
  const call = participantCall(host, s.token);
  const timedValue = async <T>(into: number[], work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const value = await work();
    into.push(performance.now() - t0);
    return value;
  };
  const timed = (into: number[], work: () => Promise<unknown>) => timedValue(into, work);
  let sent = 0;
  for (const action of SCRIPT) {
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
        const run = await timedValue(f.tests, () => call<{ result: { resultHead: string } }>('teamTool', { sessionId: s.sessionId, name: 'run_tests', input: {} }));
        // A sandbox that could not start answers with an error head, quickly: that is a failure, not a fast run.
        if (!/\d+ passed/.test(run.result.resultHead)) f.errors.push(`${s.participantId} run_tests: ${run.result.resultHead}`);
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
  if (submit) {
    if (paced) await pause(paceOf(rng));
    await submitAndWait(host, s, f);
  }
}

/** The submit, then the wait until the run's hidden check has committed (its view leaves `checking`). */
async function submitAndWait(host: HostProcess, s: Seat, f: Figures): Promise<void> {
  const call = participantCall(host, s.token);
  outstanding++;
  const queued = outstanding;
  const t0 = performance.now();
  try {
    let view = await call<{ status: string }>('teamSubmit', { sessionId: s.sessionId, answer: 'test_two_short_runs expects the wrong value; plateau.py is right.' });
    while (view.status === 'checking') {
      await pause(250);
      view = await call<{ status: string }>('teamView', { sessionId: s.sessionId });
    }
    const waitMs = performance.now() - t0;
    f.checkWait.push(waitMs);
    f.checkQueue.push({ outstanding: queued, waitMs });
    f.committedAt.push(performance.now());
  } catch (error) {
    f.errors.push(`${s.participantId} submit: ${String(error)}`);
  } finally {
    outstanding--;
  }
}

/** The host's resident memory now and at its peak (Linux /proc; null elsewhere), in MB. */
function hostMemoryMb(host: HostProcess): { rss: number; peak: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${host.child.pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

export async function benchCrowd(appRoot: string): Promise<BenchRow[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-bench-crowd-'));
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ typingDelayMs: 0 }));
  writeCrowdPack(appRoot, dataDir);
  const host = await spawnHost(appRoot, dataDir);
  const seats: Seat[] = [];
  // Keeps the bench alive while requests are in flight (a hang then shows as one, with the progress line below,
  // rather than as a silent exit once nothing else holds the event loop), and says how far the crowd is.
  let done = 0;
  let live: Figures | null = null;
  const so = (xs: number[] | undefined, q: number) => (xs && xs.length > 0 ? `${Math.round(quantile(sorted(xs), q))} ms` : '–');
  // The figures so far on each line, so a crowd stopped part way still says where it stood.
  const progress = setInterval(() => {
    const f = live;
    process.stderr.write(
      `  crowd: ${seats.length} seated, ${done} done, ${outstanding} checks in flight; sends ${f?.send.length ?? 0} p95 ${so(f?.send, 0.95)}; ` +
        `run_tests ${f?.tests.length ?? 0} p50 ${so(f?.tests, 0.5)} max ${so(f?.tests, 1)}; checks ${f?.checkWait.length ?? 0} p50 ${so(f?.checkWait, 0.5)} max ${so(f?.checkWait, 1)}; ` +
        `host ${Math.round(hostMemoryMb(host)?.rss ?? NaN)} MB\n`,
    );
  }, 30_000);
  try {
    const must = mustOf(host);
    const studies = await must<Array<{ key: string; problems?: unknown[] }>>('listStudies', {});
    const studyKey = 'user:crowd-bench';
    const crowdStudy = studies.find((s) => s.key === studyKey);
    if (!crowdStudy || (crowdStudy.problems?.length ?? 0) > 0) throw new Error(`the crowd study did not load cleanly: ${JSON.stringify(crowdStudy ?? studies.map((s) => s.key))}`);
    const rng = mulberry32(20261203);
    // Warm-up, unmeasured: the first run pays for loading the pack, the labeller and the sandbox pool.
    const warm = await seat(host, studyKey);
    await play(host, warm, rng, figures(), false);
    warm.socket.close();
    // Baseline: one participant alone, the same script back-to-back (its pace would only add idle time).
    const alone = figures();
    for (let i = 0; i < 3; i++) {
      const s = await seat(host, studyKey);
      await play(host, s, rng, alone, false);
      s.socket.close();
    }
    // The checks' capacity, before the crowd: BURST participants, each at the end of their run, submit at the
    // same instant; the rate at which their checks commit is what the host clears when submits pile up.
    const burst = figures();
    const ready: Seat[] = [];
    for (let i = 0; i < BURST; i++) {
      const s = await seat(host, studyKey);
      await play(host, s, rng, burst, false, false);
      ready.push(s);
    }
    const b0 = performance.now();
    await Promise.all(ready.map((s) => submitAndWait(host, s, burst)));
    const burstS = (Math.max(...burst.committedAt) - b0) / 1000;
    const capacity = burst.committedAt.length / burstS;
    // Said at once: a crowd that outgrows the machine can take long, and this is the figure that says why.
    process.stderr.write(`  burst: ${burst.committedAt.length} checks in ${burstS.toFixed(1)} s (${capacity.toFixed(2)}/s)\n`);
    for (const s of ready) s.socket.close();
    // The crowd: arrivals over ARRIVAL_MS, each seated (link, consent, instructions, run) when they arrive.
    const crowd = figures();
    live = crowd;
    const memBefore = hostMemoryMb(host);
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CROWD }, async (_, i) => {
        await pause((i / CROWD) * ARRIVAL_MS);
        const s = await seat(host, studyKey);
        seats.push(s);
        await play(host, s, mulberry32(1000 + i), crowd, true);
        done++;
      }),
    );
    const wallS = (performance.now() - t0) / 1000;
    const mem = hostMemoryMb(host);
    const errors = [...crowd.errors, ...burst.errors];
    if (errors.length > 0) process.stderr.write(`crowd: ${errors.length} failed actions, e.g. ${errors.slice(0, 3).join(' | ')}\n`);
    const [send, aloneSend] = [sorted(crowd.send), sorted(alone.send)];
    const [waits, aloneWaits] = [sorted(crowd.checkWait), sorted(alone.checkWait)];
    const aloneCheckS = (aloneWaits.length > 0 ? quantile(aloneWaits, 0.5) : NaN) / 1000;
    const over = crowd.checkQueue.filter((q) => q.waitMs > CHECK_WAIT_LIMIT_MS).map((q) => q.outstanding);
    const ceiling = over.length > 0 ? Math.min(...over) : NaN;
    return [
      {
        name: `${CROWD} participants at a person's pace: send → reply persisted, p95 (${send.length} sends)`,
        value: quantile(send, 0.95),
        unit: 'ms',
        target: '<= 50',
        baseline: { name: `one participant alone, p95 (${aloneSend.length} sends)`, value: quantile(aloneSend, 0.95) },
      },
      { name: `${CROWD}: workspace read/edit, p95 (${crowd.tool.length})`, value: quantile(sorted(crowd.tool), 0.95), unit: 'ms', baseline: { name: 'alone, p95', value: quantile(sorted(alone.tool), 0.95) } },
      { name: `${CROWD}: run_tests, p95 (${crowd.tests.length})`, value: quantile(sorted(crowd.tests), 0.95), unit: 'ms', baseline: { name: 'alone, p95', value: quantile(sorted(alone.tests), 0.95) } },
      { name: `${CROWD}: reload (new stream + screen + view), p95 (${crowd.reload.length})`, value: quantile(sorted(crowd.reload), 0.95), unit: 'ms', baseline: { name: 'alone, p95', value: quantile(sorted(alone.reload), 0.95) } },
      { name: `${CROWD}: hidden check, submit → committed, p50 (${waits.length})`, value: quantile(waits, 0.5), unit: 'ms', baseline: { name: 'alone, p50', value: quantile(aloneWaits, 0.5) } },
      { name: `${CROWD}: hidden check, submit → committed, max`, value: waits.at(-1) ?? NaN, unit: 'ms', baseline: { name: 'alone, max', value: aloneWaits.at(-1) ?? NaN } },
      {
        name: `hidden checks per second, ${BURST} submitted at once (capacity)`,
        value: capacity,
        unit: '/s',
        baseline: { name: 'one at a time (1 / alone p50)', value: 1 / aloneCheckS },
      },
      {
        // NaN when no check of the crowd waited past the limit: the ceiling is then above this crowd's peak.
        name: `crowd: submits in flight when a check's wait first passed ${CHECK_WAIT_LIMIT_MS / 1000} s (NaN: never)`,
        value: ceiling,
        unit: 'submits',
        baseline: { name: `${CHECK_WAIT_LIMIT_MS / 1000} s × capacity (submits at once cleared within it)`, value: (CHECK_WAIT_LIMIT_MS / 1000) * capacity },
      },
      {
        // Derived, not measured: with a submit every SUBMIT_PERIOD_S per participant, the queue grows without end
        // once participants × (1 / period) passes the capacity.
        name: `participants the checks keep up with at a submit every ${SUBMIT_PERIOD_S / 60} min (capacity × period)`,
        value: capacity * SUBMIT_PERIOD_S,
        unit: 'participants',
        baseline: { name: 'participants in this crowd', value: CROWD },
      },
      { name: `${CROWD} (+ ${BURST} in the burst): failed actions`, value: errors.length, unit: 'actions', target: '<= 0' },
      ...(mem && memBefore ? [{ name: `${CROWD}: host memory, peak RSS (sandbox processes not included)`, value: mem.peak, unit: 'MB', baseline: { name: 'before the crowd', value: memBefore.rss } }] : []),
      { name: `${CROWD}: the crowd's wall time`, value: wallS, unit: 's' },
    ];
  } catch (error) {
    throw new Error(`crowd bench failed: ${String(error)}\nhost stderr:\n${host.stderr().slice(-3000)}`, { cause: error });
  } finally {
    clearInterval(progress);
    for (const s of seats) s.socket.close();
    await host.stop();
    fs.rmSync(root, { recursive: true, force: true, maxRetries: 5 });
  }
}
