// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createClient, setApiClient } from '../../api/client';
import type { AppEvent } from '../../../../shared/contract/events';
import { useRunEvents } from './useRunEvents';

afterEach(cleanup);

function fakeEvents() {
  const listeners = new Set<(e: AppEvent) => void>();
  setApiClient(
    createClient({
      host: 'browser',
      invoke: async () => ({ ok: true, value: null }),
      subscribe: (fn) => {
        listeners.add(fn);
        return () => listeners.delete(fn);
      },
    }),
  );
  const emit = (sessionId: string, kind: string) =>
    act(() => {
      for (const fn of listeners) fn({ type: 'session.event', event: { sessionId, seq: 1, monoUs: 1, wallTime: 'x', kind, payload: null } });
    });
  return { emit, listeners };
}

describe("the Slack seat's run view", () => {
  it("is read again on each event of this run (a tool call, a pause from the dashboard), and on no other run's", async () => {
    const { emit, listeners } = fakeEvents();
    const refresh = vi.fn(async () => {});
    const { unmount } = renderHook(() => useRunEvents('run-abc123', refresh));
    emit('run-abc123', 'tool_call');
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1), { timeout: 15_000 });
    emit('run-other1', 'tool_call');
    emit('run-other1', 'paused');
    emit('run-abc123', 'paused');
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(2), { timeout: 15_000 });
    emit('run-abc123', 'resumed');
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(3), { timeout: 15_000 });
    await new Promise((r) => setTimeout(r, 20));
    expect(refresh).toHaveBeenCalledTimes(3);
    unmount();
    expect(listeners.size).toBe(0);
  });

  it('folds calls that arrive during a read into one more read', async () => {
    const { emit } = fakeEvents();
    let release = () => {};
    const refresh = vi.fn(() => new Promise<void>((r) => (release = r)));
    renderHook(() => useRunEvents('run-abc123', refresh));
    emit('run-abc123', 'tool_call');
    emit('run-abc123', 'tool_call');
    emit('run-abc123', 'tool_call');
    expect(refresh).toHaveBeenCalledTimes(1);
    release();
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(2), { timeout: 15_000 });
    release();
  });
});
