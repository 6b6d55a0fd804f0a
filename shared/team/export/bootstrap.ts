import type { Rng } from '../../stats/prng.js';

/** The benchmark's bootstrap: 4000 replicates, seed 0, scenarios resampled within each dimension. */
export const BOOTSTRAP = { reps: 4000, seed: 0, resample: 'scenarios within dimension', interval: '95% percentile' } as const;

/**
 * Means of `reps` resamples (with replacement, same size) of `values`. The draws come from `rng`,
 * so a caller that gives each dimension its own stream gets the same draws whatever else is scored.
 */
export function resampledMeans(values: ReadonlyArray<number>, reps: number, rng: Rng): number[] {
  const n = values.length;
  const out: number[] = new Array<number>(reps);
  if (n === 0) return out.fill(Number.NaN);
  // One batch of draws per replicate from the generator's inlined loop: the same stream as rng.int(n) n times.
  const draws = new Int32Array(n);
  const v = Float64Array.from(values);
  for (let r = 0; r < reps; r++) {
    rng.fillInts(draws, n);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += v[draws[i]!]!;
    out[r] = sum / n;
  }
  return out;
}

/** The q-th quantile (0–1) with linear interpolation between order statistics (numpy's default). */
export function quantile(values: ReadonlyArray<number>, q: number): number {
  return quantileOfSorted(sortedFinite(values), q);
}

/** The values without NaN, sorted ascending (a typed array sorts numerically, without a comparator call per pair). */
function sortedFinite(values: ReadonlyArray<number>): Float64Array {
  // One pass into a typed array (no intermediate filtered array): this runs for every cell of every row.
  const out = new Float64Array(values.length);
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (v === v) out[n++] = v;
  }
  return (n === out.length ? out : out.subarray(0, n)).sort();
}

function quantileOfSorted(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (pos - lo);
}

/** The 95% percentile interval of bootstrap replicates. */
export function percentileInterval(replicates: ReadonlyArray<number>): [number, number] {
  const sorted = sortedFinite(replicates);
  return [quantileOfSorted(sorted, 0.025), quantileOfSorted(sorted, 0.975)];
}

export function mean(values: ReadonlyArray<number>): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}
