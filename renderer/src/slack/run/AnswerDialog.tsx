import { useState } from 'react';

interface Props {
  late: boolean;
  busy: boolean;
  onSubmit(answer: string): void;
  onCancel(): void;
}

/** The answer, then a confirmation: an answer cannot be changed once it is recorded. */
export function AnswerDialog({ late, busy, onSubmit, onCancel }: Props) {
  const [answer, setAnswer] = useState('');
  const [confirming, setConfirming] = useState(false);
  const text = answer.trim();
  return (
    <div className="dialog-backdrop">
      <div className="dialog sk-answer-dialog" role="dialog" aria-modal="true" aria-labelledby="answer-title">
        <h2 id="answer-title">Your answer</h2>
        {late ? <p className="warning">The time is up. You can still answer; the answer is marked as late.</p> : null}
        <label className="answer">
          Write the answer as you would send it to the person who asked. If the workspace cannot answer the question,
          say so and why.
          <textarea
            aria-label="Your answer"
            rows={8}
            value={answer}
            disabled={confirming}
            onChange={(e) => setAnswer(e.target.value)}
            autoFocus
          />
        </label>
        {confirming ? (
          <p className="warning" role="alert">
            Once submitted, the answer is recorded and cannot be changed, and this query ends. Submit it now?
          </p>
        ) : null}
        <div className="dialog-actions">
          <button onClick={confirming ? () => setConfirming(false) : onCancel} disabled={busy}>
            {confirming ? 'Edit the answer' : 'Keep searching'}
          </button>
          {confirming ? (
            <button className="primary" disabled={busy} onClick={() => onSubmit(text)}>
              {busy ? 'Submitting…' : 'Yes, submit'}
            </button>
          ) : (
            <button className="primary" disabled={!text} onClick={() => setConfirming(true)}>
              Submit…
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
