import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { AuditItem } from '../../../shared/contract/audit';
import { words } from '../labelling/format';
import { useAudit } from './useAudit';

/**
 * An auditor's blind queue (issue 27): the conversation up to a labelled message and the task's labels, never the
 * label it got, who gave it or how the run ended. The labelling screen's keys: 1–n choose, Enter confirms, Undo.
 */
export function AuditQueueScreen({ studyKey, auditor }: { studyKey: string; auditor: string }) {
  const s = useAudit(studyKey, auditor);
  const { view, current, cursor } = s;
  const itemArea = useRef<HTMLDivElement>(null);
  const focusItem = () => itemArea.current?.focus();
  if (!view) {
    return s.error ? (
      <div className="banner banner-error" role="alert">
        <span>{s.error.message}</span>
      </div>
    ) : (
      <p className="muted">Opening the audit…</p>
    );
  }
  const answer = current ? view.answers[current.itemId] : undefined;
  return (
    <section className="lab" aria-labelledby="audit-title">
      <div className="lab-head">
        <div>
          <h1 id="audit-title">Label audit: {view.studyTitle}</h1>
          <p className="muted small">
            Auditor <strong>{view.auditor}</strong> · every label is saved as you give it; you can stop and come back
          </p>
        </div>
        <div className="lab-progress" aria-label="Progress">
          <div>
            <strong>{cursor < view.queue.length ? `Message ${cursor + 1} of ${view.queue.length}` : 'Finished'}</strong>
            <span className="muted small">
              {' '}
              · {view.progress.done}/{view.progress.total} labelled
            </span>
          </div>
          <progress max={view.progress.total || 1} value={view.progress.done} />
        </div>
      </div>
      {s.error ? (
        <div className="banner banner-error" role="alert">
          <span>{s.error.message}</span>
          <button className="link" onClick={s.dismissError}>
            Dismiss
          </button>
        </div>
      ) : null}
      <div className="lab-item-area" ref={itemArea} tabIndex={-1} role="group" aria-label="Current message">
        {!current ? (
          <div className="lab-done" role="status">
            <h2>{view.queue.length === 0 ? 'Nothing to audit yet.' : `All ${view.queue.length} messages have a label. Thank you!`}</h2>
            <p>{view.queue.length === 0 ? 'Messages appear here as participants finish their runs.' : 'You can go back to change a label, or undo the last one. Your labels are saved.'}</p>
          </div>
        ) : (
          <>
            {answer ? <p className="lab-answered small">Your label now: {words(answer.label)}. Choose again to change it.</p> : null}
            <AuditItemPanel key={`${current.itemId}|${answer?.at ?? 'open'}`} item={current} given={answer?.label} onConfirm={s.confirm} focusItem={focusItem} />
          </>
        )}
      </div>
      <div className="lab-toolbar">
        <button onClick={s.back} disabled={cursor === 0}>
          ← Back
        </button>
        <button
          onClick={() => {
            focusItem();
            s.undo();
          }}
          disabled={!view.lastAction}
        >
          Undo last label
        </button>
      </div>
    </section>
  );
}

function AuditItemPanel({ item, given, onConfirm, focusItem }: { item: AuditItem; given: string | undefined; onConfirm(label: string, ms: number): void; focusItem(): void }) {
  const [selected, setSelected] = useState(given);
  // The key's choice as of the last key, not the last render: a fast "1, Enter" must confirm what "1" chose.
  const chosen = useRef(selected);
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);
  const choose = (label: string | undefined) => {
    chosen.current = label;
    setSelected(label);
  };
  const confirm = () => {
    if (chosen.current) onConfirm(chosen.current, Math.round(performance.now() - shownAt.current));
  };
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (target.closest('textarea, input')) return;
      const onToolbar = target.tagName === 'BUTTON' && !target.classList.contains('lab-choice');
      if (e.key === 'Enter') {
        if (onToolbar) return;
        e.preventDefault();
        confirm();
        return;
      }
      const n = Number(e.key);
      if (Number.isInteger(n) && n >= 1 && n <= item.labels.length) {
        if (onToolbar) focusItem();
        choose(item.labels[n - 1]?.id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  const target = item.conversation.at(-1);
  return (
    <div className="lab-main">
      <div className="lab-item">
        <p className="lab-dimension audit-task">Task: {item.taskTitle}</p>
        <ol className="lab-chat" aria-label="Conversation">
          {item.conversation.slice(0, -1).map((m, i) => (
            <li key={i} className="lab-line">
              <span className="lab-seat">
                {m.seat}
                {m.you ? ' (participant)' : ''} → {m.to}
              </span>{' '}
              {m.text}
            </li>
          ))}
          {target ? (
            <li className="lab-line lab-target" aria-label="Message to label">
              <span className="lab-target-tag">Label this message</span>
              <span className="lab-seat">
                {target.seat} (participant) → {target.to}
              </span>{' '}
              {target.text}
            </li>
          ) : null}
        </ol>
      </div>
      <aside className="lab-side">
        <h2 className="lab-side-title">Choose a label</h2>
        <div className="lab-choices" role="radiogroup" aria-label="Labels">
          {item.labels.map((l, i) => (
            <button key={l.id} role="radio" aria-checked={selected === l.id} className={`lab-choice${selected === l.id ? ' lab-chosen' : ''}`} onClick={() => choose(l.id)}>
              <kbd>{i + 1}</kbd>
              <span className="lab-choice-text">
                <strong>{words(l.id)}</strong>
                <span className="lab-definition">{l.definition}</span>
              </span>
            </button>
          ))}
        </div>
        <button className="primary lab-confirm" disabled={!selected} onClick={confirm}>
          Confirm and next <kbd>Enter</kbd>
        </button>
        <p className="muted small">Keys: 1–{item.labels.length} choose a label, Enter confirms.</p>
      </aside>
    </div>
  );
}
