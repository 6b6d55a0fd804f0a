import { useEffect, useState } from 'react';

/** Time since the session started, ticking each second; pauses are visible in the log, not subtracted here. */
export function ElapsedClock({ since, stopped }: { since: string; stopped: boolean }) {
  const [now, setNow] = useState(() => Date.now());
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
