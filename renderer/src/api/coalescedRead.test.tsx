// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { coalescedRead, useCoalescedRequest } from './coalescedRead';

afterEach(cleanup);

/** A read the test answers by hand: `answer(i, v)` settles the i-th read. */
function heldReads() {
  const pending: ((v: number) => void)[] = [];
  const read = vi.fn(() => new Promise<number>((resolve) => pending.push(resolve)));
  const answer = async (i: number, v: number) => {
    pending[i]!(v);
    // Let the loop see its answer and, when asked for, start the one more read.
    await new Promise((r) => setTimeout(r, 0));
  };
  return { read, answer };
}

describe('reads of a live view, one in flight', () => {
  it('a burst of requests while a read is in flight makes exactly one more read, whose answer is applied last', async () => {
    const { read, answer } = heldReads();
    const applied: number[] = [];
    const reader = coalescedRead(read, (v) => applied.push(v));
    const first = reader.request();
    const burst = Array.from({ length: 5 }, () => reader.request());
    expect(read).toHaveBeenCalledTimes(1);
    await answer(0, 1);
    expect(read).toHaveBeenCalledTimes(2);
    await answer(1, 2);
    await Promise.all([first, ...burst]);
    expect(read).toHaveBeenCalledTimes(2);
    expect(applied).toEqual([1, 2]);
  });

  it('a request after the reads settled starts a new read at once', async () => {
    const { read, answer } = heldReads();
    const applied: number[] = [];
    const reader = coalescedRead(read, (v) => applied.push(v));
    const first = reader.request();
    await answer(0, 1);
    await first;
    const second = reader.request();
    expect(read).toHaveBeenCalledTimes(2);
    await answer(1, 2);
    await second;
    expect(applied).toEqual([1, 2]);
  });

  it('once stopped, the answer in flight is not applied and nothing more is read', async () => {
    const { read, answer } = heldReads();
    const apply = vi.fn();
    const reader = coalescedRead(read, apply);
    const first = reader.request();
    void reader.request();
    reader.stop();
    await answer(0, 1);
    await first;
    await reader.request();
    expect(read).toHaveBeenCalledTimes(1);
    expect(apply).not.toHaveBeenCalled();
  });

  it('asks `wanted` before each read: the one more is skipped when its answer would be dropped', async () => {
    const { read, answer } = heldReads();
    let wanted = true;
    const apply = vi.fn();
    const reader = coalescedRead(read, apply, { wanted: () => wanted });
    const first = reader.request();
    void reader.request();
    wanted = false;
    await answer(0, 1);
    await first;
    expect(read).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenCalledTimes(1);
    await reader.request();
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe('the hook', () => {
  it('applies answers while mounted and none after unmount', async () => {
    const { read, answer } = heldReads();
    const apply = vi.fn();
    const { result, unmount } = renderHook(() => useCoalescedRequest(read, apply));
    await act(async () => {
      void result.current();
      await answer(0, 1);
    });
    expect(apply).toHaveBeenLastCalledWith(1);
    void result.current();
    void result.current();
    unmount();
    await answer(1, 2);
    expect(read).toHaveBeenCalledTimes(2);
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('a new read function (another session) stops the old reader: its answer in flight is dropped', async () => {
    const old = heldReads();
    const next = heldReads();
    const apply = vi.fn();
    const { result, rerender } = renderHook(({ read }) => useCoalescedRequest(read, apply), {
      initialProps: { read: old.read },
    });
    const oldRequest = result.current;
    void oldRequest();
    rerender({ read: next.read });
    expect(result.current).not.toBe(oldRequest);
    await act(async () => {
      void result.current();
      await old.answer(0, 1);
      await next.answer(0, 2);
    });
    expect(apply.mock.calls).toEqual([[2]]);
    // The old session's function asks nobody.
    await oldRequest();
    expect(old.read).toHaveBeenCalledTimes(1);
    expect(next.read).toHaveBeenCalledTimes(1);
  });
});
