/**
 * Seeded randomness for what a seed may vary (order of partner lines, timings). Each decision draws
 * from its own stream keyed by a name, so adding a decision never shifts the others.
 */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, and the same on every platform. */
export function createRng(seed: number, stream: string): () => number {
  let a = (fnv1a(`${seed}|${stream}`) ^ Math.imul(seed, 0x9e3779b1)) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number in [from, to]. */
export function pickInt(seed: number, stream: string, from: number, to: number): number {
  return from + Math.floor(createRng(seed, stream)() * (to - from + 1));
}

/** Fisher–Yates with the stream's numbers; returns a new array. */
export function shuffled<T>(items: readonly T[], seed: number, stream: string): T[] {
  const out = [...items];
  const rng = createRng(seed, stream);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
