/**
 * Percentile bootstrap over units (items): each resample draws `unitCount` units with replacement
 * and hands the statistic a weight per unit (how often it was drawn). Statistics that precompute
 * per-unit contributions (see confusion.ts, krippendorff.ts) then cost O(units) per resample.
 */
import { mulberry32 } from './prng.js';

export interface BootstrapOptions {
  /** Number of resamples; 2000 unless told. */
  resamples?: number;
  seed?: number;
  /** Interval coverage, 0.95 unless told. */
  level?: number;
}

export interface Interval {
  low: number | null;
  high: number | null;
  /** Resamples where the statistic was undefined (e.g. kappa when a resample holds one label); left out. */
  undefinedResamples: number;
}

export const DEFAULT_RESAMPLES = 2000;
export const DEFAULT_LEVEL = 0.95;

/** Linear interpolation between order statistics (R's type 7); `sorted` must be ascending. */
export function quantile(sorted: ArrayLike<number>, p: number): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  const a = sorted[lo] as number;
  return a + (h - lo) * ((sorted[hi] as number) - a);
}

/** Several statistics from the same resamples (one tabulation feeds kappa, AC1, PABAK…). */
export function bootstrapIntervals(
  unitCount: number,
  statistic: (weights: Uint32Array) => ReadonlyArray<number | null>,
  options: BootstrapOptions = {},
): Interval[] {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const level = options.level ?? DEFAULT_LEVEL;
  if (!(level > 0 && level < 1)) throw new Error(`level must be between 0 and 1, got ${level}`);
  const rng = mulberry32(options.seed ?? 0);
  const weights = new Uint32Array(unitCount);
  const picks = new Int32Array(unitCount);
  let draws: Float64Array[] = [];
  let filled: number[] = [];
  for (let b = 0; b < resamples && unitCount > 0; b++) {
    weights.fill(0);
    rng.fillInts(picks, unitCount);
    for (let i = 0; i < unitCount; i++) {
      const u = picks[i] as number;
      weights[u] = (weights[u] as number) + 1;
    }
    const values = statistic(weights);
    if (b === 0) {
      draws = values.map(() => new Float64Array(resamples));
      filled = values.map(() => 0);
    }
    for (let s = 0; s < values.length; s++) {
      const v = values[s];
      if (v === null || v === undefined || !Number.isFinite(v)) continue;
      const at = filled[s] as number;
      (draws[s] as Float64Array)[at] = v;
      filled[s] = at + 1;
    }
  }
  if (unitCount === 0 || resamples === 0) {
    return statistic(weights).map(() => ({ low: null, high: null, undefinedResamples: resamples }));
  }
  const tail = (1 - level) / 2;
  return draws.map((d, s) => {
    const kept = d.subarray(0, filled[s] as number).sort();
    return { low: quantile(kept, tail), high: quantile(kept, 1 - tail), undefinedResamples: resamples - kept.length };
  });
}

export function bootstrapInterval(
  unitCount: number,
  statistic: (weights: Uint32Array) => number | null,
  options: BootstrapOptions = {},
): Interval {
  return bootstrapIntervals(unitCount, (w) => [statistic(w)], options)[0] as Interval;
}
