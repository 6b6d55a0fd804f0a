// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createClient, setApiClient } from '../api/client';
import type { AppEvent } from '../../../shared/contract/events';
import type { Result } from '../../../shared/result';
import { ModelSeatWatch } from './ModelSeatWatch';

afterEach(cleanup);

describe('watching a model in the evaluated seat', () => {
  it("reads once for a burst of the session's events and once more for those heard meanwhile", async () => {
    const listeners = new Set<(e: AppEvent) => void>();
    const reads: ((v: Result<unknown>) => void)[] = [];
    setApiClient(
      createClient({
        host: 'browser',
        invoke: (method) =>
          method === 'modelSeatWatch'
            ? new Promise<Result<unknown>>((resolve) => reads.push(resolve))
            : Promise.resolve({ ok: true, value: null }),
        subscribe: (fn) => {
          listeners.add(fn);
          return () => listeners.delete(fn);
        },
      }),
    );
    const event = (sessionId: string) =>
      act(() => {
        for (const fn of listeners)
          fn({
            type: 'session.event',
            event: { sessionId, seq: 1, monoUs: 1, wallTime: 'x', kind: 'message', payload: null },
          });
      });
    const answer = (i: number, message: string) =>
      act(async () => {
        reads[i]!({ ok: false, error: { code: 'internal', message } });
        await new Promise((r) => setTimeout(r, 0));
      });
    render(<ModelSeatWatch sessionId="s-model" />);
    expect(reads).toHaveLength(1);
    // A model's step: its message, the teammates' replies, a new round — and another session's event, not ours.
    for (const id of ['s-model', 's-model', 's-model', 's-other']) event(id);
    expect(reads).toHaveLength(1);
    await answer(0, 'first');
    expect(reads).toHaveLength(2);
    await answer(1, 'last');
    expect(reads).toHaveLength(2);
    expect(screen.getByText('last')).toBeTruthy();
  });
});
