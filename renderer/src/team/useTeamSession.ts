import { useCallback, useEffect, useRef, useState } from 'react';
import type { TeamView } from '../../../shared/team/viewSchema';
import type { Result } from '../../../shared/result';
import { api } from '../api/client';
import { useCoalescedRequest } from '../api/coalescedRead';

/**
 * The session as the participant sees it. Every action goes through the contract and returns the new view
 * only after the main side has committed it, so what is on screen is always what is on disk.
 */
export function useTeamSession(sessionId: string) {
  const [view, setViewOnly] = useState<TeamView | undefined>();
  // When the view arrived: the clock ticks on locally from the active time main reported then.
  const [receivedAt, setReceivedAt] = useState(0);
  const inAction = useRef(false);
  const setView = useCallback((v: TeamView) => {
    setViewOnly(v);
    setReceivedAt(Date.now());
  }, []);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  // The view is read again on this session's events: while an action waits (a message waiting for its label from the
  // experimenter's console or a panel) the log moves on without us, so the person's own line shows, then a teammate
  // typing; and what nobody at this page did (the experimenter's pause or resume from the dashboard, a console line,
  // the time limit) shows at once, not at the person's next action (issue 25: an experimenter's pause left the clock
  // counting and Send enabled). One read at a time: the several events of one send cost one read, and one more for
  // what came meanwhile. A read started before an action answered is older than the action's view and is dropped.
  const actionViews = useRef(0);
  // An event heard while no action of this page waited, and not read since: the only reason to read outside an action
  // (the events of an action already answered are in its view, so the read they ask for after it is skipped).
  const heard = useRef(false);
  const readFollowing = useCallback(async () => {
    const since = actionViews.current;
    heard.current = false;
    return { r: await api().teamView({ sessionId }), since };
  }, [sessionId]);
  const follow = useCoalescedRequest(
    readFollowing,
    ({ r, since }) => {
      if (r.ok && since === actionViews.current) setView(r.value);
    },
    () => inAction.current || heard.current,
  );
  useEffect(
    () =>
      api().subscribe((e) => {
        if (e.type !== 'session.event' || e.event.sessionId !== sessionId) return;
        if (!inAction.current) heard.current = true;
        void follow();
      }),
    [sessionId, follow],
  );

  useEffect(() => {
    let live = true;
    const read = () =>
      void api()
        .teamView({ sessionId })
        .then((r) => {
          if (!live) return;
          if (r.ok) setView(r.value);
          else setError(r.error.message);
        });
    read();
    // After the host was down, the view is read again: its clock did not count the downtime, and what was committed
    // while the stream was gone reached nobody (the page's own clock ran on meanwhile).
    const off = api().onReconnect(() => {
      if (!inAction.current) read();
    });
    return () => {
      live = false;
      off();
    };
  }, [sessionId, setView]);

  /** Runs one action; the view it returns replaces ours. Errors are shown, never thrown. */
  const act = useCallback(async <T,>(run: () => Promise<Result<T>>, pick: (value: T) => TeamView): Promise<T | undefined> => {
    setBusy(true);
    inAction.current = true;
    setError(undefined);
    try {
      const r = await run();
      inAction.current = false;
      if (!r.ok) {
        setError(r.error.message);
        return undefined;
      }
      setView(pick(r.value));
      actionViews.current++;
      heard.current = false;
      return r.value;
    } finally {
      inAction.current = false;
      setBusy(false);
    }
  }, [setView]);

  return { view, receivedAt, error, busy, act, clearError: () => setError(undefined) };
}
