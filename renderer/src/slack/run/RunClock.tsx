import { useEffect, useState } from 'react';
import type { RunView } from '../../../../shared/contract/slack';
import { clockText } from '../format';
import { useHostUp } from '../../api/useHostUp';

/**
 * The run's clock as main reported it, ticking locally between responses. Main owns the time: pauses are not
 * counted, and when the local count reaches the limit `onTimeUp` asks main for the run again.
 */
export function RunClock({ run, receivedAt, onTimeUp }: { run: RunView; receivedAt: number; onTimeUp(): void }) {
  const [now, setNow] = useState(() => Date.now());
  const ticking = run.status === 'running';
  // Stands still while the host is down (issue 25): the host counts none of the downtime.
  const hostUp = useHostUp();
  useEffect(() => {
    if (!ticking || !hostUp) return;
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, [ticking, hostUp]);
  const gone = ticking ? Math.max(0, now - receivedAt) : 0;
  const elapsed = run.elapsedMs + gone;
  const remaining = Math.max(0, run.remainingMs - gone);
  // At the warning and at the limit, main is asked again: it records the warning or ends the run.
  const warnAt = run.timeWarning || run.warnAtMs === undefined ? null : run.warnAtMs;
  const due = remaining === 0 || (warnAt !== null && elapsed >= warnAt);
  useEffect(() => {
    if (ticking && due) onTimeUp();
  }, [ticking, due, onTimeUp]);
  const low = remaining < 2 * 60_000 || run.timeWarning != null;
  return (
    <span className="sk-clock" role="timer" aria-label="Run clock">
      <span className={`sk-remaining${low ? ' sk-low' : ''}`} title="Time left for this query">
        {clockText(Math.ceil(remaining / 1000))} left
      </span>
      <span className="muted small" title="Time on the clock since the query opened, pauses excluded">
        {clockText(elapsed / 1000)} used
      </span>
    </span>
  );
}
