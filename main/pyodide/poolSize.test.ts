import { describe, expect, it } from 'vitest';
import { defaultPoolSize } from './pool.js';

describe('the Python pool’s default lanes', () => {
  it('uses both cores of a small PC, leaves one core to the host beyond that, and stops at eight', () => {
    expect([1, 2, 3, 4, 8, 16, 64].map((cpus) => defaultPoolSize(cpus))).toEqual([1, 2, 2, 3, 7, 8, 8]);
  });
});
