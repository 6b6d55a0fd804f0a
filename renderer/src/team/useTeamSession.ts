import { useCallback, useEffect, useState } from 'react';
import type { TeamView } from '../../../shared/team/viewSchema';
import type { Result } from '../../../shared/result';
import { api } from '../api/client';

/**
 * The session as the participant sees it. Every action goes through the contract and returns the new view
 * only after the main side has committed it, so what is on screen is always what is on disk.
 */
export function useTeamSession(sessionId: string) {
  const [view, setViewOnly] = useState<TeamView | undefined>();
  // When the view arrived: the clock ticks on locally from the active time main reported then.
  const [receivedAt, setReceivedAt] = useState(0);
  const setView = useCallback((v: TeamView) => {
    setViewOnly(v);
    setReceivedAt(Date.now());
  }, []);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void api()
      .teamView({ sessionId })
      .then((r) => {
        if (!live) return;
        if (r.ok) setView(r.value);
        else setError(r.error.message);
      });
    return () => {
      live = false;
    };
  }, [sessionId, setView]);

  /** Runs one action; the view it returns replaces ours. Errors are shown, never thrown. */
  const act = useCallback(async <T,>(run: () => Promise<Result<T>>, pick: (value: T) => TeamView): Promise<T | undefined> => {
    setBusy(true);
    setError(undefined);
    try {
      const r = await run();
      if (!r.ok) {
        setError(r.error.message);
        return undefined;
      }
      setView(pick(r.value));
      return r.value;
    } finally {
      setBusy(false);
    }
  }, [setView]);

  return { view, receivedAt, error, busy, act, clearError: () => setError(undefined) };
}
