import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// Playwright is loaded when a browser suite runs, not at start-up: the bench's child processes stay lean.
import type { Browser } from '@playwright/test';
import { median, type BenchRow } from './types.js';

import { chromiumArgs } from './browserHost.js';

/** From spawning `node out/main/serve.mjs` to the library screen accepting a click, in a fresh data dir each time. */
async function coldStartOnce(browser: Browser, appRoot: string): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-cold-'));
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(appRoot, 'out/main/serve.mjs'), '--data-dir', dataDir, '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /Open: (http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', () => reject(new Error('host exited')));
    });
    const page = await browser.newPage();
    await page.goto(url);
    // Interactive: the first study's Open button is enabled and takes a click.
    await page.locator('.study-card button').first().click({ trial: true });
    const elapsed = performance.now() - t0;
    await page.close();
    return elapsed;
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Baseline in the same run: a bare Node HTTP server serving one static page, loaded by the same browser. */
async function bareServerOnce(browser: Browser): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['-e', `require('http').createServer((q,s)=>s.end('<button>ok</button>')).listen(0,'127.0.0.1',function(){console.log(this.address().port)})`], { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const port = await new Promise<string>((resolve) => child.stdout.once('data', (c: Buffer) => resolve(c.toString().trim())));
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.locator('button').click({ trial: true });
    const elapsed = performance.now() - t0;
    await page.close();
    return elapsed;
  } finally {
    child.kill('SIGKILL');
  }
}

export async function benchColdStart(appRoot: string): Promise<BenchRow[]> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: process.env.TEAMSEAT_CHROMIUM ?? '/usr/bin/chromium', args: chromiumArgs });
  try {
    await coldStartOnce(browser, appRoot); // warm the OS file cache, as a second start of the day would be
    const runs: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < 5; i++) {
      runs.push(await coldStartOnce(browser, appRoot));
      bare.push(await bareServerOnce(browser));
    }
    return [
      {
        name: 'browser host cold start → library interactive (median of 5)',
        value: median(runs),
        unit: 'ms',
        target: '<= 1500',
        baseline: { name: 'bare node server + page', value: median(bare) },
      },
      { name: 'browser host cold start, slowest of 5', value: Math.max(...runs), unit: 'ms' },
    ];
  } finally {
    await browser.close();
  }
}
