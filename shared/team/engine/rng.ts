import { mulberry32 } from '../../stats/prng.js';

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

/** The project's one generator (mulberry32), started from the seed mixed with the stream's name. */
export function createRng(seed: number, stream: string): () => number {
  return mulberry32(fnv1a(`${seed}|${stream}`) ^ Math.imul(seed, 0x9e3779b1)).next;
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
