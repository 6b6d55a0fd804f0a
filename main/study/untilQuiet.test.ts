import { describe, expect, it } from 'vitest';
import { untilQuiet } from './untilQuiet.js';

/** A clock that moves only when the waiter sleeps; `activity` says when something happened meanwhile. */
function fakeClock(activity: (t: number) => number) {
  let t = 1_000;
  const sleeps: number[] = [];
  return {
    now: () => t,
    lastAt: () => activity(t),
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
    sleeps,
    elapsed: () => t - 1_000,
  };
}

describe('untilQuiet', () => {
  it('goes at once (after one turn) when nothing happened for the quiet time', async () => {
    const c = fakeClock(() => -Infinity);
    await untilQuiet({ lastAt: c.lastAt, quietMs: 25, maxMs: 2_000, now: c.now, sleep: c.sleep });
    expect(c.sleeps).toEqual([]);
  });

  it('waits out the quiet time after the last action', async () => {
    const c = fakeClock(() => 990);
    await untilQuiet({ lastAt: c.lastAt, quietMs: 25, maxMs: 2_000, now: c.now, sleep: c.sleep });
    expect(c.elapsed()).toBe(15);
  });

  it('while actions keep coming, waits no longer than the most it may', async () => {
    // An action every 10 ms, for ever.
    const c = fakeClock((t) => t - (t % 10));
    await untilQuiet({ lastAt: c.lastAt, quietMs: 25, maxMs: 2_000, now: c.now, sleep: c.sleep });
    expect(c.elapsed()).toBe(2_000);
  });

  it('goes once the actions stop', async () => {
    // Actions every 10 ms until 1 300, then none.
    const c = fakeClock((t) => Math.min(1_300, t - (t % 10)));
    await untilQuiet({ lastAt: c.lastAt, quietMs: 25, maxMs: 2_000, now: c.now, sleep: c.sleep });
    expect(c.now()).toBe(1_325);
  });
});
