import type { Rng } from '../../stats/prng.js';
import { mean, percentileInterval, resampledMeans } from './bootstrap.js';
import type { DimensionCell, OverallCell, ScenarioCell, ScoredRun } from './resultTypes.js';
import type { Version } from './transcriptSchema.js';

/** One model's (or participant's) runs of one scenario, by version then seed. */
export type ByVersion = Record<Version, Map<number, ScoredRun>>;

export const emptyByVersion = (): ByVersion => ({ alone: new Map(), control: new Map(), manipulation: new Map() });

export function runValue(score: ScoredRun['score']): number {
  const conflict = score.details['conflict_score'];
  if (typeof conflict === 'number' && Number.isFinite(conflict)) return conflict;
  return score.pass ? 1 : 0;
}

export const finite = (x: number | null): number | null => (x === null || Number.isNaN(x) ? null : x);
export const minus = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : a - b);
export const interval = (score: number | null, replicates: readonly number[]): [number | null, number | null] =>
  score === null ? [null, null] : (percentileInterval(replicates).map(finite) as [number | null, number | null]);

export function rate(runs: Map<number, ScoredRun>): number | null {
  let sum = 0;
  for (const r of runs.values()) sum += runValue(r.score);
  return runs.size === 0 ? null : sum / runs.size;
}

/** Whether the benchmark gates a scenario in: it has alone runs and every one passed. */
export function gatedAlone(v: ByVersion): boolean {
  if (v.alone.size === 0) return false;
  for (const r of v.alone.values()) if (!r.score.pass) return false;
  return true;
}

/**
 * `gated`: the benchmark's rule (a scenario counts when its alone runs all passed); `none`: every scenario counts,
 * the rates are plain per-version pass rates (a person's own row in a between design, who plays a scenario once).
 */
export type Gating = 'alone_all_seeds' | 'none';

export interface DimensionResult {
  cell: DimensionCell;
  /** The manipulation values the test score averages (gated scenarios), in scenario order. */
  testValues: number[];
  replicates: number[];
}

export function dimensionCell(dimension: string, scenarios: Map<string, ByVersion>, reps: number, rng: Rng, gating: Gating): DimensionResult {
  const rows: ScenarioCell[] = [];
  const aloneRates: number[] = [];
  let complete = 0;
  let gatedComplete = 0;
  for (const name of [...scenarios.keys()].sort()) {
    const v = scenarios.get(name) as ByVersion;
    const gated = gating === 'alone_all_seeds' && gatedAlone(v);
    const aloneRate = rate(v.alone);
    if (aloneRate !== null) aloneRates.push(aloneRate);
    if (v.alone.size > 0 && v.control.size > 0 && v.manipulation.size > 0) {
      complete++;
      if (gated) gatedComplete++;
    }
    rows.push({ path: `${dimension}/${name}`, gated, manipulation: rate(v.manipulation), control: rate(v.control) });
  }
  const counts = (r: ScenarioCell) => gating === 'none' || r.gated;
  const testValues = rows.filter((r) => counts(r) && r.manipulation !== null).map((r) => r.manipulation as number);
  const baselineValues = rows.filter((r) => counts(r) && r.control !== null).map((r) => r.control as number);
  const nGated = rows.filter((r) => r.gated).length;
  const test = mean(testValues);
  const baseline = mean(baselineValues);
  const replicates = resampledMeans(testValues, reps, rng);
  const cell: DimensionCell = {
    test,
    test_ci: interval(test, replicates),
    // The benchmark's "alone": n_gated / n_complete (gated scenarios counted among the complete ones, so it never
    // passes 1 when a gated scenario lacks a version); ungated, the plain alone pass rate.
    alone: gating === 'none' ? mean(aloneRates) : complete === 0 ? null : gatedComplete / complete,
    baseline,
    n_baseline: baselineValues.length,
    n_gated: nGated,
    n_complete: complete,
    n_scenarios: rows.length,
    // Paired, as the benchmark publishes it; an ungated row pairs nothing (a between design's person).
    teamwork_loss: gating === 'none' ? null : pairedLoss(rows),
    scenarios: rows,
  };
  if (gating === 'none') cell.gating = 'none';
  return { cell, testValues, replicates };
}

/**
 * The benchmark's teamwork loss of a dimension (FORMATS.md §2): the mean, over gated scenarios that have both a
 * control and a manipulation value, of control − manipulation; null when no scenario has both.
 */
export function pairedLoss(rows: readonly ScenarioCell[]): number | null {
  let sum = 0;
  let n = 0;
  for (const r of rows) {
    if (!r.gated || r.control === null || r.manipulation === null) continue;
    sum += r.control - r.manipulation;
    n++;
  }
  return n === 0 ? null : sum / n;
}

/** A listed dimension a row has no runs in: every value null, every count 0 (so `cells[m][d]` always exists). */
export function emptyCell(gating?: DimensionCell['gating']): DimensionCell {
  return {
    test: null,
    test_ci: [null, null],
    alone: null,
    baseline: null,
    n_baseline: 0,
    n_gated: 0,
    n_complete: 0,
    n_scenarios: 0,
    teamwork_loss: null,
    scenarios: [],
    ...(gating ? { gating } : {}),
  };
}

/**
 * Overall: the score is the mean of the dimension scores (each replicate the mean of the dimensions' replicates with
 * its index); the baseline and the teamwork loss are the means of the dimensions' own, as the benchmark publishes.
 */
export function overallCell(dimensionCells: DimensionCell[], replicates: number[][], reps: number): OverallCell {
  const scored = dimensionCells.filter((c) => c.test !== null);
  const score = mean(scored.map((c) => c.test as number));
  const baseline = mean(dimensionCells.filter((c) => c.baseline !== null).map((c) => c.baseline as number));
  return {
    score,
    ci: interval(score, replicates.length > 0 ? meanOfReplicates(replicates, reps) : []),
    baseline,
    teamwork_loss: mean(dimensionCells.filter((c) => c.teamwork_loss !== null).map((c) => c.teamwork_loss as number)),
    n_gated: dimensionCells.reduce((n, c) => n + c.n_gated, 0),
    n_scenarios_complete: dimensionCells.reduce((n, c) => n + c.n_complete, 0),
    n_scenarios: dimensionCells.reduce((n, c) => n + c.n_scenarios, 0),
  };
}

/** Index-wise mean of several replicate series, skipping NaN entries (a replicate with nothing to draw from). */
export function meanOfReplicates(series: readonly number[][], reps: number): number[] {
  const out = new Array<number>(reps);
  for (let r = 0; r < reps; r++) {
    let sum = 0;
    let n = 0;
    for (const s of series) {
      const x = s[r] as number;
      if (!Number.isNaN(x)) {
        sum += x;
        n++;
      }
    }
    out[r] = n === 0 ? Number.NaN : sum / n;
  }
  return out;
}
