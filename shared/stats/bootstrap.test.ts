import { describe, expect, it } from 'vitest';
import { bootstrapInterval, bootstrapIntervals, quantile } from './bootstrap.js';
import { preparePairs, weightedCounts } from './confusion.js';
import { cohenKappaOf, percentAgreementOf } from './agreement.js';
import { alphaOf, prepareAlpha } from './krippendorff.js';

describe('quantile', () => {
  it('interpolates between order statistics (type 7)', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4], 0)).toBe(1);
    expect(quantile([1, 2, 3, 4], 1)).toBe(4);
    expect(quantile([10, 20, 30], 0.25)).toBe(15);
    expect(quantile([], 0.5)).toBeNull();
  });
});

/** n units where the first `agree` agree and the rest disagree. */
function agreementUnits(n: number, agree: number): Uint8Array {
  const a = new Uint8Array(n);
  a.fill(1, 0, agree);
  return a;
}

describe('bootstrapInterval', () => {
  const units = agreementUnits(400, 300);
  const proportion = (w: Uint32Array) => {
    let hit = 0;
    let n = 0;
    for (let i = 0; i < w.length; i++) {
      n += w[i] as number;
      if (units[i]) hit += w[i] as number;
    }
    return n ? hit / n : null;
  };

  it('is reproducible for a seed and changes with the seed', () => {
    const a = bootstrapInterval(units.length, proportion, { resamples: 500, seed: 11 });
    expect(bootstrapInterval(units.length, proportion, { resamples: 500, seed: 11 })).toEqual(a);
    expect(bootstrapInterval(units.length, proportion, { resamples: 500, seed: 12 })).not.toEqual(a);
  });

  it('comes close to the normal-theory interval for a proportion of 0.75 over 400 items', () => {
    const ci = bootstrapInterval(units.length, proportion, { resamples: 4000, seed: 1 });
    const se = Math.sqrt((0.75 * 0.25) / 400);
    expect(ci.low).toBeCloseTo(0.75 - 1.96 * se, 2);
    expect(ci.high).toBeCloseTo(0.75 + 1.96 * se, 2);
    expect(ci.undefinedResamples).toBe(0);
  });

  it('narrows with a lower level', () => {
    const wide = bootstrapInterval(units.length, proportion, { resamples: 1000, seed: 5, level: 0.99 });
    const narrow = bootstrapInterval(units.length, proportion, { resamples: 1000, seed: 5, level: 0.5 });
    expect((narrow.high as number) - (narrow.low as number)).toBeLessThan((wide.high as number) - (wide.low as number));
  });

  it('counts resamples where kappa is undefined and leaves them out', () => {
    // 30 items, one rare "no" on both sides: a resample without that item has one label only.
    const first = Array.from({ length: 30 }, (_, i) => (i === 0 ? 'no' : 'yes'));
    const prepared = preparePairs(first.map((f, unit) => ({ unit, first: f, second: f })), ['yes', 'no'], 30);
    const scratch = new Float64Array(4);
    const ci = bootstrapInterval(30, (w) => cohenKappaOf(weightedCounts(prepared, w, scratch), 2), { resamples: 1000, seed: 2 });
    // P(item 0 never drawn in 30 draws) = (29/30)^30 ≈ 0.362
    expect(ci.undefinedResamples).toBeGreaterThan(300);
    expect(ci.undefinedResamples).toBeLessThan(430);
    expect(ci.low).toBe(1);
    expect(ci.high).toBe(1);
  });

  it('gives all-null intervals for no units', () => {
    expect(bootstrapInterval(0, () => null, { resamples: 10 })).toEqual({ low: null, high: null, undefinedResamples: 10 });
  });

  it('rejects a level outside (0, 1)', () => {
    expect(() => bootstrapInterval(3, () => 1, { level: 95 })).toThrow(/level/);
  });
});

describe('bootstrapIntervals with prepared statistics', () => {
  it('serves several statistics from one resample and each interval brackets its estimate', () => {
    const n = 200;
    const first: string[] = [];
    const second: string[] = [];
    for (let i = 0; i < n; i++) {
      first.push(i % 3 === 0 ? 'no' : 'yes');
      second.push(i % 5 === 0 ? 'no' : 'yes');
    }
    const prepared = preparePairs(first.map((f, unit) => ({ unit, first: f, second: second[unit] as string })), ['yes', 'no'], n);
    const alpha = prepareAlpha(first.map((f, u) => [f, second[u]]));
    const scratch = new Float64Array(4);
    const [pa, kappa, a] = bootstrapIntervals(
      n,
      (w) => {
        const c = weightedCounts(prepared, w, scratch);
        return [percentAgreementOf(c, 2), cohenKappaOf(c, 2), alphaOf(alpha, w)];
      },
      { resamples: 800, seed: 9 },
    );
    const full = weightedCounts(prepared, null, new Float64Array(4));
    const estimates = [percentAgreementOf(full, 2), cohenKappaOf(full, 2), alphaOf(alpha, null)] as number[];
    [pa, kappa, a].forEach((ci, s) => {
      expect(ci?.low).toBeLessThan(estimates[s] as number);
      expect(ci?.high).toBeGreaterThan(estimates[s] as number);
    });
  });
});
