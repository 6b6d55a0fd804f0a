import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LimitTimer } from './teamClock.js';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-12-02T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('LimitTimer', () => {
  it('keeps the armed wake-up while each action asks for the same deadline, and calls the latest callback', () => {
    const timer = new LimitTimer();
    const calls: string[] = [];
    timer.set(1000, () => calls.push('first'));
    vi.advanceTimersByTime(400);
    // The clock ran 400 ms: the same deadline is now 600 ms away (one ms of rounding either way).
    timer.set(601, () => calls.push('second'));
    timer.set(599, () => calls.push('third'));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(604);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['third']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('arms again when the new deadline is earlier, and wakes early (once) when it moved later', () => {
    const timer = new LimitTimer();
    const calls: number[] = [];
    timer.set(1000, () => calls.push(Date.now()));
    timer.set(200, () => calls.push(Date.now()));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(205);
    expect(calls).toEqual([Date.parse('2026-12-02T10:00:00.205Z')]);
    // After a pause the deadline is later: the wake-up armed for the earlier one stays and fires first.
    timer.set(100, () => calls.push(Date.now()));
    timer.set(5000, () => calls.push(Date.now()));
    vi.advanceTimersByTime(105);
    expect(calls).toHaveLength(2);
  });

  it('is cleared by a null deadline (paused or ended)', () => {
    const timer = new LimitTimer();
    const fire = vi.fn();
    timer.set(100, fire);
    timer.set(null, fire);
    vi.advanceTimersByTime(1000);
    expect(fire).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
