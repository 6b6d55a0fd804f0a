import { useCallback, useEffect, useState } from 'react';
import type { ConsoleView } from '../../../shared/contract/console';
import { api } from '../api/client';
import { useCoalescedRead } from '../state/useCoalescedRead';

/** How often the console renews its lease (the host's lasts 8 s) and reads the view with no event. */
const RENEW_MS = 2_500;

/** This page's console id: the host's lease names the console that drives a session. */
function newConsoleId(): string {
  return `c-${crypto.randomUUID()}`;
}

/**
 * The console's view of one session, read again on each of its events and queue changes (one read in flight, one
 * more queued) and every few seconds, which keeps this page's lease. Closing the page gives the lease up.
 */
export function useConsole(sessionId: string) {
  const [consoleId] = useState(newConsoleId);
  const read = useCallback(() => api().consoleView({ sessionId, consoleId }), [sessionId, consoleId]);
  const { view, setView, error, setError, reload } = useCoalescedRead<ConsoleView>(read, { keepError: true });

  useEffect(() => {
    void reload();
    const unsubscribe = api().subscribe((e) => {
      if ((e.type === 'console.queue' && e.sessionId === sessionId) || (e.type === 'session.event' && e.event.sessionId === sessionId)) void reload();
    });
    const tick = setInterval(() => void reload(), RENEW_MS);
    const leave = () => void api().consoleRelease({ sessionId, consoleId });
    window.addEventListener('pagehide', leave);
    return () => {
      unsubscribe();
      clearInterval(tick);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [reload, sessionId, consoleId]);

  /** Labels a waiting message; the view comes back once the label is recorded. */
  const decide = async (requestId: string, label: string): Promise<boolean> => {
    const r = await api().consoleDecide({ sessionId, consoleId, requestId, label });
    if (!r.ok) {
      setError(r.error.message);
      await reload();
      return false;
    }
    setError(undefined);
    setView(r.value);
    return true;
  };

  /** Writes as a partner seat; the view comes back once the message is recorded. */
  const say = async (seat: string, to: string, text: string): Promise<boolean> => {
    const r = await api().consoleSay({ sessionId, consoleId, seat, to, text });
    if (!r.ok) {
      setError(r.error.message);
      return false;
    }
    setError(undefined);
    setView(r.value);
    return true;
  };

  return { view, error, setError, decide, say };
}
