import type { Rng } from '../../stats/prng.js';

/** The benchmark's bootstrap: 4000 replicates, seed 0, scenarios resampled within each dimension. */
export const BOOTSTRAP = { reps: 4000, seed: 0, resample: 'scenarios within dimension', interval: '95% percentile' } as const;

/**
 * Means of `reps` resamples (with replacement, same size) of `values`. The draws come from `rng`,
 * so a caller that gives each dimension its own stream gets the same draws whatever else is scored.
 */
export function resampledMeans(values: ReadonlyArray<number>, reps: number, rng: Rng): number[] {
  const out: number[] = new Array<number>(reps);
  if (values.length === 0) return out.fill(Number.NaN);
  // Each replicate's draws are summed as they are drawn (rng.meanOfDraws: the same stream as rng.int(n) n times).
  const v = Float64Array.from(values);
  for (let r = 0; r < reps; r++) out[r] = rng.meanOfDraws(v);
  return out;
}

/** The q-th quantile (0–1) with linear interpolation between order statistics (numpy's default). */
export function quantile(values: ReadonlyArray<number>, q: number): number {
  const finite = finiteValues(values);
  return quantileAt(finite, finite.length, q);
}

/** The values without NaN, in a typed array of their own (selection reorders it). */
function finiteValues(values: ReadonlyArray<number>): Float64Array {
  // One pass into a typed array (no intermediate filtered array): this runs for every cell of every row.
  const out = new Float64Array(values.length);
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (v === v) out[n++] = v;
  }
  return n === out.length ? out : out.subarray(0, n);
}

/**
 * Rearranges a[lo..hi] so that a[k] holds the value a sorted array would hold there, everything before it is no larger
 * and everything after it no smaller (Hoare's selection, median-of-three pivot). An interval needs four order
 * statistics of 4,000 replicates, not the whole order: a sort per cell was a tenth of scoring a leaderboard.
 */
function select(a: Float64Array, k: number, lo: number, hi: number): void {
  while (hi > lo) {
    const x = a[lo]!;
    const y = a[(lo + hi) >>> 1]!;
    const z = a[hi]!;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/**
 * The q-th quantile of the first `n` values of `a`, as numpy computes it on the sorted values (reorders `a`). The
 * upper neighbour is the smallest value after the lower one once that is selected.
 */
function quantileAt(a: Float64Array, n: number, q: number): number {
  if (n === 0) return Number.NaN;
  const pos = (n - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  select(a, lo, 0, n - 1);
  const below = a[lo]!;
  let above = below;
  if (hi !== lo) {
    select(a, hi, lo + 1, n - 1);
    above = a[hi]!;
  }
  return below + (above - below) * (pos - lo);
}

/** The 95% percentile interval of bootstrap replicates. */
export function percentileInterval(replicates: ReadonlyArray<number>): [number, number] {
  const finite = finiteValues(replicates);
  return [quantileAt(finite, finite.length, 0.025), quantileAt(finite, finite.length, 0.975)];
}

export function mean(values: ReadonlyArray<number>): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}
