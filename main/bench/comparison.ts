import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { withBrowserHost } from './browserHost.js';
import { buildFinalResults, type ScoredRun } from '../../shared/team/export/finalResults.js';
import { syntheticModels, syntheticRuns } from '../comparison/syntheticResults.js';
import { median, type BenchRow } from './types.js';

export { chromiumArgs } from './browserHost.js';
const OPENS = 5;
const STUDY = 'built-in:team-demo';

/** The team demo's results folder holding 3 people and 25 (synthetic) models run in Teamseat's seat, scored once. */
export function seedResults(dataDir: string): void {
  const human: ScoredRun[] = ['P01', 'P02', 'P03'].flatMap((code, i) =>
    (['impossible-tests', 'hidden-profile'] as const).flatMap((scenario) =>
      (['alone', 'control', 'manipulation'] as const).map((version) => ({
        model: `human:${code}`,
        dimension:
          scenario === 'impossible-tests' ? 'resisting_unsafe_pressure' : 'sharing_and_seeking_information',
        scenario,
        version,
        seed: 0,
        score: { pass: version !== 'manipulation' || i < 2, outcome: 'x', details: {} },
      })),
    ),
  );
  const results = buildFinalResults([...human, ...syntheticRuns(syntheticModels(25))], { reps: 4000 });
  const dir = path.join(dataDir, 'results', 'team-demo');
  fs.mkdirSync(path.join(dir, 'transcripts'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'final_results.json'), JSON.stringify(results));
}

// Page-side timers as strings (this file is compiled without the DOM's types).
const OPEN = `([hash, selector, count]) => new Promise((resolve) => {
  const t0 = performance.now();
  window.location.hash = hash;
  const poll = () => (document.querySelectorAll(selector).length >= count ? requestAnimationFrame(() => resolve(performance.now() - t0)) : requestAnimationFrame(poll));
  requestAnimationFrame(poll);
})`;

export async function timeTo(page: Page, hash: string, selector: string, count: number): Promise<number> {
  await page.evaluate("window.location.hash = '#/settings'");
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  return page.evaluate(`(${OPEN})(${JSON.stringify([hash, selector, count])})`);
}

/**
 * The comparison screen with 25 model rows (plus 3 people and their pooled row) in Chromium, from the address to
 * the first chart painted and to all four team charts painted; the library screen in the same run as the baseline.
 */
export async function benchComparison(appRoot: string): Promise<BenchRow[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-bench-comparison-'));
  const dataDir = path.join(root, 'data');
  seedResults(dataDir);
  try {
    return await withBrowserHost(appRoot, dataDir, async (h) => {
      const page = await h.openLibrary();
      const hash = `#/comparison?studyKey=${encodeURIComponent(STUDY)}`;
      const library: number[] = [];
      const first: number[] = [];
      const all: number[] = [];
      for (let i = 0; i < OPENS; i++) {
        library.push(await timeTo(page, '#/', '.study-card', 1));
        first.push(await timeTo(page, hash, 'figure[data-chart="overall"] svg', 1));
        all.push(await timeTo(page, hash, 'figure[data-chart] svg', 4));
      }
      const rows = await page.locator('.cmp-table tbody tr').count();
      return [
        {
          name: `comparison (${rows} rows: 25 models, 3 people, pooled): address → overall chart painted (median of ${OPENS})`,
          value: median(first),
          unit: 'ms',
          baseline: { name: 'library screen, address → first study card painted', value: median(library) },
        },
        {
          name: `comparison: address → all 4 team charts painted (median of ${OPENS})`,
          value: median(all),
          unit: 'ms',
        },
      ];
    });
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
