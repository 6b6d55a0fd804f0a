import { useEffect, useState } from 'react';

/**
 * Time since the session started, ticking each second, or the run's length once it has ended. Pauses are
 * recorded in the log and subtracted in the export's timing, not here.
 */
export function ElapsedClock({ since, until }: { since: string; until: string | null }) {
  const [ticking, setNow] = useState(() => Date.now());
  const now = until ? Date.parse(until) : ticking;
  const stopped = until !== null;
  useEffect(() => {
    if (stopped) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [stopped]);
  const s = Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
  const mm = String(Math.floor(s / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return (
    <span className="clock" aria-label="Time since the session started">
      {mm}:{ss}
    </span>
  );
}
