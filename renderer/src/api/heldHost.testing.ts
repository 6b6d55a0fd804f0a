import { act } from '@testing-library/react';
import { createClient, setApiClient } from './client';
import type { AppEvent } from '../../../shared/contract/events';
import type { Result } from '../../../shared/result';

/**
 * The host at the contract, for tests of a page's per-event reads: calls to `method` are held until the test answers
 * them (in the order they came), every other call answers null, and the test drives the event stream.
 */
export function heldHost(method: string) {
  const listeners = new Set<(e: AppEvent) => void>();
  const held: ((v: Result<unknown>) => void)[] = [];
  setApiClient(
    createClient({
      host: 'browser',
      invoke: (name) =>
        name === method
          ? new Promise<Result<unknown>>((resolve) => held.push(resolve))
          : Promise.resolve({ ok: true, value: null }),
      subscribe: (fn) => {
        listeners.add(fn);
        return () => listeners.delete(fn);
      },
    }),
  );
  /** One committed event of `sessionId`, heard by every listener (for a test already inside act). */
  const deliver = (sessionId: string, kind: string) => {
    for (const fn of listeners)
      fn({
        type: 'session.event',
        event: { sessionId, seq: 1, monoUs: 1, wallTime: 'x', kind, payload: null },
      });
  };
  return {
    deliver,
    /** Any event of the stream (a participant's `visit.moved`), in its own act. */
    emit: (e: AppEvent) => act(() => listeners.forEach((fn) => fn(e))),
    /** The same, in its own act. */
    event: (sessionId: string, kind: string) => act(() => deliver(sessionId, kind)),
    /** Answers the i-th held call, then lets the page apply it. */
    answer: (i: number, result: Result<unknown>) =>
      act(async () => {
        held[i]!(result);
        await new Promise((r) => setTimeout(r, 0));
      }),
    reads: () => held.length,
    listening: () => listeners.size,
  };
}
