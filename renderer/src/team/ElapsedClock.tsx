import { useEffect, useRef, useState } from 'react';
import type { TeamView } from '../../../shared/team/viewSchema';
import { useHostUp } from '../api/useHostUp';

const mmss = (ms: number): string => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * The participant's clock as main reports it (active time: pauses and restarts excluded), ticking locally only
 * while it runs. Main owns the time limit: when the local count reaches the warning or the limit, `onThreshold`
 * asks main for the view again, which records the warning or ends the run.
 */
export function ElapsedClock({ view, receivedAt, onThreshold }: { view: TeamView; receivedAt: number; onThreshold(): void }) {
  const clock = view.clock;
  const [now, setNow] = useState(receivedAt);
  const running = clock?.running === true;
  // While the host is down its clock does not count (the downtime is a crash pause): this one stands still where it
  // was, and the view read when the host is back says where it really stands.
  const hostUp = useHostUp();
  useEffect(() => {
    if (!running || !hostUp) return;
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, [running, hostUp]);
  const active = (clock?.activeMs ?? 0) + (running ? Math.max(0, now - receivedAt) : 0);
  const limit = clock?.limitMs ?? null;
  const nextAt = limit === null ? null : view.timeWarning || clock?.warnAtMs === null ? limit : (clock?.warnAtMs ?? limit);
  const asked = useRef<number | null>(null);
  useEffect(() => {
    if (running && nextAt !== null && active >= nextAt && asked.current !== nextAt) {
      asked.current = nextAt;
      onThreshold();
    }
  }, [running, active, nextAt, onThreshold]);
  const low = limit !== null && view.timeWarning != null;
  return (
    <span className="clock" role="timer" aria-label={limit === null ? 'Time on the task, pauses excluded' : 'Time left for this task'}>
      {limit === null ? mmss(active) : <span className={low ? 'clock-low' : undefined}>{mmss(limit - active)} left</span>}
    </span>
  );
}
