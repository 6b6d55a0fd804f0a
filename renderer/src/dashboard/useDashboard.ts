import { useCallback, useEffect, useRef, useState } from 'react';
import type { DashboardView } from '../../../shared/contract/dashboard';
import { api } from '../api/client';

/** How often the view is read again with no event (idle and time notices move with the clock). */
const TICK_MS = 20_000;

/**
 * The dashboard's view, read again on every committed event of the stream (at most one read in flight; events
 * that arrive meanwhile cause one more read), so a cell moves within a few tens of ms of the event.
 */
export function useDashboard(studyKey: string) {
  const [view, setView] = useState<DashboardView | undefined>();
  const [error, setError] = useState<string | undefined>();
  const inFlight = useRef(false);
  const again = useRef(false);

  const reload = useCallback(async (): Promise<void> => {
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    try {
      do {
        again.current = false;
        const r = await api().dashboardView({ studyKey });
        if (r.ok) {
          setView(r.value);
          setError(undefined);
        } else setError(r.error.message);
      } while (again.current);
    } finally {
      inFlight.current = false;
    }
  }, [studyKey]);

  useEffect(() => {
    void reload();
    const unsubscribe = api().subscribe((e) => {
      if (e.type === 'session.event') void reload();
    });
    const tick = setInterval(() => void reload(), TICK_MS);
    return () => {
      unsubscribe();
      clearInterval(tick);
    };
  }, [reload]);

  return { view, error, setError, reload };
}
