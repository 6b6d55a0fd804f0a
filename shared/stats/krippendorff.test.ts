import { describe, expect, it } from 'vitest';
import { alphaOf, krippendorffAlpha, prepareAlpha } from './krippendorff.js';
import type { Rating } from './confusion.js';

/** Rows are raters, columns units, as printed in the paper; null is a missing rating. */
function byUnit(raters: ReadonlyArray<ReadonlyArray<number | null>>): Rating[][] {
  const units = (raters[0] ?? []).length;
  return Array.from({ length: units }, (_, u) => raters.map((r) => (r[u] == null ? null : String(r[u]))));
}

// Krippendorff, K. (2011). Computing Krippendorff's Alpha-Reliability. Annenberg School for
// Communication, University of Pennsylvania; section C, "Nominal data, any number of observers,
// missing data": 4 observers, 12 units, reported alpha = 0.743. The same matrix is the "C" data
// in the examples of R's irr::kripp.alpha / DescTools::KrippAlpha.
const paperC = byUnit([
  [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
  [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
]);

describe("Krippendorff's alpha (nominal)", () => {
  it("reproduces the paper's worked example with missing data (alpha ≈ 0.743)", () => {
    // Unit 12 has a single value and drops out; 40 pairable values remain.
    // n_c: "1"=9, "2"=13, "3"=10, "4"=5, "5"=3; sum n_c n_k (c≠k) = 40² - (81+169+100+25+9) = 1216.
    // Off-diagonal coincidences sum to 8, so alpha = 1 - 39 * 8 / 1216 = 0.743421…
    const alpha = krippendorffAlpha(paperC);
    expect(alpha).toBeCloseTo(1 - (39 * 8) / 1216, 12);
    expect(alpha).toBeCloseTo(0.743, 3);
  });

  it('equals a hand computation for two raters without missing data', () => {
    // Units (a,a) (a,b) (b,b) (b,b): n = 8 values, n_a = 3, n_b = 5.
    // Unit (a,b): m = 2, D_u = (4 - 1 - 1)/1 = 2; other units 0. Sum D_u = 2.
    // alpha = 1 - (8-1) * 2 / (64 - 9 - 25) = 1 - 14/30 = 0.5333…
    expect(krippendorffAlpha([['a', 'a'], ['a', 'b'], ['b', 'b'], ['b', 'b']])).toBeCloseTo(1 - 14 / 30, 12);
  });

  it('is null when every rater uses one label (no variation to judge)', () => {
    expect(krippendorffAlpha([['x', 'x', 'x'], ['x', 'x', null]])).toBeNull();
  });

  it('is null when no unit has two ratings', () => {
    expect(krippendorffAlpha([['x', null], [null, 'y']])).toBeNull();
    expect(krippendorffAlpha([])).toBeNull();
  });

  it('ignores units rated once rather than counting them as agreement', () => {
    const withSingles = [...paperC, ['1', null, null, null], [null, '5', null, null]];
    expect(krippendorffAlpha(withSingles)).toBe(krippendorffAlpha(paperC));
  });

  it('gives the same value for weights as for repeating the units', () => {
    const prepared = prepareAlpha(paperC);
    const weights = paperC.map((_, u) => (u % 3) + 1);
    const repeated = paperC.flatMap((unit, u) => Array.from({ length: weights[u] as number }, () => unit));
    expect(alphaOf(prepared, weights)).toBeCloseTo(krippendorffAlpha(repeated) as number, 12);
  });
});
