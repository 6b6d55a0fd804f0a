import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { withBrowserHost } from './browserHost.js';
import { buildFinalResults, type FinalResults } from '../../shared/team/export/finalResults.js';
import { syntheticRuns } from '../comparison/syntheticResults.js';
import { seedResults, timeTo } from './comparison.js';
import { median, type BenchRow } from './types.js';

const IMPORTED = 16_000;
const TEMPLATES = 40;
const OPENS = 3;
const STUDY = 'built-in:team-demo';

/**
 * A benchmark-style final_results.json (FORMATS.md §2) of `rows` models, as a leaderboard dump would be: 40 models
 * scored by the real rule (bootstrap included) on 23 scenarios, each row copied under new ids, so every row has the
 * full per-dimension and per-scenario fields a real file has (written compact, about 4 kB a row: near the 54 MB import of issue 28).
 */
export function largeFinalResults(rows: number): FinalResults {
  const ids = Array.from({ length: TEMPLATES }, (_, i) => `bench-org/template-${i}`);
  const made = buildFinalResults(syntheticRuns(ids, { seed: 28 }), { reps: 400 });
  const out: FinalResults = { ...made, models: [], overall: {}, cells: {}, problems: [], missing_runs: [] };
  for (let i = 0; i < rows; i++) {
    const template = ids[i % TEMPLATES]!;
    const id = `bench-org-${i % 97}/model-${String(i).padStart(5, '0')}`;
    out.models.push(id);
    out.overall[id] = made.overall[template]!;
    out.cells[id] = made.cells[template]!;
  }
  return out;
}

/** Resolves to ms from clicking Add to the overall chart painted with the import's rows counted in the row note. */
const ADD = `([total]) => new Promise((resolve) => {
  const t0 = performance.now();
  document.querySelector('form.cmp-sources button[type=submit]').click();
  const drawn = () => document.querySelector('figure[data-chart="overall"] svg') && document.body.innerText.includes(total + ' rows');
  const poll = () => (drawn() ? requestAnimationFrame(() => resolve(performance.now() - t0)) : requestAnimationFrame(poll));
  requestAnimationFrame(poll);
})`;

async function timeImport(page: Page, hash: string, file: string, total: number): Promise<number> {
  // From a settled screen holding the study's rows only: the source list empty, the overall chart drawn.
  await page.evaluate("window.location.hash = '#/settings'");
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  await page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
  await page.locator('figure[data-chart="overall"] svg').first().waitFor();
  await page.getByLabel('Path on this computer').fill(file);
  return page.evaluate(`(${ADD})(${JSON.stringify([total.toLocaleString('en-US')])})`);
}

/**
 * The comparison screen with a 16,000-row final_results.json import (issue 28: a 54 MB import took 12.6 s with the
 * old charts on screen): from Add to the overall chart painted with the import counted, beside the study's own
 * 29 rows from the address to the overall chart painted, both in the same Chromium and host.
 */
export async function benchComparisonLarge(appRoot: string): Promise<BenchRow[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-bench-comparison-large-'));
  const dataDir = path.join(root, 'data');
  seedResults(dataDir);
  const file = path.join(root, 'import', 'final_results.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(largeFinalResults(IMPORTED)));
  const mb = fs.statSync(file).size / 1e6;
  try {
    return await withBrowserHost(appRoot, dataDir, async (h) => {
      const page = await h.openLibrary();
      const hash = `#/comparison?studyKey=${encodeURIComponent(STUDY)}`;
      const study: number[] = [];
      const large: number[] = [];
      let studyRows = 0;
      for (let i = 0; i < OPENS; i++) {
        study.push(await timeTo(page, hash, 'figure[data-chart="overall"] svg', 1));
        studyRows = await page.locator('.cmp-table tbody tr').count();
        large.push(await timeImport(page, hash, file, IMPORTED + studyRows));
      }
      const drawnRows = await page.locator('.cmp-table tbody tr').count();
      const load = os.loadavg()[0]!.toFixed(1);
      return [
        {
          name: `comparison, ${IMPORTED.toLocaleString('en-US')}-row import (${mb.toFixed(0)} MB final_results.json, ${drawnRows} rows drawn): Add → overall chart painted (median of ${OPENS}, load ${load})`,
          value: median(large),
          unit: 'ms',
          baseline: {
            name: `study of ${studyRows} rows, address → overall chart painted`,
            value: median(study),
          },
        },
      ];
    });
  } finally {
    fs.rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  }
}
