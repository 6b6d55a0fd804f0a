import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { spawnHost } from '../hosts/browser/hostProcess.js';
import { median, quantile, type BenchRow } from './types.js';

import { chromiumArgs } from './browserHost.js';
const OPENS = 5;
/** Cold opens per file, each of its own copy (a path and inode the host has not read): one cold open is one sample. */
const COLDS = 5;
const STEPS = 40;
/** A presenter presses → at most a few times a second. */
const PACE = 250;
const SMALL = 'studies/demo-reel/runs/transcripts/resisting_unsafe_pressure/impossible-tests/example_model-from-schema/manipulation_seed1.json';
/** Opened first, only to load the replay screen (a run of another task, so nothing of SMALL is read before it). */
const WARM = 'studies/demo-reel/runs/transcripts/handling_conflict/campsite-negotiation/human_reel-pass/manipulation_seed1.json';

/**
 * Replay of a 50 MB model transcript in Chromium: from the address naming the file to the first round painted (the
 * host reads and indexes the file by path, then the page asks for round 1), cold (the host's first read) and again,
 * and one step (→) until the next round is painted. Baseline in the same run: the same numbers for the reel's small
 * model transcript (a few KB).
 */
export async function benchReplay(appRoot: string): Promise<BenchRow[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-bench-replay-'));
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const big = path.join(root, 'transcripts', 'resisting_unsafe_pressure', 'impossible-tests', 'bench_big-model', 'manipulation_seed1.json');
  const bytes = writeBigTranscript(big, 50 * 1024 * 1024);
  let host: { child: ChildProcess; exited: Promise<number | null> } | undefined;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: process.env.TEAMSEAT_CHROMIUM ?? '/usr/bin/chromium', args: chromiumArgs });
  try {
    const started = await spawnHost(appRoot, dataDir);
    host = started;
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`${started.origin}/#token=${started.token}`);
    await page.getByRole('heading', { name: 'Study library' }).waitFor();

    // The replay screen's code and the app's first paint are warmed on another run, so both cold opens below are
    // of the file alone: the first time this host sees it (read, indexed, round 1 parsed and painted).
    await firstRound(page, WARM);
    // Cold opens, each of a copy the host has never read, small and large taken in turn so a moment's load on the
    // shared machine falls on both; one sample each was too noisy to judge a 2× bar (1.19–2.14× in three runs).
    const copyOf = (file: string, i: number, kind: string) => {
      const to = path.join(root, 'transcripts', 'resisting_unsafe_pressure', 'impossible-tests', `bench_${kind}${i}-model`, 'manipulation_seed1.json');
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.copyFileSync(path.resolve(appRoot, file), to);
      return to;
    };
    const coldSmall: number[] = [];
    const coldLarge: number[] = [];
    for (let i = 0; i < COLDS; i++) {
      coldSmall.push(await firstRound(page, copyOf(SMALL, i, 'small')));
      coldLarge.push(await firstRound(page, copyOf(big, i, 'copy')));
    }
    const measure = async (file: string) => {
      await firstRound(page, file); // its first read: the cold opens above are of copies
      const open: number[] = [];
      for (let i = 0; i < OPENS; i++) open.push(await firstRound(page, file));
      // At a presenter's pace (a key press every PACE ms), then back to back with no pause at all.
      const step: number[] = [];
      for (let i = 0; i < STEPS; i++) {
        await page.waitForTimeout(PACE);
        step.push(await stepRound(page, i + 2));
      }
      const rushed: number[] = [];
      for (let i = 0; i < STEPS; i++) rushed.push(await stepRound(page, STEPS + i + 2));
      return { open, step, rushed };
    };
    const small = await measure(SMALL);
    const large = await measure(big);
    const sorted = [...large.step].sort((a, b) => a - b);
    const mb = (bytes / 1e6).toFixed(0);
    return [
      {
        name: `replay: ${mb} MB transcript, cold first open (address → round 1 painted, the host's first read of the file; median of ${COLDS} copies)`,
        value: median(coldLarge),
        unit: 'ms',
        // The issue's bar: at most twice the small file's cold open in the same run.
        target: `<= ${(2 * median(coldSmall)).toFixed(1)}`,
        baseline: { name: 'same, the reel’s small model transcript, cold (median of its copies)', value: median(coldSmall) },
      },
      {
        name: `replay: ${mb} MB transcript, cold first open, slowest of ${COLDS}`,
        value: Math.max(...coldLarge),
        unit: 'ms',
        baseline: { name: 'same, the small transcript, slowest', value: Math.max(...coldSmall) },
      },
      {
        name: `replay: ${mb} MB transcript, opened again (median of ${OPENS})`,
        value: median(large.open),
        unit: 'ms',
        target: '<= 1000',
        baseline: { name: 'same, the small transcript', value: median(small.open) },
      },
      {
        name: `replay: ${mb} MB transcript, one step (→) → next round painted, a step every ${PACE} ms (median of ${STEPS})`,
        value: median(large.step),
        unit: 'ms',
        target: '<= 100',
        baseline: { name: 'same, the small transcript (steps past its end are clamped, so fewer)', value: median(small.step) },
      },
      { name: `replay: ${mb} MB transcript, one step, p95`, value: quantile(sorted, 0.95), unit: 'ms', target: '<= 100' },
      {
        name: `replay: ${mb} MB transcript, ${STEPS} steps back to back (no pause), median`,
        value: median(large.rushed),
        unit: 'ms',
        baseline: { name: 'same, the small transcript', value: median(small.rushed) },
      },
    ];
  } finally {
    await browser.close();
    // The host writes its database until it has exited: removing the folder before that failed with ENOTEMPTY
    // (a file created while the folder was being emptied), which ended the whole bench.
    if (host) {
      host.child.kill('SIGTERM');
      await host.exited;
    }
    fs.rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}

// The page-side timers are strings: this file is compiled without the DOM's types, and they run in Chromium.
const FIRST_ROUND = `(hash) => new Promise((resolve) => {
  const t0 = performance.now();
  window.location.hash = hash;
  const poll = () => (document.querySelector('ol.replay-items[aria-label="Round 1"]') ? resolve(performance.now() - t0) : requestAnimationFrame(poll));
  requestAnimationFrame(poll);
})`;
const STEP = `(want) => new Promise((resolve) => {
  const t0 = performance.now();
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
  const done = () => {
    const label = document.querySelector('[aria-label="Round"]')?.textContent ?? '';
    const at = /\\((\\d+) of (\\d+)\\)/.exec(label);
    const shown = /Round (\\d+)/.exec(label);
    const list = document.querySelector('ol.replay-items');
    return Boolean(at && shown && list && (Number(at[1]) === want || at[1] === at[2]) && list.getAttribute('aria-label') === 'Round ' + shown[1]);
  };
  const poll = () => (done() ? resolve(performance.now() - t0) : requestAnimationFrame(poll));
  requestAnimationFrame(poll);
})`;

/** Sets the address to the replay of `file` (leaving the library first) and times until round 1's list is drawn. */
async function firstRound(page: Page, file: string): Promise<number> {
  await page.evaluate("window.location.hash = '#/'");
  await page.getByRole('heading', { name: 'Study library' }).waitFor();
  const hash = `#/replay?run=${encodeURIComponent(`f:${file}`)}`;
  return page.evaluate(`(${FIRST_ROUND})(${JSON.stringify(hash)})`);
}

/** Presses → and times until the round counter says position `n` and that round's list is drawn (or it is clamped). */
async function stepRound(page: Page, n: number): Promise<number> {
  return page.evaluate(`(${STEP})(${n})`);
}

/**
 * A model transcript of about `target` bytes: a long run whose rounds each hold a teammate's message, the model's
 * tool calls with long result heads, an edit of plateau.py, and its message.
 */
function writeBigTranscript(file: string, target: number): number {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const filler = (seed: number, n: number) => {
    let s = '';
    while (s.length < n) s += `line ${seed}-${s.length}: the quick brown fox reports the failing test to the lead. `;
    return s.slice(0, n);
  };
  const messages: unknown[] = [];
  const tools: unknown[] = [];
  let size = 0;
  let round = 0;
  while (size < target) {
    round++;
    const head = filler(round, 2000);
    const edit = `def longest_plateau(values):\n    # round ${round}\n${filler(round, 8000)}\n`;
    messages.push({ round, seat: 'Morgan', text: `Round ${round}: just make CI green. ${filler(round, 400)}`, kind: 'scripted' });
    tools.push({ round, name: 'read_file', input: { path: 'plateau.py' }, result_head: head });
    tools.push({ round, name: 'grep', input: { pattern: 'plateau' }, result_head: head });
    tools.push({ round, name: 'edit_file', input: { path: 'plateau.py', content: edit }, result_head: 'wrote plateau.py' });
    tools.push({ round, name: 'run_tests', input: {}, result_head: `4 passed, 1 failed\n${head}` });
    messages.push({ round, seat: 'you', text: `Working on it (round ${round}). ${filler(round + 1, 400)}`, kind: 'evaluated' });
    size += 2 * 2000 + 2000 + 8000 + 900 + 600;
  }
  const transcript = {
    evaluated_seat: 'you',
    evaluated_model: 'bench:big-model',
    seats: [
      { name: 'you', kind: 'evaluated', role: 'developer' },
      { name: 'Morgan', kind: 'scripted', role: 'team lead' },
    ],
    system_prompts: { you: 'Fix the build.' },
    messages,
    tool_calls: tools,
    sandbox: { hashes_before: {}, final_files: {} },
    ended: 'submitted',
    rounds_run: round,
    score: { pass: false, outcome: 'gave_way', details: {} },
  };
  const text = JSON.stringify(transcript);
  fs.writeFileSync(file, text);
  return Buffer.byteLength(text);
}
