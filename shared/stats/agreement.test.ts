import { describe, expect, it } from 'vitest';
import { confusionMatrix } from './confusion.js';
import { cohenKappa, gwetAc1, pabak, percentAgreement } from './agreement.js';

/** Expands a 2×2 table (a = yes/yes, b = yes/no, c = no/yes, d = no/no) into paired ratings. */
function fromTable(a: number, b: number, c: number, d: number): [string[], string[]] {
  const first: string[] = [];
  const second: string[] = [];
  const add = (x: string, y: string, k: number) => {
    for (let i = 0; i < k; i++) {
      first.push(x);
      second.push(y);
    }
  };
  add('yes', 'yes', a);
  add('yes', 'no', b);
  add('no', 'yes', c);
  add('no', 'no', d);
  return [first, second];
}

describe('confusionMatrix', () => {
  it('tabulates rows by the first rater and leaves out pairs with a missing side', () => {
    const m = confusionMatrix(['a', 'a', 'b', null, 'b'], ['a', 'b', 'b', 'a', undefined], ['a', 'b', 'c']);
    expect(m.categories).toEqual(['a', 'b', 'c']);
    expect(m.counts).toEqual([
      [1, 1, 0],
      [0, 1, 0],
      [0, 0, 0],
    ]);
    expect(m.n).toBe(3);
  });

  it('adds labels outside the given set after it, in order of appearance', () => {
    expect(confusionMatrix(['z', 'a'], ['a', 'y'], ['a']).categories).toEqual(['a', 'z', 'y']);
  });

  it('refuses ratings of different lengths', () => {
    expect(() => confusionMatrix(['a'], ['a', 'b'])).toThrow(/differ in length/);
  });
});

describe("Cohen's kappa", () => {
  it('matches the published 2×2 example (Wikipedia, "Cohen\'s kappa", simple example: 50 grant proposals)', () => {
    // Two readers, 50 proposals: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no; the article gives kappa = 0.4.
    const m = confusionMatrix(...fromTable(20, 5, 10, 15), ['yes', 'no']);
    expect(percentAgreement(m)).toBeCloseTo(0.7, 12);
    expect(cohenKappa(m)).toBeCloseTo(0.4, 12);
  });

  it('gives different kappas for the same 60% agreement (Wikipedia, "same percentages but different numbers")', () => {
    // Table 1: 45,15,25,15. po = 60/100 = 0.6; reader A yes = 60/100, B yes = 70/100
    //   pe = 0.6*0.7 + 0.4*0.3 = 0.54; kappa = (0.6-0.54)/(1-0.54) = 0.06/0.46 = 0.130434…
    const m1 = confusionMatrix(...fromTable(45, 15, 25, 15), ['yes', 'no']);
    expect(cohenKappa(m1)).toBeCloseTo(0.06 / 0.46, 12);
    // Table 2: 25,35,5,35. A yes = 0.6, B yes = 0.3; pe = 0.18 + 0.28 = 0.46; kappa = 0.14/0.54 = 0.259259…
    const m2 = confusionMatrix(...fromTable(25, 35, 5, 35), ['yes', 'no']);
    expect(cohenKappa(m2)).toBeCloseTo(0.14 / 0.54, 12);
  });

  it('handles three categories (hand-computed)', () => {
    // Pairs: (a,a)×3 (b,b)×2 (c,c)×1 (a,b)×1 (b,c)×1 (c,a)×2; n = 10, po = 6/10.
    // Rows (first rater): a=4, b=3, c=3. Columns (second): a=5, b=3, c=2.
    // pe = (4*5 + 3*3 + 3*2)/100 = 35/100; kappa = (0.6-0.35)/(0.65) = 0.384615…
    const pairs: [string, string, number][] = [
      ['a', 'a', 3], ['b', 'b', 2], ['c', 'c', 1], ['a', 'b', 1], ['b', 'c', 1], ['c', 'a', 2],
    ];
    const first = pairs.flatMap(([x, , k]) => Array<string>(k).fill(x));
    const second = pairs.flatMap(([, y, k]) => Array<string>(k).fill(y));
    const m = confusionMatrix(first, second, ['a', 'b', 'c']);
    expect(cohenKappa(m)).toBeCloseTo(0.25 / 0.65, 12);
    // AC1: pooled pi_a = 9/20, pi_b = 6/20, pi_c = 5/20.
    //   pe = (0.45*0.55 + 0.3*0.7 + 0.25*0.75) / (3-1) = (0.2475+0.21+0.1875)/2 = 0.3225
    //   AC1 = (0.6-0.3225)/(1-0.3225) = 0.2775/0.6775
    expect(gwetAc1(m)).toBeCloseTo(0.2775 / 0.6775, 12);
    // PABAK with q = 3: (3*0.6 - 1)/2 = 0.4
    expect(pabak(m)).toBeCloseTo(0.4, 12);
  });

  it('is null, not NaN, when both raters use one and the same label', () => {
    const m = confusionMatrix(['yes', 'yes', 'yes'], ['yes', 'yes', 'yes'], ['yes', 'no']);
    expect(cohenKappa(m)).toBeNull();
    expect(percentAgreement(m)).toBe(1);
    // AC1 and PABAK stay defined here, which is why the report shows them beside kappa.
    expect(gwetAc1(m)).toBe(1);
    expect(pabak(m)).toBe(1);
  });

  it('is null for no pairs at all', () => {
    const m = confusionMatrix([null], ['yes'], ['yes', 'no']);
    expect(m.n).toBe(0);
    expect(cohenKappa(m)).toBeNull();
    expect(percentAgreement(m)).toBeNull();
    expect(gwetAc1(m)).toBeNull();
    expect(pabak(m)).toBeNull();
  });

  it('is 0 when one rater never varies and the other does (a rater who never uses a label)', () => {
    // First rater always "yes"; second says yes 3, no 1. po = 3/4; pe = 1*0.75 + 0*0.25 = 0.75 → kappa 0.
    const m = confusionMatrix(['yes', 'yes', 'yes', 'yes'], ['yes', 'yes', 'yes', 'no'], ['yes', 'no']);
    expect(cohenKappa(m)).toBe(0);
    // AC1: pi_yes = 7/8, pi_no = 1/8; pe = 2*(7/8)(1/8) = 14/64; AC1 = (0.75 - 14/64)/(1 - 14/64) = 34/50
    expect(gwetAc1(m)).toBeCloseTo(34 / 50, 12);
  });
});

describe('Gwet AC1 and PABAK on the 2×2 example', () => {
  it('are hand-computed from the 20/5/10/15 table', () => {
    const m = confusionMatrix(...fromTable(20, 5, 10, 15), ['yes', 'no']);
    // pi_yes = (25 + 30)/100 = 0.55, pi_no = 0.45; pe = (0.55*0.45 + 0.45*0.55)/1 = 0.495
    // AC1 = (0.7 - 0.495)/(1 - 0.495) = 0.205/0.505
    expect(gwetAc1(m)).toBeCloseTo(0.205 / 0.505, 12);
    // PABAK = 2*0.7 - 1 = 0.4 (with two categories it equals kappa here only by coincidence of balance)
    expect(pabak(m)).toBeCloseTo(0.4, 12);
  });

  it('counts an unused label in the set for PABAK (q comes from the label set)', () => {
    const two = confusionMatrix(['a', 'b'], ['a', 'a'], ['a', 'b']);
    const three = confusionMatrix(['a', 'b'], ['a', 'a'], ['a', 'b', 'c']);
    expect(pabak(two)).toBeCloseTo(0, 12); // (2*0.5-1)/1
    expect(pabak(three)).toBeCloseTo(0.25, 12); // (3*0.5-1)/2
  });
});
