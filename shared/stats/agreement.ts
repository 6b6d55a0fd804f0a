/**
 * Two-rater agreement statistics, all computed from one (possibly weighted) confusion matrix so a
 * bootstrap resample costs one tabulation for every statistic. Each returns null, never NaN, when
 * it is undefined for the data (no pairs, or a chance term of 1).
 */
import { flatten, type ConfusionMatrix } from './confusion.js';

type Counts = ArrayLike<number>;

interface Margins {
  n: number;
  agree: number;
  rows: Float64Array;
  cols: Float64Array;
}

function margins(counts: Counts, q: number): Margins {
  const rows = new Float64Array(q);
  const cols = new Float64Array(q);
  let n = 0;
  let agree = 0;
  for (let r = 0; r < q; r++) {
    for (let c = 0; c < q; c++) {
      const v = counts[r * q + c] as number;
      rows[r] = (rows[r] as number) + v;
      cols[c] = (cols[c] as number) + v;
      n += v;
      if (r === c) agree += v;
    }
  }
  return { n, agree, rows, cols };
}

/** Guards 1 - pe against rounding: a chance term this close to 1 means the statistic is 0/0. */
const EPS = 1e-12;

export function percentAgreementOf(counts: Counts, q: number): number | null {
  const m = margins(counts, q);
  return m.n > 0 ? m.agree / m.n : null;
}

/** Cohen (1960): chance agreement from each rater's own label frequencies. */
export function cohenKappaOf(counts: Counts, q: number): number | null {
  const m = margins(counts, q);
  if (m.n === 0) return null;
  const po = m.agree / m.n;
  let pe = 0;
  for (let k = 0; k < q; k++) pe += ((m.rows[k] as number) / m.n) * ((m.cols[k] as number) / m.n);
  if (1 - pe < EPS) return null;
  return (po - pe) / (1 - pe);
}

/**
 * Gwet's AC1 (Gwet 2008): chance agreement from the pooled label frequencies, spread over all q
 * categories, which keeps it stable when one label dominates (where kappa collapses).
 */
export function gwetAc1Of(counts: Counts, q: number): number | null {
  const m = margins(counts, q);
  if (m.n === 0 || q < 2) return null;
  const po = m.agree / m.n;
  let spread = 0;
  for (let k = 0; k < q; k++) {
    const pi = ((m.rows[k] as number) + (m.cols[k] as number)) / (2 * m.n);
    spread += pi * (1 - pi);
  }
  const pe = spread / (q - 1);
  if (1 - pe < EPS) return null;
  return (po - pe) / (1 - pe);
}

/** Prevalence- and bias-adjusted kappa (Byrt, Bishop & Carlin 1993), generalised to q categories. */
export function pabakOf(counts: Counts, q: number): number | null {
  const m = margins(counts, q);
  if (m.n === 0 || q < 2) return null;
  return (q * (m.agree / m.n) - 1) / (q - 1);
}

export const percentAgreement = (m: ConfusionMatrix): number | null => percentAgreementOf(flatten(m), m.categories.length);
export const cohenKappa = (m: ConfusionMatrix): number | null => cohenKappaOf(flatten(m), m.categories.length);
export const gwetAc1 = (m: ConfusionMatrix): number | null => gwetAc1Of(flatten(m), m.categories.length);
export const pabak = (m: ConfusionMatrix): number | null => pabakOf(flatten(m), m.categories.length);
