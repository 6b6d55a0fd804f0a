import { useCallback, useEffect } from 'react';
import type { DashboardView } from '../../../shared/contract/dashboard';
import { api } from '../api/client';
import { useCoalescedRead } from '../state/useCoalescedRead';

/** How often the view is read again with no event (idle and time notices move with the clock). */
const TICK_MS = 20_000;

/**
 * The dashboard's view, read again on every committed event of the stream (at most one read in flight; events
 * that arrive meanwhile cause one more read), so a cell moves within a few tens of ms of the event.
 */
export function useDashboard(studyKey: string) {
  const read = useCallback(() => api().dashboardView({ studyKey }), [studyKey]);
  const { view, error, setError, reload } = useCoalescedRead<DashboardView>(read);

  useEffect(() => {
    void reload();
    const unsubscribe = api().subscribe((e) => {
      if (e.type === 'session.event') void reload();
    });
    // After the host was down, what was committed while the stream was gone reached nobody: read it at once.
    const offReconnect = api().onReconnect(() => void reload());
    const tick = setInterval(() => void reload(), TICK_MS);
    return () => {
      unsubscribe();
      offReconnect();
      clearInterval(tick);
    };
  }, [reload]);

  return { view, error, setError, reload };
}
