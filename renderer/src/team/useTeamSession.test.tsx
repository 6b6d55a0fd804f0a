// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createClient, setApiClient } from '../api/client';
import { useTeamSession } from './useTeamSession';

afterEach(cleanup);

// The transport is faked at the contract: the test is about when the seat reads its view, not what the host sends.
function fakeHost() {
  const reconnected = new Set<() => void>();
  let reads = 0;
  setApiClient(
    createClient({
      host: 'browser',
      invoke: async (method) => {
        if (method === 'teamView') reads++;
        return { ok: true, value: { status: 'your_turn', read: reads } };
      },
      subscribe: () => () => {},
      onReconnect: (fn) => {
        reconnected.add(fn);
        return () => reconnected.delete(fn);
      },
    }),
  );
  return { reads: () => reads, reconnect: () => act(() => reconnected.forEach((fn) => fn())), listening: () => reconnected.size };
}

describe('the team seat after the host was down', () => {
  it('reads its view again when the event stream is back, and stops listening when the seat closes', async () => {
    const host = fakeHost();
    const { result, unmount } = renderHook(() => useTeamSession('s-1'));
    await act(async () => {});
    expect(host.reads()).toBe(1);
    host.reconnect();
    await act(async () => {});
    expect(host.reads()).toBe(2);
    expect((result.current.view as unknown as { read: number }).read).toBe(2);
    unmount();
    expect(host.listening()).toBe(0);
  });
});
