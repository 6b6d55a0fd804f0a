import { useEffect } from 'react';
import { api } from '../../api/client';
import { coalescedRead } from '../../api/coalescedRead';

/**
 * Re-reads the run view on each event of this run's log: a recorded tool call (so "N actions recorded" counts up as
 * the person browses), a pause or resume from the experimenter's dashboard (the seat shows it at once, not at the
 * participant's next action), the time warning. The event carries no payload for a participant; the view is the
 * truth. Events that arrive while a read is in flight are folded into one more read.
 */
export function useRunEvents(runId: string | undefined, refresh: () => Promise<void>): void {
  useEffect(() => {
    if (!runId) return;
    const reader = coalescedRead(refresh, () => {});
    const unsubscribe = api().subscribe((e) => {
      if (e.type === 'session.event' && e.event.sessionId === runId) void reader.request();
    });
    // After the host was down (issue 25): what was committed meanwhile reached nobody, and the clock skipped the downtime.
    const offReconnect = api().onReconnect(() => void reader.request());
    return () => {
      reader.stop();
      unsubscribe();
      offReconnect();
    };
  }, [runId, refresh]);
}
