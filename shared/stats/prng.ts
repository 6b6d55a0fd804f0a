/**
 * Seeded randomness for sampling, rater order and bootstraps. Every draw in a study must be
 * reproducible from the seed written next to its result, so Math.random is never used.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** Fills `into` with integers in [0, n); the same stream as calling int(n) that many times. */
  fillInts(into: Int32Array, n: number): void;
  /**
   * The mean of `values.length` values drawn from `values` with replacement: the same stream as int(values.length)
   * that many times, summed in draw order. One bootstrap replicate, without an array of draws.
   */
  meanOfDraws(values: Float64Array): number;
}

/** mulberry32 (Tommy Ettinger's 32-bit generator): tiny, fast, and good enough for resampling. */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  const nextUint = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return {
    next: () => nextUint() / 4294967296,
    // Multiply-shift instead of modulo: no slow division, and bias stays below n / 2^32.
    int: (n: number) => Math.floor((nextUint() / 4294967296) * n),
    // The bootstrap's hot loop: the generator inlined so millions of draws cost no calls.
    fillInts: (into: Int32Array, n: number) => {
      let a = state;
      for (let i = 0; i < into.length; i++) {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        into[i] = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
      }
      state = a;
    },
    meanOfDraws: (values: Float64Array) => {
      const n = values.length;
      let a = state;
      let sum = 0;
      for (let i = 0; i < n; i++) {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        sum += values[Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n)]!;
      }
      state = a;
      return sum / n;
    },
  };
}

/**
 * A seed for one named sub-stream (a dimension, a rater), so adding a stratum or a rater does not
 * change the draws of the others. FNV-1a over the key, mixed with the seed by murmur3's finaliser.
 */
export function deriveSeed(seed: number, key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= seed >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Fisher–Yates on a copy; the input is left as it was. */
export function shuffled<T>(items: ReadonlyArray<T>, rng: Rng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}
