import { useEffect } from 'react';
import { api } from '../../api/client';
import { coalescedRead } from '../../api/coalescedRead';

/** The kind of event main appends for each recorded tool call (main/slackSeat/runLog.ts). */
const TOOL_CALL = 'tool_call';

/**
 * Re-reads the run view each time main records one of this run's tool calls, so "N actions recorded" counts up as
 * the person browses (the event carries no payload for a participant; the view is the truth). Calls that arrive
 * while a read is in flight are folded into one more read.
 */
export function useRecordedActions(runId: string | undefined, refresh: () => Promise<void>): void {
  useEffect(() => {
    if (!runId) return;
    const reader = coalescedRead(refresh, () => {});
    const unsubscribe = api().subscribe((e) => {
      if (e.type === 'session.event' && e.event.sessionId === runId && e.event.kind === TOOL_CALL) void reader.request();
    });
    return () => {
      reader.stop();
      unsubscribe();
    };
  }, [runId, refresh]);
}
