import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { mustOf, spawnHost, type HostProcess } from '../hosts/browser/hostProcess.js';
import { postApi } from './apiClient.js';
import { quantile, type BenchRow } from './types.js';

const STUDY = 'built-in:team-demo';
export const LAB_PARTICIPANTS = 20;
/** Participants measured alone in each round, one after another, on the same (warmed) host. */
const LONE_PARTICIPANTS = 3;
/** Rounds of (participants alone, then 20 at once): each figure pools its rounds' sends. */
const ROUNDS = 3;
/** Sends per participant at most (a run may end sooner: its rounds run out). */
const SENDS = 8;
const LINES = [
  'Hello team, what matters most to each of you here?',
  'I would like the firewood most; what about you?',
  'Could we split the water evenly and I take two firewood?',
  'That sounds fair to me, shall we agree on it?',
];

/** One participant's link: their capability token, and the team run they are playing. */
export interface LabSeat {
  participantId: string;
  token: string;
  sessionId: string;
  socket: WebSocket;
}

/** Calls a method with a participant's own link token, as their kiosk page does (over a kept-alive connection). */
export function participantCall(host: Pick<HostProcess, 'origin'>, token: string) {
  return async <T>(method: string, args: unknown): Promise<T> => {
    const body = await postApi<T>(host.origin, token, method, args);
    if (!body.ok) throw new Error(`${method}: ${body.error?.message}`);
    return body.value;
  };
}

type Screen = { screen: string; stepToken: string; run?: { runId: string } | null };

/**
 * Adds `count` participants, starts each, and walks each through consent and instructions to the start of their
 * first run (the practice team task), with the event stream open as their kiosk page keeps it.
 */
export async function seatParticipants(host: HostProcess, count: number, studyKey = STUDY): Promise<LabSeat[]> {
  const must = mustOf(host);
  const added = await must<{ participantId: string }[]>('studyAddParticipants', { studyKey, count });
  const seats: LabSeat[] = [];
  for (const { participantId } of added) seats.push(await seatOne(host, studyKey, participantId));
  return seats;
}

/** One added participant started, walked from their link to the start of their first run, their stream open. */
async function seatOne(host: HostProcess, studyKey: string, participantId: string): Promise<LabSeat> {
  const must = mustOf(host);
  await must('studyStartParticipant', { studyKey, participantId });
  const { fragment } = await must<{ fragment: string }>('participantLink', { studyKey, participantId });
  const token = fragment.slice('kiosk='.length);
  const call = participantCall(host, token);
  let screen = await call<Screen>('participantStep', { participantId });
  for (let guard = 0; screen.screen !== 'run' && guard < 10; guard++) {
    screen =
      screen.screen === 'consent'
        ? await call<Screen>('participantConsent', { participantId, stepToken: screen.stepToken, agree: true })
        : await call<Screen>('participantNext', { participantId, stepToken: screen.stepToken });
  }
  if (screen.screen !== 'run') throw new Error(`participant did not reach a run (at ${screen.screen})`);
  screen = await call<Screen>('participantStartRun', { participantId, stepToken: screen.stepToken });
  const socket = await openStream(host, token);
  return { participantId, token, sessionId: screen.run!.runId, socket };
}

/** The event stream as a page opens it (token as a subprotocol). */
export function openStream(host: Pick<HostProcess, 'port'>, token: string, address = '127.0.0.1'): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${address}:${host.port}/events`, ['teamseat', `token.${token}`]);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/**
 * The host's main thread's CPU time so far, in ms (Linux only; null elsewhere). `/proc/PID/schedstat` counts the
 * thread group leader alone, in nanoseconds: the one thread every request waits for, without the checkpoint worker
 * or libuv's pool, and precise enough to compare builds (stat(5)'s clock ticks are 10 ms).
 */
function hostCpuMs(host: HostProcess): number | null {
  try {
    return Number(fs.readFileSync(`/proc/${host.child.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

/** One participant sending back-to-back: each send waits for the reply (send → scripted reply persisted). */
async function play(host: HostProcess, seat: LabSeat, times: number[]): Promise<void> {
  const call = participantCall(host, seat.token);
  for (let i = 0; i < SENDS; i++) {
    const t0 = performance.now();
    const view = await call<{ status: string }>('teamSend', { sessionId: seat.sessionId, to: 'team', text: LINES[i % LINES.length] });
    times.push(performance.now() - t0);
    if (view.status === 'ended') return;
  }
}

/**
 * Before a measured phase: the participants' pages open their run screens (each reads its view, all at once, as
 * twenty pages opened for a session do), then the host is left alone for a moment, so background work left from the
 * phase before (its results files, written once participants are between actions) is not measured in this one.
 */
async function openPages(host: HostProcess, seats: readonly LabSeat[]): Promise<void> {
  await Promise.all(seats.map((seat) => participantCall(host, seat.token)('teamView', { sessionId: seat.sessionId })));
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
}
const SETTLE_MS = 300;

/**
 * The experimenter's dashboard as its page reads it: its view again on every event of the stream, one read at a time
 * (events that come during a read cause one more). Stopped by the returned function; resolves the reads it made.
 */
function watchDashboard(host: HostProcess): { stop(): Promise<number> } {
  let reads = 0;
  let inFlight: Promise<void> | null = null;
  let again = false;
  let open = true;
  const read = (): void => {
    if (!open) return;
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = postApi(host.origin, host.token, 'dashboardView', { studyKey: STUDY }).then((answer) => {
      if (!answer.ok) throw new Error(`dashboardView: ${answer.error?.message}`);
      reads++;
      inFlight = null;
      if (again) {
        again = false;
        read();
      }
    });
  };
  const socket = openStream(host, host.token);
  void socket.then((ws) => ws.on('message', read));
  read();
  return {
    async stop() {
      open = false;
      (await socket).close();
      await inFlight;
      return reads;
    },
  };
}

/**
 * A lab session on one host: 20 participants in the team-demo practice task at once, each with its event stream
 * open, all sending back-to-back over HTTP; beside it, in the same run and on the same warmed host, participants
 * alone (one after another).
 */
export async function benchLab(appRoot: string): Promise<BenchRow[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-bench-lab-'));
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ typingDelayMs: 0 }));
  const host = await spawnHost(appRoot, dataDir);
  try {
    // One participant plays a whole run first, unmeasured: the host's one-time costs (compiling the labeller's rules,
    // the JIT, loading the pack) would otherwise fall on the lone participant's first send and flatter the ratio.
    const [warmUp] = await seatParticipants(host, 1);
    await play(host, warmUp!, []);
    warmUp!.socket.close();
    // Alone and together take turns, ROUNDS times, and each figure pools its rounds: a slow moment of a shared
    // machine falls on both sides rather than on one. Only the participants playing have their streams open.
    const alone: number[] = [];
    const together: number[] = [];
    const cpu = { alone: 0, together: 0, client: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      // Alone: each of a few participants plays with nobody else sending, one after another.
      for (const seat of await seatParticipants(host, LONE_PARTICIPANTS)) {
        await openPages(host, [seat]);
        const before = hostCpuMs(host);
        await play(host, seat, alone);
        cpu.alone += (hostCpuMs(host) ?? NaN) - (before ?? NaN);
        seat.socket.close();
      }
      const crowd = await seatParticipants(host, LAB_PARTICIPANTS);
      await openPages(host, crowd);
      const before = hostCpuMs(host);
      const from = process.hrtime.bigint() / 1000n;
      const clientBefore = process.cpuUsage();
      await Promise.all(crowd.map((seat) => play(host, seat, together)));
      const client = process.cpuUsage(clientBefore);
      cpu.together += (hostCpuMs(host) ?? NaN) - (before ?? NaN);
      cpu.client += (client.user + client.system) / 1000;
      // Profiling the host (TEAMSEAT_HOST_NODE_FLAGS=--cpu-prof): the window of the crowd's sends, on the profile's clock.
      if (process.env.TEAMSEAT_HOST_NODE_FLAGS) process.stderr.write(`lab: crowd window ${from}..${process.hrtime.bigint() / 1000n} µs\n`);
      for (const seat of crowd) seat.socket.close();
    }
    // Once more with the experimenter's dashboard open and reading on every event, as in a real lab session.
    const withDashboard: number[] = [];
    const watched = await seatParticipants(host, LAB_PARTICIPANTS);
    const dashboard = watchDashboard(host);
    await openPages(host, watched);
    await Promise.all(watched.map((seat) => play(host, seat, withDashboard)));
    const dashboardReads = await dashboard.stop();
    for (const seat of watched) seat.socket.close();
    const d = withDashboard.sort((x, y) => x - y);
    const a = alone.sort((x, y) => x - y);
    const t = together.sort((x, y) => x - y);
    const loneP95 = quantile(a, 0.95);
    return [
      {
        name: `${LAB_PARTICIPANTS} at once: send → reply persisted, p95 (${t.length} sends)`,
        value: quantile(t, 0.95),
        unit: 'ms',
        target: '<= 50',
        baseline: { name: `one participant alone, warm host, p95 (${a.length} sends)`, value: loneP95 },
      },
      { name: `${LAB_PARTICIPANTS} at once: send → reply persisted, p50`, value: quantile(t, 0.5), unit: 'ms', baseline: { name: 'alone, p50', value: quantile(a, 0.5) } },
      { name: `${LAB_PARTICIPANTS} at once: send → reply persisted, max`, value: t.at(-1) ?? NaN, unit: 'ms', baseline: { name: 'alone, max', value: a.at(-1) ?? NaN } },
      { name: `${LAB_PARTICIPANTS} at once: p95 over the lone participant's p95`, value: quantile(t, 0.95) / loneP95, unit: '×', target: '<= 3' },
      {
        name: `${LAB_PARTICIPANTS} at once, the dashboard open (${dashboardReads} reads): send → reply persisted, p95`,
        value: quantile(d, 0.95),
        unit: 'ms',
        baseline: { name: 'without the dashboard, p95', value: quantile(t, 0.95) },
      },
      // The host's main thread's CPU time per send, which other work on a shared machine does not inflate (Linux only).
      ...(Number.isFinite(cpu.together)
        ? [
            {
              name: `${LAB_PARTICIPANTS} at once: host main thread's CPU per send`,
              value: cpu.together / t.length,
              unit: 'ms',
              baseline: { name: 'alone, per send (with the run ends)', value: cpu.alone / a.length },
            },
            // The simulated participants run on the same two cores as the host; what they take is not the host's.
            {
              name: `${LAB_PARTICIPANTS} at once: the simulated participants' own CPU per send (this bench process)`,
              value: cpu.client / t.length,
              unit: 'ms',
              baseline: { name: "host main thread's CPU per send", value: cpu.together / t.length },
            },
          ]
        : []),
    ];
  } catch (error) {
    throw new Error(`lab bench failed: ${String(error)}\nhost stderr:\n${host.stderr().slice(-3000)}`, { cause: error });
  } finally {
    await host.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
