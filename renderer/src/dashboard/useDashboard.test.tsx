// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createClient, setApiClient } from '../api/client';
import { useDashboard } from './useDashboard';

afterEach(cleanup);

// Found in the lab-session e2e: after a host restart the dashboard read its view again only on the next event (or
// its 20 s tick), so what was committed before its stream came back stayed off the grid meanwhile.
function fakeHost() {
  const reconnected = new Set<() => void>();
  let reads = 0;
  setApiClient(
    createClient({
      host: 'browser',
      invoke: async (method) => {
        if (method === 'dashboardView') reads++;
        return { ok: true, value: { studyKey: 'k', title: 't', cells: [], participants: [], at: String(reads) } };
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

describe('the dashboard after the host was down', () => {
  it('reads its view again when the event stream is back, and stops listening when closed', async () => {
    const host = fakeHost();
    const { result, unmount } = renderHook(() => useDashboard('k'));
    await act(async () => {});
    expect(host.reads()).toBe(1);
    host.reconnect();
    await act(async () => {});
    expect(host.reads()).toBe(2);
    expect(result.current.view?.at).toBe('2');
    unmount();
    expect(host.listening()).toBe(0);
  });
});
