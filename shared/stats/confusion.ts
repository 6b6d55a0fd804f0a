/**
 * Confusion matrices for two raters. Rows are the first rater, columns the second; counts may be
 * weighted (bootstrap resamples count an item as many times as it was drawn).
 */
export interface ConfusionMatrix {
  categories: string[];
  /** counts[row][column]: items the first rater put in `row` and the second in `column`. */
  counts: number[][];
  n: number;
}

export type Rating = string | null | undefined;

/**
 * The categories to tabulate: the given label set first (so unused labels still count for AC1 and
 * PABAK), then any other label seen, in order of appearance.
 */
export function categoriesOf(labelSet: ReadonlyArray<string>, ...ratings: ReadonlyArray<Rating>[]): string[] {
  const out = [...new Set(labelSet)];
  const seen = new Set(out);
  for (const list of ratings) {
    for (const r of list) {
      if (r != null && !seen.has(r)) {
        seen.add(r);
        out.push(r);
      }
    }
  }
  return out;
}

/** Tabulates paired ratings; a pair with a missing side is left out. */
export function confusionMatrix(
  first: ReadonlyArray<Rating>,
  second: ReadonlyArray<Rating>,
  labelSet: ReadonlyArray<string> = [],
): ConfusionMatrix {
  if (first.length !== second.length) {
    throw new Error(`paired ratings differ in length (${first.length} and ${second.length})`);
  }
  const categories = categoriesOf(labelSet, first, second);
  const index = new Map(categories.map((c, i) => [c, i]));
  const counts = categories.map(() => categories.map(() => 0));
  let n = 0;
  for (let i = 0; i < first.length; i++) {
    const a = first[i];
    const b = second[i];
    if (a == null || b == null) continue;
    const row = counts[index.get(a) as number] as number[];
    row[index.get(b) as number] = (row[index.get(b) as number] as number) + 1;
    n++;
  }
  return { categories, counts, n };
}

/** Row-major flat counts, the form the statistics and the bootstrap work on. */
export function flatten(matrix: ConfusionMatrix): Float64Array {
  const q = matrix.categories.length;
  const flat = new Float64Array(q * q);
  matrix.counts.forEach((row, r) => row.forEach((v, c) => (flat[r * q + c] = v)));
  return flat;
}

/**
 * Paired ratings prepared for resampling: each pair remembers its unit and its cell, so building
 * a resample's matrix is one integer add per pair. A unit may hold several pairs (pooled raters).
 */
export interface PreparedPairs {
  q: number;
  unitCount: number;
  unitOf: Int32Array;
  cellOf: Int32Array;
}

export function preparePairs(
  pairs: ReadonlyArray<{ unit: number; first: string; second: string }>,
  categories: ReadonlyArray<string>,
  unitCount: number,
): PreparedPairs {
  const q = categories.length;
  const index = new Map(categories.map((c, i) => [c, i]));
  const unitOf = new Int32Array(pairs.length);
  const cellOf = new Int32Array(pairs.length);
  pairs.forEach((p, i) => {
    const r = index.get(p.first);
    const c = index.get(p.second);
    if (r === undefined || c === undefined) throw new Error(`label outside the categories: ${p.first} / ${p.second}`);
    unitOf[i] = p.unit;
    cellOf[i] = r * q + c;
  });
  return { q, unitCount, unitOf, cellOf };
}

/** Fills `into` (length q*q) with the weighted counts; weights are per unit. */
export function weightedCounts(prepared: PreparedPairs, weights: ArrayLike<number> | null, into: Float64Array): Float64Array {
  into.fill(0);
  const { unitOf, cellOf } = prepared;
  if (weights === null) {
    for (let i = 0; i < cellOf.length; i++) into[cellOf[i] as number] = (into[cellOf[i] as number] as number) + 1;
    return into;
  }
  for (let i = 0; i < cellOf.length; i++) {
    const cell = cellOf[i] as number;
    into[cell] = (into[cell] as number) + (weights[unitOf[i] as number] as number);
  }
  return into;
}
