import { useEffect, useRef, useState } from 'react';
import type { GradingItem } from '../../../../shared/contract/slack';
import { useGradingKeys } from './gradingKeys';

export type Decision = { pass: boolean } | { items: boolean[] };

const modeHelp: Record<GradingItem['mode'], string> = {
  match: 'Does the answer give the reference answer (the same facts, in any words)?',
  abstention: 'The question cannot be answered from the workspace. Does the answer decline and say why, without making something up?',
  checklist: 'Say for each item whether the answer covers it.',
};

/**
 * One answer to grade (or to re-grade, with a reason): the answer beside the reference, and the decision made with
 * the keys the screen lists. A checklist with no item met is recorded only after a second Enter.
 */
export function GradePanel(props: {
  item: GradingItem;
  /** The grade being revised; a revision also asks for a reason. */
  revising?: Decision;
  busy: boolean;
  onRecord(decision: Decision, reason?: string): void;
  onCancel?(): void;
}) {
  const { item, revising } = props;
  const size = item.checklist?.length ?? 0;
  const [pass, setPass] = useState<boolean | undefined>(revising && 'pass' in revising ? revising.pass : undefined);
  const [items, setItemsRaw] = useState<boolean[]>(revising && 'items' in revising ? revising.items : Array.from({ length: size }, () => false));
  const [cursor, setCursor] = useState(0);
  const [confirmNone, setConfirmNone] = useState(false);
  const [reason, setReason] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const checklist = item.mode === 'checklist';
  const met = items.filter(Boolean).length;

  // A new answer (or a revision opened) takes the focus, so the keys act on it at once.
  useEffect(() => heading.current?.focus(), [item.itemId]);

  const setItems = (next: boolean[]) => {
    setItemsRaw(next);
    setConfirmNone(false);
  };
  const record = () => {
    if (props.busy) return;
    if (!checklist) {
      if (pass !== undefined) props.onRecord({ pass }, revising ? reason : undefined);
      return;
    }
    // "0 of 4 met" is a real grade but also what an untouched checklist looks like: ask once more.
    if (met === 0 && !confirmNone) return setConfirmNone(true);
    props.onRecord({ items }, revising ? reason : undefined);
  };

  useGradingKeys(item, {
    yesNo: (yes) => {
      if (!checklist) return setPass(yes);
      setItems(items.map((v, k) => (k === cursor ? yes : v)));
      setCursor(Math.min(cursor + 1, size - 1));
    },
    toggle: (i) => {
      setItems(items.map((v, k) => (k === i ? !v : v)));
      setCursor(i);
    },
    move: (by) => setCursor(Math.max(0, Math.min(size - 1, cursor + by))),
    record,
    cancel: () => (confirmNone ? setConfirmNone(false) : props.onCancel?.()),
  });

  return (
    <div className="sk-grade-item">
      <p className="muted small">
        Query <code>{item.queryId}</code> · {item.category}
      </p>
      <h2 ref={heading} tabIndex={-1}>
        {revising ? 'Revising your grade: ' : ''}
        {item.query}
      </h2>
      {item.settles ? (
        <p className="banner banner-notice">This answer&rsquo;s two graders differ, and your grade settles it. Their grades are not shown to you.</p>
      ) : null}
      <div className="sk-grade-cols">
        <div>
          <h3>Answer</h3>
          <blockquote className="sk-grade-answer" aria-label="Answer to grade">
            {item.answer}
          </blockquote>
        </div>
        <div>
          <h3>Reference</h3>
          <blockquote className="sk-grade-ref">{item.reference}</blockquote>
          {item.guideline ? (
            <p className="small">
              <strong>Guideline:</strong> {item.guideline}
            </p>
          ) : null}
        </div>
      </div>
      <p>{modeHelp[item.mode]}</p>
      {checklist && item.checklist ? (
        <>
          <fieldset className="reasons sk-checklist">
            <legend>Checklist</legend>
            {item.checklist.map((c, i) => (
              <label key={i} className={i === cursor ? 'sk-current' : undefined} aria-current={i === cursor ? 'true' : undefined}>
                <input type="checkbox" checked={items[i] ?? false} onChange={(e) => setItems(items.map((v, k) => (k === i ? e.target.checked : v)))} />{' '}
                {i < 9 ? <kbd aria-hidden="true">{i + 1}</kbd> : null} {c} <span className="muted small">{items[i] ? '— met' : '— not met'}</span>
              </label>
            ))}
          </fieldset>
          {confirmNone ? (
            <p className="banner banner-warning" role="alert">
              No item is met. Press <kbd>Enter</kbd> again to record 0 of {size} met, or <kbd>Esc</kbd> to go back.
            </p>
          ) : null}
          <p className="muted small sk-keys" aria-live="polite">
            Keys: <kbd>Y</kbd> met · <kbd>N</kbd> not met (then the next item) · <kbd>↑</kbd> <kbd>↓</kbd> move · <kbd>1</kbd>–<kbd>{Math.min(9, size)}</kbd> tick or
            untick · <kbd>Enter</kbd> record. Item {cursor + 1} of {size} is current.
          </p>
        </>
      ) : (
        <>
          <div className="sk-row-actions">
            <button className={`primary${pass === true ? ' sk-chosen' : ''}`} disabled={props.busy} aria-pressed={pass === true} onClick={() => (revising ? setPass(true) : props.onRecord({ pass: true }))}>
              YES — passes
            </button>
            <button className={pass === false ? 'sk-chosen' : undefined} disabled={props.busy} aria-pressed={pass === false} onClick={() => (revising ? setPass(false) : props.onRecord({ pass: false }))}>
              NO — fails
            </button>
          </div>
          <p className="muted small sk-keys" aria-live="polite">
            {pass === undefined ? (
              <>
                Keys: <kbd>Y</kbd> passes · <kbd>N</kbd> fails · then <kbd>Enter</kbd> to record
              </>
            ) : (
              <>
                Chosen: <strong>{pass ? 'YES — passes' : 'NO — fails'}</strong>. {revising ? 'Say why below, then press ' : 'Press '}
                <kbd>Enter</kbd> to record it, or <kbd>{pass ? 'N' : 'Y'}</kbd> to change.
              </>
            )}
          </p>
        </>
      )}
      {revising ? (
        <form
          className="sk-revise"
          onSubmit={(e) => {
            e.preventDefault();
            record();
          }}
        >
          <label>
            Why does the grade change? (required; kept with the grade){' '}
            <input value={reason} onChange={(e) => setReason(e.target.value)} aria-label="Reason for the revision" maxLength={500} size={60} />
          </label>
          <div className="sk-row-actions">
            <button className="primary" type="submit" disabled={props.busy}>
              Record the revision{checklist ? ` (${met} of ${size} met)` : ''}
            </button>
            <button type="button" onClick={props.onCancel}>
              Cancel
            </button>
          </div>
        </form>
      ) : checklist ? (
        <button className="primary" disabled={props.busy} onClick={record}>
          Record ({met} of {size} met)
        </button>
      ) : null}
    </div>
  );
}
