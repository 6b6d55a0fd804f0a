import { describe, expect, it } from 'vitest';
import { deriveSeed, mulberry32, shuffled } from './prng.js';

describe('mulberry32', () => {
  it('repeats the same stream for the same seed and differs for another seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const xs = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(xs);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(xs);
  });

  it('draws integers in range and roughly uniformly (chi-square, 10 bins)', () => {
    const rng = mulberry32(7);
    const bins = new Array<number>(10).fill(0);
    const n = 20000;
    for (let i = 0; i < n; i++) {
      const k = rng.int(10);
      expect(k).toBeGreaterThanOrEqual(0);
      expect(k).toBeLessThan(10);
      bins[k] = (bins[k] as number) + 1;
    }
    const expected = n / 10;
    const chi2 = bins.reduce((s, o) => s + (o - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: the 0.999 quantile is 27.9.
    expect(chi2).toBeLessThan(27.9);
  });

  it('keeps floats in [0, 1)', () => {
    const rng = mulberry32(0);
    for (let i = 0; i < 5000; i++) {
      const x = rng.next();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });
});

describe('deriveSeed and shuffled', () => {
  it('gives each key its own stream, stable across calls', () => {
    expect(deriveSeed(1, 'whistleblowing')).toBe(deriveSeed(1, 'whistleblowing'));
    expect(deriveSeed(1, 'whistleblowing')).not.toBe(deriveSeed(1, 'taking_over'));
    expect(deriveSeed(1, 'whistleblowing')).not.toBe(deriveSeed(2, 'whistleblowing'));
  });

  it('permutes without losing or duplicating, and leaves the input alone', () => {
    const input = Array.from({ length: 50 }, (_, i) => i);
    const out = shuffled(input, mulberry32(3));
    expect(input).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect([...out].sort((x, y) => x - y)).toEqual(input);
    expect(out).not.toEqual(input);
    expect(shuffled(input, mulberry32(3))).toEqual(out);
  });
});

describe('fillInts', () => {
  it('gives the same stream as repeated int() calls, and continues it', () => {
    const a = mulberry32(99);
    const b = mulberry32(99);
    const bulk = new Int32Array(1000);
    a.fillInts(bulk, 37);
    expect(Array.from(bulk)).toEqual(Array.from({ length: 1000 }, () => b.int(37)));
    expect(a.int(1000)).toBe(b.int(1000));
  });
});

describe('meanOfDraws', () => {
  it('is the mean of the values int(n) would pick, summed in draw order, and continues the stream', () => {
    const values = Float64Array.from([0, 0.5, 1, 1, 0, 0.25, 1 / 3]);
    const a = mulberry32(1234);
    const b = mulberry32(1234);
    for (let r = 0; r < 200; r++) {
      let sum = 0;
      for (let i = 0; i < values.length; i++) sum += values[b.int(values.length)]!;
      // Bit-for-bit: the bootstrap's intervals must not move by an ulp when the loop changes.
      expect(a.meanOfDraws(values)).toBe(sum / values.length);
    }
    expect(a.int(1000)).toBe(b.int(1000));
  });
});
