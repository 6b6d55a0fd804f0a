import { useState } from 'react';
import type { TeamView } from '../../../shared/team/viewSchema';

const DEAL_ITEMS = ['Food', 'Water', 'Firewood'];

interface Props {
  view: TeamView;
  busy: boolean;
  onSubmit(answer: string | Record<string, number> | undefined): void;
  onCancel(): void;
}

/** The last step: an answer (or, for a split, how many packages you keep), then a confirmation. */
export function SubmitDialog({ view, busy, onSubmit, onCancel }: Props) {
  const splitTask = view.deal !== null && !view.deal.proposal;
  const [answer, setAnswer] = useState('');
  const [split, setSplit] = useState<Record<string, number>>(Object.fromEntries(DEAL_ITEMS.map((i) => [i, 0])));
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="submit-title">
        <h2 id="submit-title">Submit your work</h2>
        {splitTask ? (
          <fieldset className="split">
            <legend>How many packages of each does your camp keep? (3 of each in all)</legend>
            {DEAL_ITEMS.map((item) => (
              <label key={item}>
                {item}
                <select aria-label={`${item} you keep`} value={split[item]} onChange={(e) => setSplit({ ...split, [item]: Number(e.target.value) })}>
                  {[0, 1, 2, 3].map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </fieldset>
        ) : (
          <label className="answer">
            Your answer or summary
            <textarea aria-label="Your answer or summary" rows={4} value={answer} onChange={(e) => setAnswer(e.target.value)} />
          </label>
        )}
        {busy ? (
          <p className="muted" role="status">
            Submitting…
          </p>
        ) : confirming ? (
          <p className="warning" role="alert">
            After submitting you cannot send messages or change files. Submit now?
          </p>
        ) : null}
        <div className="dialog-actions">
          <button onClick={onCancel} disabled={busy}>
            Keep working
          </button>
          {confirming ? (
            <button className="primary" disabled={busy} onClick={() => onSubmit(splitTask ? split : answer.trim() || undefined)}>
              Yes, submit
            </button>
          ) : (
            <button className="primary" onClick={() => setConfirming(true)}>
              Submit…
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
