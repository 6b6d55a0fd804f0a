import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { withBrowserHost } from './browserHost.js';
import type { BenchRow } from './types.js';

/** The reel's run with judge labels: a label on the person's message in its first round, and a verdict at its end. */
const LABELLED =
  'studies/demo-reel/runs/transcripts/sharing_and_seeking_information/hidden-profile/human_reel-fail/manipulation_seed2.json';
const VIEWPORTS = [
  [1280, 720],
  [1920, 1080],
] as const;

// Runs in Chromium (this file is compiled without the DOM's types).
const MEASURE = `(() => {
  const px = (el) => (el ? parseFloat(getComputedStyle(el).fontSize) : NaN);
  const boxes = [...document.querySelectorAll('.replay-pane, .replay-items')];
  return {
    message: px(document.querySelector('.replay-text')),
    label: px(document.querySelector('.replay-label')),
    verdict: px(document.querySelector('.replay-verdict')),
    overflow: Math.max(0, ...boxes.map((b) => b.scrollHeight - b.clientHeight), document.documentElement.scrollHeight - window.innerHeight),
    round: document.querySelector('[aria-label="Round"]')?.textContent ?? '',
  };
})()`;

interface Measure {
  message: number;
  label: number;
  verdict: number;
  overflow: number;
  round: string;
}

/**
 * The presenter view's type at a projector's 1280×720 and 1920×1080, measured in Chromium: the computed font size of
 * a message, its judge label and the checker's verdict, each beside the viewport height (issue 26: it was 22 px at
 * both, the label 13 px, the verdict 15.75 px), and how far the tallest round of the reel run runs past the screen.
 */
export async function benchPresenter(appRoot: string): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-bench-presenter-'));
  const rows: BenchRow[] = [];
  try {
    return await withBrowserHost(appRoot, dataDir, async (h) => {
      for (const [width, height] of VIEWPORTS) {
        const page = await h.openLibrary({ width, height });
        await page.evaluate(
          `window.location.hash = ${JSON.stringify(`#/replay?run=${encodeURIComponent(`f:${LABELLED}`)}&presenter=1`)}`,
        );
        const rounds = await everyRound(page);
        const first = rounds.find((r) => Number.isFinite(r.label)) ?? rounds[0]!;
        const last = rounds.at(-1)!;
        const size = `${width}×${height}`;
        const viewport = { name: 'viewport height', value: height };
        rows.push(
          {
            name: `presenter ${size}: message font size`,
            value: first.message,
            unit: 'px',
            baseline: viewport,
          },
          {
            name: `presenter ${size}: judge label font size`,
            value: first.label,
            unit: 'px',
            target: `>= ${first.message}`,
            baseline: viewport,
          },
          {
            name: `presenter ${size}: checker verdict font size`,
            value: last.verdict,
            unit: 'px',
            target: `>= ${last.message}`,
            baseline: viewport,
          },
          {
            name: `presenter ${size}: tallest of ${rounds.length} rounds past the screen`,
            value: Math.max(...rounds.map((r) => r.overflow)),
            unit: 'px',
            target: '<= 1',
          },
        );
        await page.close();
      }
      return rows;
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

/** Steps from the first round to the last with →, measuring each once its list is drawn. */
async function everyRound(page: Page): Promise<Measure[]> {
  await page.locator('ol.replay-items').first().waitFor({ timeout: 60_000 });
  const out: Measure[] = [];
  for (let guard = 0; guard < 100; guard++) {
    const m = (await page.evaluate(MEASURE)) as Measure;
    out.push(m);
    const [, shown, at, of] = /Round (\d+) \((\d+) of (\d+)\)/.exec(m.round) ?? [];
    if (!shown || at === of) return out;
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      `document.querySelector('[aria-label="Round"]')?.textContent !== ${JSON.stringify(m.round)} && !!document.querySelector('ol.replay-items[aria-label="Round ' + /Round (\\d+)/.exec(document.querySelector('[aria-label="Round"]')?.textContent ?? '')?.[1] + '"]')`,
    );
  }
  return out;
}
