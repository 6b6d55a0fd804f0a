import type { ImportedFinalResults } from './finalResultsSchema.js';

/**
 * A fast yes for `importedFinalResultsSchema` on JSON.parse output: true only where the zod schema accepts too (never
 * looser), so an importer may skip zod for a file it passes and run zod — for its precise message — only on the rest.
 * A 16,000-row leaderboard spent a second in zod on the comparison screen's every request (issue 28); this is a
 * plain walk of the same rules.
 */
type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const rate = (x: unknown): boolean => x === null || (finite(x) && x >= 0 && x <= 1);
const loss = (x: unknown): boolean => x === null || (finite(x) && x >= -1 && x <= 1);
const count = (x: unknown): boolean => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
const interval = (x: unknown): boolean => Array.isArray(x) && x.length === 2 && rate(x[0]) && rate(x[1]);
const names = (x: unknown): boolean => Array.isArray(x) && x.every((s) => typeof s === 'string' && s.length > 0);

function overallCell(c: unknown): boolean {
  return (
    isObj(c) &&
    rate(c.score) &&
    interval(c.ci) &&
    rate(c.baseline) &&
    loss(c.teamwork_loss) &&
    count(c.n_gated) &&
    count(c.n_scenarios_complete) &&
    count(c.n_scenarios)
  );
}

function dimensionCell(c: unknown): boolean {
  if (
    !isObj(c) ||
    !rate(c.test) ||
    !interval(c.test_ci) ||
    !rate(c.alone) ||
    !rate(c.baseline) ||
    !count(c.n_baseline) ||
    !count(c.n_gated) ||
    !count(c.n_complete) ||
    !count(c.n_scenarios) ||
    !loss(c.teamwork_loss) ||
    !Array.isArray(c.scenarios)
  )
    return false;
  for (const s of c.scenarios as unknown[]) {
    if (!isObj(s) || typeof s.path !== 'string' || s.path.length === 0 || typeof s.gated !== 'boolean' || !rate(s.manipulation) || !rate(s.control))
      return false;
  }
  return true;
}

export function isImportedFinalResults(x: unknown): x is ImportedFinalResults {
  if (!isObj(x) || !names(x.models) || !names(x.dimensions) || !isObj(x.overall) || !isObj(x.cells)) return false;
  if (typeof x.rule !== 'string' || !isObj(x.bootstrap) || !Array.isArray(x.problems) || !Array.isArray(x.missing_runs)) return false;
  if (!Array.isArray(x.excluded_provider_refusals)) return false;
  for (const e of x.excluded_provider_refusals as unknown[]) if (!isObj(e) || typeof e.model !== 'string' || typeof e.dimension !== 'string') return false;
  const overall = x.overall;
  for (const m of x.models as string[]) if (!Object.hasOwn(overall, m)) return false;
  for (const k in overall) if (!overallCell(overall[k])) return false;
  for (const m in x.cells) {
    const row = x.cells[m];
    if (!isObj(row)) return false;
    for (const d in row) if (!dimensionCell(row[d])) return false;
  }
  return true;
}
