/**
 * Krippendorff's alpha for nominal data, any number of raters, missing ratings allowed
 * (Krippendorff 2011, "Computing Krippendorff's Alpha-Reliability", section C).
 *
 * With o the coincidence matrix and n_c its margins, nominal alpha reduces to
 *   alpha = 1 - (n - 1) * sum_u D_u / (n^2 - sum_c n_c^2),
 *   D_u   = (m_u^2 - sum_c n_uc^2) / (m_u - 1)   (the off-diagonal coincidences of unit u),
 * so each unit's contribution can be computed once and a bootstrap resample is a weighted sum.
 */
import type { Rating } from './confusion.js';

export interface PreparedAlpha {
  unitCount: number;
  /** Off-diagonal coincidences per unit (0 for units with fewer than two ratings). */
  disagreement: Float64Array;
  /** Sparse per-unit value counts: entry i says unit `unitOf[i]` holds `countOf[i]` of `valueOf[i]`. */
  unitOf: Int32Array;
  valueOf: Int32Array;
  countOf: Int32Array;
  values: string[];
}

/** `units[u]` holds every rater's value for unit u; null/undefined is a missing rating. */
export function prepareAlpha(units: ReadonlyArray<ReadonlyArray<Rating>>): PreparedAlpha {
  const values: string[] = [];
  const valueIndex = new Map<string, number>();
  const disagreement = new Float64Array(units.length);
  const unitOf: number[] = [];
  const valueOf: number[] = [];
  const countOf: number[] = [];
  units.forEach((ratings, u) => {
    const counts = new Map<number, number>();
    let m = 0;
    for (const r of ratings) {
      if (r == null) continue;
      let v = valueIndex.get(r);
      if (v === undefined) {
        v = values.length;
        values.push(r);
        valueIndex.set(r, v);
      }
      counts.set(v, (counts.get(v) ?? 0) + 1);
      m++;
    }
    // A unit rated once cannot be paired and does not enter alpha at all.
    if (m < 2) return;
    let sumSquares = 0;
    for (const [v, c] of counts) {
      unitOf.push(u);
      valueOf.push(v);
      countOf.push(c);
      sumSquares += c * c;
    }
    disagreement[u] = (m * m - sumSquares) / (m - 1);
  });
  return {
    unitCount: units.length,
    disagreement,
    unitOf: Int32Array.from(unitOf),
    valueOf: Int32Array.from(valueOf),
    countOf: Int32Array.from(countOf),
    values,
  };
}

/** Alpha for the prepared units, each counted `weights[u]` times (all once when weights is null). */
export function alphaOf(prepared: PreparedAlpha, weights: ArrayLike<number> | null, scratch?: Float64Array): number | null {
  const totals = scratch ?? new Float64Array(prepared.values.length);
  totals.fill(0);
  const { unitOf, valueOf, countOf, disagreement } = prepared;
  for (let i = 0; i < unitOf.length; i++) {
    const w = weights ? (weights[unitOf[i] as number] as number) : 1;
    const v = valueOf[i] as number;
    totals[v] = (totals[v] as number) + w * (countOf[i] as number);
  }
  let observed = 0;
  for (let u = 0; u < prepared.unitCount; u++) {
    const d = disagreement[u] as number;
    if (d !== 0) observed += (weights ? (weights[u] as number) : 1) * d;
  }
  let n = 0;
  let sumSquares = 0;
  for (let v = 0; v < prepared.values.length; v++) {
    const t = totals[v] as number;
    n += t;
    sumSquares += t * t;
  }
  const expected = n * n - sumSquares;
  // No pairable values, or every value the same: disagreement is 0/0 and alpha undefined.
  if (n < 2 || expected <= 0) return null;
  return 1 - ((n - 1) * observed) / expected;
}

export function krippendorffAlpha(units: ReadonlyArray<ReadonlyArray<Rating>>): number | null {
  return alphaOf(prepareAlpha(units), null);
}
