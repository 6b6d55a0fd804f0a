import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// Playwright is loaded when a browser suite runs, not at start-up: the bench's child processes stay lean.
import type { Page } from '@playwright/test';
import { spawnHost } from '../hosts/browser/hostProcess.js';
import { generateSlackExport } from '../slack/synthetic/exportGenerator.js';
import { median, quantile, type BenchRow } from './types.js';

import { chromiumArgs } from './browserHost.js';
const BIG_MESSAGES = 90_000; // ~12 % are thread replies, so ≥ 75,000 remain in the channel itself
const BASELINE_MESSAGES = 50;
const OPENS = 7;
const OLDER_PAGES = 20;
const TITLE = 'Bench: one very long channel';

/**
 * In-page probe, injected as a string because main/ is typed for Node (no DOM lib).
 *
 * Click → paint: a capture listener on window takes performance.now() when the click reaches the page, before
 * React's root listener runs. Once the conversation's rows are in the DOM (MutationObserver), the next
 * requestAnimationFrame callback runs at the start of the frame that draws them, and a MessageChannel message
 * posted from it runs as the first task after that frame's style, layout, paint and commit: that is the time
 * taken. A PerformanceObserver does not fit here: 'paint' and largest-contentful-paint entries stop at the first
 * user input, and Event Timing ends at the first paint after the click handler, before the page fetched the
 * rows. Element Timing would need an attribute in the rows' markup. The probe also reports the first painted
 * frame in which the list sits at its newest message (where a channel opens), which can be later than the first
 * rows when measured heights move them.
 */
const PROBE = `(() => {
  const afterPaint = () => new Promise((done) => requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => done(performance.now());
    ch.port2.postMessage(0);
  }));
  const listOf = (label) => document.querySelector('[role="log"][aria-label="' + CSS.escape(label) + '"]');
  const probe = {
    pending: null,
    arm(label) {
      this.pending = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no rows of ' + label + ' within 30 s')), 30000);
        window.addEventListener('click', async () => {
          const t0 = performance.now();
          const rowsIn = () => listOf(label)?.querySelector('.sk-msg');
          if (!rowsIn()) {
            await new Promise((found) => {
              const mo = new MutationObserver(() => { if (rowsIn()) { mo.disconnect(); found(); } });
              mo.observe(document.body, { childList: true, subtree: true });
            });
          }
          const dom = performance.now();
          let at = await afterPaint();
          const paint = at;
          for (let f = 0; f < 600; f++) {
            const el = listOf(label);
            if (el && el.scrollHeight - el.scrollTop - el.clientHeight <= 2) break;
            at = await afterPaint();
          }
          clearTimeout(timer);
          resolve({ dom: dom - t0, paint: paint - t0, newest: at - t0 });
        }, { capture: true, once: true });
      });
    },
    result() { return this.pending; },
    frames: [],
    recording: false,
    stalled: 0,
    startFrames(label) {
      const frames = [];
      this.frames = frames;
      this.stalled = 0;
      this.recording = true;
      let last;
      const tick = (t) => {
        if (last !== undefined) frames.push(t - last);
        last = t;
        // The reader has reached the loaded edge: "Loading earlier messages…" is on screen.
        const loading = label && listOf(label)?.querySelector('.sk-list-head .sk-loading');
        if (loading && loading.getBoundingClientRect().bottom > listOf(label).getBoundingClientRect().top) this.stalled++;
        if (this.recording) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
    stopFrames() { this.recording = false; return { frames: this.frames, stalled: this.stalled }; },
    rowsInDom(label) { return listOf(label)?.querySelectorAll('[data-row-id]').length ?? -1; },
  };
  window.__seatBench = probe;
})()`;

interface Opened {
  dom: number;
  paint: number;
  newest: number;
}

/** A big export (one channel of BIG_MESSAGES) with a 50-message channel and three small ones merged in. */
function buildExport(root: string): { dir: string; big: { id: string; name: string }; small: { id: string; name: string; messages: number } } {
  const dir = path.join(root, 'export');
  const gen = generateSlackExport({ dir, channels: 1, messages: BIG_MESSAGES, users: 40, days: 400 });
  const channels = JSON.parse(fs.readFileSync(path.join(dir, 'channels.json'), 'utf8')) as Array<{ id: string; name: string }>;
  // The generator names users by index, so a second export with the same user count shares the users file.
  const merge = (prefix: string, options: { channels: number; messages: number; seed: number }) => {
    const from = path.join(root, prefix);
    generateSlackExport({ dir: from, users: 40, days: 10, ...options });
    const added = JSON.parse(fs.readFileSync(path.join(from, 'channels.json'), 'utf8')) as Array<{ id: string; name: string }>;
    return added.map((c, i) => {
      const renamed = { ...c, id: `C${prefix.toUpperCase()}${i}`, name: `${prefix}-${i}` };
      fs.renameSync(path.join(from, c.name), path.join(dir, renamed.name));
      channels.push(renamed);
      return renamed;
    });
  };
  const [small] = merge('lobby', { channels: 1, messages: BASELINE_MESSAGES, seed: 7 });
  merge('side', { channels: 3, messages: 600, seed: 9 });
  fs.writeFileSync(path.join(dir, 'channels.json'), JSON.stringify(channels));
  const big = channels.find((c) => c.name === gen.channelNames[0]);
  if (!big || !small) throw new Error('the synthetic export has no channels');
  const count = fs.readdirSync(path.join(dir, small.name)).reduce((n, f) => n + (JSON.parse(fs.readFileSync(path.join(dir, small.name, f), 'utf8')) as unknown[]).length, 0);
  return { dir, big, small: { ...small, messages: count } };
}


/** The import screen's calls, over the contract's HTTP route: start the import, then wait until it is no longer importing. */
async function importOverHttp(url: string, exportDir: string): Promise<{ messages: number; seconds: number }> {
  const u = new URL(url);
  const token = new URLSearchParams(u.hash.slice(1)).get('token') ?? '';
  const call = async <T>(method: string, args: unknown): Promise<T> => {
    const res = await fetch(`${u.origin}/api/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(args) });
    const r = (await res.json()) as { ok: true; value: T } | { ok: false; error: { message: string } };
    if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
    return r.value;
  };
  type Status = { workspaceId: string; status: string; error: string | null; report: { messages: number; seconds: number } | null };
  let status = await call<Status>('slackImportExport', { path: exportDir, title: TITLE });
  while (status.status === 'importing') {
    await new Promise((r) => setTimeout(r, 500));
    status = await call<Status>('slackWorkspaceStatus', { workspaceId: status.workspaceId });
  }
  if (status.status !== 'ready' || !status.report) throw new Error(`import ended ${status.status}: ${status.error ?? ''}`);
  return status.report;
}

async function openChannel(page: Page, id: string, name: string): Promise<Opened> {
  await page.evaluate(`__seatBench.arm(${JSON.stringify(`Messages in #${name}`)})`);
  await page.locator(`[data-conversation="${id}"]`).click();
  const opened = await page.evaluate<Opened>('__seatBench.result()');
  await page.waitForTimeout(300); // let measured heights and late renders settle before the next open
  return opened;
}

/** Wheel up through the big channel until OLDER_PAGES older pages have loaded by cursor, recording frame times. */
async function scrollBack(page: Page, id: string, name: string) {
  let older = 0;
  page.on('request', (r) => {
    const body = r.postData() ?? '';
    if (r.url().endsWith('/api/slackChannelPage') && body.includes(`"${id}"`) && body.includes('"before"')) older++;
  });
  const box = await page.getByRole('log', { name: `Messages in #${name}` }).boundingBox();
  if (!box) throw new Error('the message list is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.evaluate(`__seatBench.startFrames(${JSON.stringify(`Messages in #${name}`)})`);
  const t0 = performance.now();
  // ~400 px per wheel event every ~25 ms: a quick, steady flick upwards, faster than reading.
  while (older < OLDER_PAGES + 1 && performance.now() - t0 < 180_000) {
    await page.mouse.wheel(0, -400);
    await page.waitForTimeout(25);
  }
  const { frames, stalled } = await page.evaluate<{ frames: number[]; stalled: number }>('__seatBench.stopFrames()');
  const rows = await page.evaluate<number>(`__seatBench.rowsInDom(${JSON.stringify(`Messages in #${name}`)})`);
  // The older page requested last may still be in flight; count the ones asked for before it.
  return { frames, stalled, rows, pages: older - 1, seconds: (performance.now() - t0) / 1000 };
}

async function idleFrames(page: Page): Promise<number[]> {
  await page.evaluate('__seatBench.startFrames()');
  await page.waitForTimeout(2000);
  return (await page.evaluate<{ frames: number[] }>('__seatBench.stopFrames()')).frames;
}

/**
 * Issue 5: opening the largest channel (≥ 75,000 messages) to first paint in Chromium ≤ 150 ms, and scrolling
 * stays smooth. The export is imported into a fresh browser host over HTTP; Debian Chromium drives the UI.
 * Baseline in the same run: the same click → paint on a 50-message channel (also the channel opened between
 * two opens of the big one), and the page's frame times while idle.
 */
export async function benchSlackChannel(appRoot: string): Promise<BenchRow[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-bench-channel-'));
  const dataDir = path.join(root, 'data');
  let host: ChildProcess | undefined;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: process.env.TEAMSEAT_CHROMIUM ?? '/usr/bin/chromium', args: chromiumArgs });
  try {
    const exp = buildExport(root);
    const started = await spawnHost(appRoot, dataDir);
    host = started.child;
    const report = await importOverHttp(started.link, exp.dir);
    process.stderr.write(`  imported ${report.messages} messages in ${report.seconds.toFixed(1)} s\n`);

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(started.link);
    await page.evaluate(PROBE);
    await page.locator('[data-study="built-in:slack-demo"] button').click();
    await page.getByRole('button', { name: 'Import a Slack export…' }).click();
    await page.getByRole('row', { name: new RegExp(TITLE) }).getByRole('button', { name: 'Open' }).click();
    await page.getByRole('navigation', { name: 'Conversations' }).waitFor();

    const big: Opened[] = [];
    const small: Opened[] = [];
    for (let i = 0; i < OPENS; i++) {
      small.push(await openChannel(page, exp.small.id, exp.small.name));
      big.push(await openChannel(page, exp.big.id, exp.big.name));
    }
    const idle = await idleFrames(page);
    const scroll = await scrollBack(page, exp.big.id, exp.big.name);

    const paint = big.map((o) => o.paint);
    const at = (xs: Opened[], k: keyof Opened) => median(xs.map((o) => o[k]));
    const frames = [...scroll.frames].sort((a, b) => a - b);
    const bigName = `${BIG_MESSAGES.toLocaleString('en')}-message channel`;
    return [
      { name: 'largest channel, messages', value: BIG_MESSAGES, unit: 'msgs', target: '>= 75000' },
      {
        name: `open ${bigName}: click → first rows painted (median of ${OPENS})`,
        value: median(paint),
        unit: 'ms',
        target: '<= 150',
        baseline: { name: `${exp.small.messages}-message channel`, value: at(small, 'paint') },
      },
      { name: `open ${bigName}: click → first rows painted, slowest`, value: Math.max(...paint), unit: 'ms', target: '<= 150' },
      { name: `open ${bigName}: first open (part of the above)`, value: paint[0] ?? NaN, unit: 'ms' },
      { name: `open ${bigName}: click → rows in the DOM (median)`, value: at(big, 'dom'), unit: 'ms', baseline: { name: 'small channel', value: at(small, 'dom') } },
      { name: `open ${bigName}: click → painted at the newest message (median)`, value: at(big, 'newest'), unit: 'ms', baseline: { name: 'small channel', value: at(small, 'newest') } },
      { name: `scroll back: older pages loaded by cursor (${scroll.seconds.toFixed(1)} s of wheel)`, value: scroll.pages, unit: 'pages', target: `>= ${OLDER_PAGES}` },
      {
        name: `scroll back: frame time p95 (${frames.length} frames)`,
        value: quantile(frames, 0.95),
        unit: 'ms',
        // Smooth: at the 95th percentile no more than one frame dropped at 60 Hz.
        target: '<= 33.4',
        baseline: { name: 'idle page p95', value: quantile([...idle].sort((a, b) => a - b), 0.95) },
      },
      { name: 'scroll back: long frames (> 50 ms)', value: frames.filter((f) => f > 50).length, unit: 'frames' },
      { name: 'scroll back: longest frame', value: frames[frames.length - 1] ?? NaN, unit: 'ms' },
      { name: "scroll back: frames with 'Loading earlier messages…' on screen", value: scroll.stalled, unit: 'frames' },
      // The e2e spec holds the list under 120 rows; virtualisation keeps only rows near the viewport.
      { name: 'scroll back: message rows in the DOM at the end', value: scroll.rows, unit: 'rows', target: '<= 120' },
    ];
  } finally {
    await browser.close();
    host?.kill('SIGKILL');
    fs.rmSync(root, { recursive: true, force: true });
  }
}
