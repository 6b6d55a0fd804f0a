import { describe, expect, it } from 'vitest';
import { defaultPoolSize, lanesFromEnv } from './pool.js';

describe('the Python pool’s default lanes', () => {
  it('leaves one core to the host (one lane on a two-core PC) and stops at eight', () => {
    expect([1, 2, 3, 4, 8, 16, 64].map((cpus) => defaultPoolSize(cpus))).toEqual([1, 1, 2, 3, 7, 8, 8]);
  });

  it('takes TEAMSEAT_SANDBOX_LANES from 1 to 8 and refuses anything else in words', () => {
    expect(lanesFromEnv({})).toBeNull();
    expect(lanesFromEnv({ TEAMSEAT_SANDBOX_LANES: '2' })).toBe(2);
    for (const bad of ['0', '9', '1.5', 'two'])
      expect(() => lanesFromEnv({ TEAMSEAT_SANDBOX_LANES: bad })).toThrow(/whole number from 1 to 8/);
  });
});
