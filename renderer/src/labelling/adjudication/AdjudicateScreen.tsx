import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppError } from '../../../../shared/result';
import { api } from '../../api/client';
import { ItemCard, LabelChoices, labelDefinitions } from '../ItemCard';
import { words } from '../format';
import type { AdjudicationView } from '../judges/types';
import '../judges/judges.css';

/**
 * The adjudicator's page: the items the raters disagree on, one at a time, with the labels they chose (not who
 * chose which) and never the judges. A decision is shown as made only once main has it on disk.
 */
export function AdjudicateScreen({ studyKey, adjudicator }: { studyKey: string; adjudicator: string }) {
  const [view, setView] = useState<AdjudicationView>();
  const [error, setError] = useState<AppError>();
  const [index, setIndex] = useState(0);
  // What the adjudicator has chosen (not yet confirmed) on one item; another item starts from its saved decision.
  const [draft, setDraft] = useState<{ itemId: string; label?: string; note: string }>();
  const [saving, setSaving] = useState(false);
  const shownAt = useRef(0);
  const itemArea = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    void api()
      .openAdjudication({ studyKey, adjudicator })
      .then((r) => {
        if (!live) return;
        if (!r.ok) return setError(r.error);
        setView(r.value);
        const first = r.value.queue.findIndex((q) => !q.decided);
        setIndex(first < 0 ? 0 : first);
      });
    return () => {
      live = false;
    };
  }, [studyKey, adjudicator]);

  const current = view?.queue[index];
  const mine = draft && current && draft.itemId === current.item.id ? draft : undefined;
  const selected = mine ? mine.label : current?.decided?.label;
  const note = mine ? mine.note : (current?.decided?.note ?? '');
  // Enter confirms what the last key chose, even before React has re-rendered for it (a fast "1, Enter").
  const chosen = useRef<{ itemId: string; label: string }>(undefined);
  const setSelected = (label: string | undefined) => {
    if (!current || !label) return;
    chosen.current = { itemId: current.item.id, label };
    setDraft({ itemId: current.item.id, label, note });
  };
  const setNote = (text: string) => current && setDraft({ itemId: current.item.id, ...(selected ? { label: selected } : {}), note: text });
  useEffect(() => {
    shownAt.current = performance.now();
  }, [current?.item.id]);

  const confirm = useCallback(async () => {
    const label = chosen.current?.itemId === current?.item.id ? chosen.current?.label : selected;
    if (!view || !current || !label || saving) return;
    setSaving(true);
    const r = await api().adjudicate({
      sessionId: view.sessionId,
      itemId: current.item.id,
      label,
      ms: Math.round(performance.now() - shownAt.current),
      ...(note.trim() ? { note: note.trim() } : {}),
    });
    setSaving(false);
    if (!r.ok) return setError(r.error);
    setError(undefined);
    setView(r.value);
    const next = r.value.queue.findIndex((q, i) => i > index && !q.decided);
    const any = r.value.queue.findIndex((q) => !q.decided);
    setIndex(next >= 0 ? next : any >= 0 ? any : index);
    itemArea.current?.focus();
  }, [view, current, selected, note, saving, index]);
  const select = useRef(setSelected);
  useEffect(() => {
    select.current = setSelected;
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
      if (!current) return;
      const labels = labelDefinitions(current.item).map((l) => l.label);
      const n = Number(e.key);
      if (Number.isInteger(n) && n >= 1 && n <= labels.length) {
        select.current(labels[n - 1]);
        e.preventDefault();
      } else if (e.key === 'Enter' && target?.tagName !== 'BUTTON') {
        e.preventDefault();
        void confirm();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, confirm]);

  if (!view)
    return error ? (
      <p className="problems" role="alert">
        {error.message}
      </p>
    ) : (
      <p className="muted">Opening the adjudication…</p>
    );
  return (
    <section className="lab jv-adjudicate" aria-labelledby="adj-page-title">
      <div className="lab-head">
        <div>
          <h1 id="adj-page-title">Adjudication: {view.studyTitle}</h1>
          <p className="muted small">
            Adjudicator <strong>{view.adjudicator}</strong> · each decision is saved as you confirm it
          </p>
        </div>
        <p aria-label="Progress" className="small">
          {view.done}/{view.total} resolved
        </p>
      </div>
      <p className="small">
        The raters disagreed on these items. You see the labels they chose, not who chose which. Choose the label you judge right (it need not be one of
        theirs): keys 1–{current ? labelDefinitions(current.item).length : 3} choose, Enter confirms.
      </p>
      {error ? (
        <div className="banner banner-error" role="alert">
          <span>{error.message}</span>
        </div>
      ) : null}
      {view.total === 0 ? (
        <p role="status">The raters agree on every item they both labelled: nothing to resolve.</p>
      ) : current ? (
        <div className="lab-item-area" ref={itemArea} tabIndex={-1} role="group" aria-label="Current item">
          <p className="small">
            Item {index + 1} of {view.total}
            {current.decided ? ` · resolved as ${words(current.decided.label)}` : ''}
          </p>
          <ItemCard item={current.item} tag="Resolve this message" />
          <p className="jv-given" aria-label="Labels the raters chose">
            The raters chose: <strong>{current.shown.map(words).join(' and ')}</strong>
          </p>
          <LabelChoices item={current.item} selected={selected} onSelect={setSelected} disabled={saving} />
          <label className="jv-note">
            Note (optional) <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} />
          </label>
          <div className="lab-row">
            <button onClick={() => setIndex(Math.max(0, index - 1))} disabled={index === 0}>
              Previous
            </button>
            <button className="primary" onClick={() => void confirm()} disabled={!selected || saving}>
              Confirm {selected ? words(selected) : ''}
            </button>
            <button onClick={() => setIndex(Math.min(view.total - 1, index + 1))} disabled={index >= view.total - 1}>
              Next
            </button>
          </div>
          {view.done === view.total ? <p role="status">All {view.total} disagreements are resolved. Thank you!</p> : null}
        </div>
      ) : null}
    </section>
  );
}
