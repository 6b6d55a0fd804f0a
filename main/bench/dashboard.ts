import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Page } from '@playwright/test';
import { mustOf, spawnHost, type HostProcess } from '../hosts/browser/hostProcess.js';
import { LAB_PARTICIPANTS, participantCall, seatParticipants, type LabSeat } from './lab.js';
import { quantile, type BenchRow } from './types.js';

import { chromiumArgs } from './browserHost.js';
const STUDY = 'built-in:team-demo';
const ALONE_SAMPLES = 12;
/** Pauses and resumes before the baseline, not measured (an even number: the probe ends them running). */
const WARM_UP_SAMPLES = 4;
const CROWD_SAMPLES = 40;
/** A person reads the reply before typing the next line; back-to-back senders end their six-round runs in seconds. */
const THINK_MS = 1000;
const LINES = ['Hello team, what matters most to each of you here?', 'I would like the firewood most; what about you?', 'Could we split the water evenly?'];

/** Wall-clock ms with sub-ms precision, comparable between this process and the page (same machine clock). */
const now = () => performance.timeOrigin + performance.now();

/**
 * Arms a watch in the page for the probe's run cell reaching `status`; `settled()` then resolves with the page's
 * clock when the cell showed it (or with -1 after 60 s). Armed before the action, so a quick update is not missed.
 */
async function armCellWatch(page: Page, probe: Probe, status: string): Promise<{ settled(): Promise<number> }> {
  // Sent as text: a bundler's helpers (esbuild's __name) must not leak into the page.
  await page.evaluate(`(${CELL_WATCH})(${JSON.stringify([probe.code, probe.cell, status])})`);
  return { settled: () => page.evaluate('window.__cellSeen') as Promise<number> };
}

/** The watch run in the page: a MutationObserver on the grid until the cell's data-cell-status is the one wanted. */
const CELL_WATCH = `([code, cell, status]) => {
  const sel = 'tr[data-participant="' + code + '"] td[data-cell="' + cell + '"]';
  const at = () => performance.timeOrigin + performance.now();
  window.__cellSeen = new Promise((resolve) => {
    const check = () => document.querySelector(sel)?.getAttribute('data-cell-status') === status;
    if (check()) return resolve(at());
    const observer = new MutationObserver(() => {
      if (!check()) return;
      observer.disconnect();
      resolve(at());
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-cell-status'] });
    setTimeout(() => {
      observer.disconnect();
      resolve(-1);
    }, 60000);
  });
}`;

/** One pause or resume from the API (as another dashboard or the lab's script would), timed to the cell moving. */
async function sample(host: HostProcess, page: Page, probe: Probe, pause: boolean): Promise<{ cell: number; ack: number }> {
  const must = mustOf(host);
  const want = pause ? 'paused' : 'in_progress';
  const watch = await armCellWatch(page, probe, want);
  const t0 = now();
  const who = { studyKey: STUDY, participantId: probe.participantId };
  await (pause ? must('dashboardPause', { ...who, reason: 'bench' }) : must('dashboardResume', who));
  const ack = now() - t0;
  const seen = await watch.settled();
  if (seen < 0) throw new Error(`the dashboard did not show ${probe.code}'s ${probe.cell} as ${want} within 60 s`);
  return { cell: seen - t0, ack };
}

/** The participant whose run is paused and resumed, and the plan cell their run is in. */
interface Probe {
  participantId: string;
  code: string;
  cell: string;
}

/** A participant sending, a second after each reply, until told to stop or their run ends; `active` counts those still sending. */
async function keepSending(host: HostProcess, seat: LabSeat, stop: { now: boolean }, active: { n: number }, thinkMs = THINK_MS): Promise<number> {
  const call = participantCall(host, seat.token);
  let sent = 0;
  try {
    while (!stop.now) {
      const view = await call<{ status: string }>('teamSend', { sessionId: seat.sessionId, to: 'team', text: LINES[sent % LINES.length] });
      sent++;
      if (view.status === 'ended') break;
      await new Promise((resolve) => setTimeout(resolve, thinkMs));
    }
  } finally {
    active.n--;
  }
  return sent;
}

/**
 * The dashboard in Chromium, 20 participants active in their practice runs (each sending a line a second after
 * its reply; samples stop when the first run ends): a probe participant's run is paused and resumed from the API
 * and each time the page's grid is watched until that cell shows it (timed from the request, so the action's own
 * commit is included). Baseline in the same run: the same with nobody else playing. Every participant, the probe
 * included, keeps their event stream open as their page would.
 */
/**
 * `participants` active beside the probe, each sending `thinkMs` after its reply: the lab (20, 1 s) by default; the
 * `dashboard200` suite is an online study's crowd (issue 25: 200, a message every 12.5 s on average of 5–20 s).
 */
export async function benchDashboard(appRoot: string, { participants = LAB_PARTICIPANTS, thinkMs = THINK_MS } = {}): Promise<BenchRow[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-bench-dashboard-'));
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ typingDelayMs: 0 }));
  const host = await spawnHost(appRoot, dataDir);
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: process.env.TEAMSEAT_CHROMIUM ?? '/usr/bin/chromium', args: chromiumArgs });
  const seats: LabSeat[] = [];
  try {
    const must = mustOf(host);
    const [probeSeat] = await seatParticipants(host, 1);
    seats.push(probeSeat!, ...(await seatParticipants(host, participants)));
    const overview = await must<{ participants: { participantId: string; code: string }[] }>('studyParticipants', { studyKey: STUDY });
    const code = overview.participants.find((p) => p.participantId === probeSeat!.participantId)!.code;

    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${host.link}&to=${encodeURIComponent(`/dashboard?key=${encodeURIComponent(STUDY)}`)}`);
    const running = page.locator(`tr[data-participant="${code}"] td[data-cell-status="in_progress"]`);
    await running.waitFor({ timeout: 60_000 });
    const probe: Probe = { participantId: probeSeat!.participantId, code, cell: (await running.getAttribute('data-cell'))! };

    // Warm-up, unmeasured: the host's first pause, resume and send (its code paths compiled, the run's state read
    // in) and the page's first re-render of the cell would otherwise fall on the baseline's first sample alone and
    // make it measure a cold host against a warm one (issue 25: a 1,031 ms baseline beside a 97 ms crowd).
    await participantCall(host, seats[1]!.token)('teamSend', { sessionId: seats[1]!.sessionId, to: 'team', text: LINES[0] });
    for (let i = 0; i < WARM_UP_SAMPLES; i++) await sample(host, page, probe, i % 2 === 0);

    const alone: { cell: number; ack: number }[] = [];
    for (let i = 0; i < ALONE_SAMPLES; i++) alone.push(await sample(host, page, probe, i % 2 === 0));
    if (ALONE_SAMPLES % 2 === 1) await sample(host, page, probe, false);

    const stop = { now: false };
    const active = { n: participants };
    const crowd = seats.slice(1).map((seat) => keepSending(host, seat, stop, active, thinkMs));
    const together: { cell: number; ack: number }[] = [];
    let fewest = participants;
    for (let i = 0; i < CROWD_SAMPLES && active.n === participants; i++) {
      together.push(await sample(host, page, probe, i % 2 === 0));
      fewest = Math.min(fewest, active.n);
    }
    stop.now = true;
    const sent = (await Promise.all(crowd)).reduce((a, b) => a + b, 0);
    if (together.length === 0) throw new Error('the participants finished their runs before the first sample');

    const sorted = (xs: { cell: number }[]) => xs.map((x) => x.cell).sort((a, b) => a - b);
    const t = sorted(together);
    const a = sorted(alone);
    const acks = together.map((x) => x.ack).sort((x, y) => x - y);
    return [
      {
        name: `dashboard: action → grid cell updated in Chromium, ${participants} active, p95 (${t.length})`,
        value: quantile(t, 0.95),
        unit: 'ms',
        target: '<= 500',
        baseline: { name: `nobody else playing p95 (${a.length})`, value: quantile(a, 0.95) },
      },
      { name: `dashboard: cell updated, ${participants} active, max`, value: t.at(-1)!, unit: 'ms', baseline: { name: 'nobody else playing, max', value: a.at(-1)! } },
      {
        name: `dashboard: of which the action's own answer (commit), p95`,
        value: quantile(acks, 0.95),
        unit: 'ms',
        baseline: { name: 'nobody else playing', value: quantile(alone.map((x) => x.ack).sort((x, y) => x - y), 0.95) },
      },
      { name: `dashboard: sends by the ${participants} (each ${thinkMs / 1000} s after its reply; ≥ ${fewest} in their runs throughout)`, value: sent, unit: 'sends' },
    ];
  } catch (error) {
    throw new Error(`dashboard bench failed: ${String(error)}\nhost stderr:\n${host.stderr().slice(-3000)}`, { cause: error });
  } finally {
    for (const seat of seats) seat.socket.close();
    await browser.close();
    await host.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
