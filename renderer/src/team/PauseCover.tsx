import { useEffect, useRef } from 'react';
import './pauseCover.css';

/**
 * Covers a seat while the experimenter's pause holds (issue 25): the reason, a stopped clock, and no way to lift it
 * from here (the host refuses a participant's resume too). Focus moves to it, so a keyboard or screen-reader user
 * hears it at once; what was typed stays in the composer under it.
 */
export function PauseCover({ reason }: { reason: string | null }) {
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => card.current?.focus(), []);
  return (
    <div className="pause-cover" data-testid="experimenter-pause">
      <div className="pause-cover-card" role="status" aria-labelledby="pause-cover-h" tabIndex={-1} ref={card}>
        <h2 id="pause-cover-h">Paused by the experimenter</h2>
        {reason ? (
          <p>
            Reason: <strong>{reason}</strong>
          </p>
        ) : null}
        <p>Your clock is stopped and this time does not count. The experimenter will resume the task; please wait.</p>
        <p className="muted small">Anything you were typing is kept.</p>
      </div>
    </div>
  );
}
