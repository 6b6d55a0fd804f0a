/**
 * One comparison of two sides (a rater and a judge, two raters, all raters pooled against the
 * final label) with every two-rater statistic and its bootstrap interval over items.
 */
import { cohenKappaOf, gwetAc1Of, pabakOf, percentAgreementOf } from '../stats/agreement.js';
import { bootstrapIntervals, type BootstrapOptions } from '../stats/bootstrap.js';
import { preparePairs, weightedCounts } from '../stats/confusion.js';
import { alphaOf, prepareAlpha } from '../stats/krippendorff.js';
import type { Rating } from '../stats/confusion.js';
import type { AlphaSummary, Comparison } from './report-schema.js';

export interface LabelPair {
  itemId: string;
  first: string;
  second: string;
}

/**
 * `categories` should be the union of the label sets of the items involved, so that a label
 * nobody used still counts for AC1 and PABAK. Returns null for no pairs.
 */
export function compare(pairs: ReadonlyArray<LabelPair>, categories: ReadonlyArray<string>, options: BootstrapOptions): Comparison | null {
  if (pairs.length === 0) return null;
  const unitIndex = new Map<string, number>();
  for (const p of pairs) if (!unitIndex.has(p.itemId)) unitIndex.set(p.itemId, unitIndex.size);
  const q = categories.length;
  const prepared = preparePairs(
    pairs.map((p) => ({ unit: unitIndex.get(p.itemId) as number, first: p.first, second: p.second })),
    categories,
    unitIndex.size,
  );
  const scratch = new Float64Array(q * q);
  const all = (counts: Float64Array) => [percentAgreementOf(counts, q), cohenKappaOf(counts, q), gwetAc1Of(counts, q), pabakOf(counts, q)];
  const full = weightedCounts(prepared, null, new Float64Array(q * q));
  const values = all(full);
  const cis = bootstrapIntervals(unitIndex.size, (w) => all(weightedCounts(prepared, w, scratch)), options);
  const est = (s: number) => ({ value: values[s] ?? null, low: cis[s]?.low ?? null, high: cis[s]?.high ?? null });
  return {
    pairs: pairs.length,
    items: unitIndex.size,
    categories: [...categories],
    confusion: categories.map((_, r) => categories.map((_, c) => full[r * q + c] as number)),
    agreement: est(0),
    kappa: est(1),
    ac1: est(2),
    pabak: est(3),
    kappaUndefinedResamples: cis[1]?.undefinedResamples ?? 0,
  };
}

/** Krippendorff's alpha over units (one row of coder values per item) with its interval. */
export function alphaWithInterval(units: ReadonlyArray<ReadonlyArray<Rating>>, coders: string[], options: BootstrapOptions): AlphaSummary {
  const rated = units.filter((u) => u.filter((v) => v != null).length >= 2);
  const prepared = prepareAlpha(rated);
  const scratch = new Float64Array(prepared.values.length);
  const [ci] = bootstrapIntervals(rated.length, (w) => [alphaOf(prepared, w, scratch)], options);
  return { value: alphaOf(prepared, null), low: ci?.low ?? null, high: ci?.high ?? null, items: rated.length, coders };
}
