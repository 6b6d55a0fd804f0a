import { useEffect, useRef, useState } from 'react';
import type { TeamView } from '../../../shared/team/viewSchema';
import type { AnswerChoice as Choice } from '../../../shared/team/pack/answerChoice';
import { AnswerChoice } from './AnswerChoice';

const DEAL_ITEMS = ['Food', 'Water', 'Firewood'];

interface Props {
  view: TeamView;
  busy: boolean;
  /** A typed answer (or a split), or an offered option picked with the text as its reason (issue 23). */
  onSubmit(answer: string | Record<string, number> | undefined, choice?: Choice): void;
  onCancel(): void;
}

/** The last step: an answer (or, for a split, how many packages you keep), then a confirmation. */
export function SubmitDialog({ view, busy, onSubmit, onCancel }: Props) {
  const splitTask = view.deal !== null && !view.deal.proposal;
  const [answer, setAnswer] = useState('');
  const [split, setSplit] = useState<Record<string, number>>(Object.fromEntries(DEAL_ITEMS.map((i) => [i, 0])));
  const [confirming, setConfirming] = useState(false);
  const options = splitTask ? null : (view.answerChoice?.options ?? null);
  const [picked, setPicked] = useState<string | null>(null);
  // Enter on a radio goes to the confirmation; its button takes the focus, so Enter again submits.
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirm.current?.focus();
  }, [confirming]);
  // The dialog takes the focus when it opens (its first field: the picked radio, the answer box or the first count),
  // so a keyboard user starts in it, not on the button behind it.
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('input:checked, textarea, select')?.focus();
  }, []);
  const text = answer.trim();
  const boxLabel = picked === null ? 'Your answer or summary' : 'Your reason (optional)';
  const send = () => (picked !== null ? onSubmit(undefined, { option: picked, ...(text ? { reason: text } : {}) }) : onSubmit(splitTask ? split : text || undefined));
  return (
    <div className="dialog-backdrop">
      <div ref={dialog} className="dialog" role="dialog" aria-modal="true" aria-labelledby="submit-title">
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
          <>
            {options ? <AnswerChoice options={options} picked={picked} onPick={setPicked} onEnter={() => setConfirming(true)} /> : null}
            {/* One box: the answer in your own words, or the reason for the option picked. */}
            <label className="answer">
              {boxLabel}
              <textarea aria-label={boxLabel} rows={4} value={answer} onChange={(e) => setAnswer(e.target.value)} />
            </label>
          </>
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
            <button ref={confirm} className="primary" disabled={busy} onClick={send}>
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
