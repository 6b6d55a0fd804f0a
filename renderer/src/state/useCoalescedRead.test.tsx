// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { Result } from '../../../shared/result';
import { useCoalescedRead } from './useCoalescedRead';

afterEach(cleanup);

describe('a live view read again on events', () => {
  it('reads once more after the read in flight however many reads were asked for meanwhile, and shows the last', async () => {
    const answers: ((r: Result<number>) => void)[] = [];
    const read = () => new Promise<Result<number>>((resolve) => answers.push(resolve));
    const { result } = renderHook(() => useCoalescedRead(read));
    let first!: Promise<void>;
    act(() => {
      first = result.current.reload();
      void result.current.reload();
      void result.current.reload();
      void result.current.reload();
    });
    expect(answers).toHaveLength(1);
    await act(async () => answers[0]!({ ok: true, value: 1 }));
    expect(answers).toHaveLength(2);
    await act(async () => answers[1]!({ ok: true, value: 2 }));
    await act(() => first);
    expect(answers).toHaveLength(2);
    expect(result.current.view).toBe(2);
  });

  it('a failed read shows its error, and the next good one clears it unless the caller keeps it', async () => {
    let next: Result<number> = { ok: false, error: { code: 'internal', message: 'host down' } };
    const read = () => Promise.resolve(next);
    const cleared = renderHook(() => useCoalescedRead(read));
    const kept = renderHook(() => useCoalescedRead(read, { keepError: true }));
    await act(() => cleared.result.current.reload());
    await act(() => kept.result.current.reload());
    expect(cleared.result.current.error).toBe('host down');
    next = { ok: true, value: 3 };
    await act(() => cleared.result.current.reload());
    await act(() => kept.result.current.reload());
    expect(cleared.result.current.error).toBeUndefined();
    expect(kept.result.current.error).toBe('host down');
    expect(kept.result.current.view).toBe(3);
  });
});
