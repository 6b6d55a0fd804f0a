import { useState } from 'react';

const reasons = ['participant break', 'technical problem', 'participant question', 'fire alarm or interruption'];

/** A pause is recorded with its reason (typed, not a free-for-all), so the run's timing can be read later. */
export function PauseDialog({ onPause, onCancel }: { onPause(reason: string): void; onCancel(): void }) {
  const [reason, setReason] = useState(reasons[0]!);
  const [other, setOther] = useState('');
  const chosen = reason === 'other' ? other.trim() : reason;
  return (
    <div className="dialog-backdrop">
      <form
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="pause-title"
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen) onPause(chosen);
        }}
      >
        <h2 id="pause-title">Pause the session</h2>
        <fieldset className="reasons">
          <legend>Reason (recorded with the run)</legend>
          {[...reasons, 'other'].map((r) => (
            <label key={r}>
              <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} /> {r}
            </label>
          ))}
          {reason === 'other' ? <input aria-label="Other reason" value={other} onChange={(e) => setOther(e.target.value)} autoFocus /> : null}
        </fieldset>
        <div className="dialog-actions">
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button className="primary" type="submit" disabled={!chosen}>
            Pause
          </button>
        </div>
      </form>
    </div>
  );
}
