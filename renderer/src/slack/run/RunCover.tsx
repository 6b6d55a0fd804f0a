import type { RunView } from '../../../../shared/contract/slack';
import { shownReason } from '../../../../shared/pause';

/**
 * Covers the workspace when the clock is not running: nothing can be read while paused, and after the answer or
 * the time limit the workspace is closed (main refuses browsing then too).
 */
/** `onLeave` absent: inside a participant's kiosk, where the kiosk's own Next follows the answer. */
export function RunCover({ run, onLeave }: { run: RunView; onLeave?: (() => void) | undefined }) {
  const pause = run.pauses[run.pauses.length - 1];
  return (
    <div className="sk-cover" role="status">
      <div className="sk-cover-card">
        {run.status === 'paused' && run.pausedBy === 'experimenter' ? (
          <>
            <h2>Paused by the experimenter</h2>
            {pause ? (
              <p>
                Reason: <strong>{shownReason(pause.reason)}</strong>
              </p>
            ) : null}
            <p>Your clock is stopped and this time does not count. The experimenter will resume the task; please wait.</p>
          </>
        ) : run.status === 'paused' ? (
          <>
            <h2>Paused</h2>
            <p>
              The clock is stopped{pause ? ` (${pause.reason})` : ''}. The workspace is hidden until you press <strong>Resume</strong>.
            </p>
          </>
        ) : null}
        {run.status === 'time_up' ? (
          <>
            <h2>Time is up</h2>
            <p>The workspace is closed. Press <strong>Answer…</strong> to give your answer; it is marked as late.</p>
          </>
        ) : null}
        {run.status === 'submitted' && run.answer ? (
          <>
            <h2>Your answer was recorded</h2>
            <blockquote className="sk-recorded-answer">{run.answer.text}</blockquote>
            <p className="muted small">
              Recorded at {new Date(run.answer.at).toLocaleTimeString()}
              {run.answer.late ? ' (after the time limit)' : ''}. Thank you.
            </p>
            {onLeave ? <button onClick={onLeave}>Back to the study</button> : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
