import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { GradingItem } from '../../../../shared/contract/slack';
import { api } from '../../api/client';
import { useApp } from '../../state/appStore';
import { ErrorLine, useCall } from '../useCall';

const modeHelp: Record<GradingItem['mode'], string> = {
  match: 'Does the answer give the reference answer (the same facts, in any words)?',
  abstention: 'The question cannot be answered from the workspace. Does the answer decline and say why, without making something up?',
  checklist: 'Tick each item the answer covers.',
};

/** Blind grading: one answer at a time, against the reference, with no hint of who wrote it or which run it was. */
export function GraderScreen({ studyKey, graderId }: { studyKey: string; graderId: string }) {
  const navigate = useApp((s) => s.navigate);
  const { error, call, clearError } = useCall();
  const [queue, setQueue] = useState<GradingItem[] | undefined>();
  const [done, setDone] = useState(0);
  const [ticks, setTicks] = useState<{ itemId: string; items: boolean[] } | undefined>();
  const [busy, setBusy] = useState(false);
  /** The verdict chosen with Y or N, recorded by Enter (a key alone never records a grade). */
  const [chosen, setChosen] = useState<{ itemId: string; pass: boolean } | undefined>();
  const recording = useRef(false);
  useEffect(() => {
    void call(api().slackGradingQueue({ studyKey, graderId })).then((q) => q && setQueue(q));
  }, [studyKey, graderId, call]);
  const item = queue?.[0];
  const items = ticks && ticks.itemId === item?.itemId ? ticks.items : (item?.checklist?.map(() => false) ?? []);
  const setItems = (f: (all: boolean[]) => boolean[]) => item && setTicks({ itemId: item.itemId, items: f(items) });

  const pass = chosen && chosen.itemId === item?.itemId ? chosen.pass : undefined;

  const grade = async (decision: { pass: boolean } | { items: boolean[] }) => {
    if (!item || recording.current) return;
    recording.current = true;
    setBusy(true);
    const r = await call(api().slackRecordGrade({ studyKey, itemId: item.itemId, graderId, ...decision }));
    recording.current = false;
    setBusy(false);
    if (r) {
      setQueue((q) => q?.slice(1));
      setDone((n) => n + 1);
    }
  };

  useGradingKeys(item, {
    choose: (p) => item && setChosen({ itemId: item.itemId, pass: p }),
    toggle: (i) => setItems((all) => all.map((v, k) => (k === i ? !v : v))),
    record: () => {
      if (item?.mode === 'checklist') void grade({ items });
      else if (pass !== undefined) void grade({ pass });
    },
  });

  return (
    <section className="sk-grader" aria-labelledby="grader-title">
      <button className="link back" onClick={() => navigate({ screen: 'slack-results', studyKey })}>
        ← Results
      </button>
      <h1 id="grader-title">Grading as {graderId}</h1>
      <p className="muted small" aria-label="Grading progress">
        {done} graded{queue ? ` · ${queue.length} to go` : ''}
      </p>
      <ErrorLine error={error} onDismiss={clearError} />
      {queue && !item ? <p className="banner banner-notice">Nothing left to grade. Thank you.</p> : null}
      {item ? (
        <div className="sk-grade-item">
          <p className="muted small">
            Query <code>{item.queryId}</code> · {item.category}
          </p>
          <h2>{item.query}</h2>
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
          {item.mode === 'checklist' && item.checklist ? (
            <>
              <fieldset className="reasons">
                <legend>Checklist</legend>
                {item.checklist.map((c, i) => (
                  <label key={i}>
                    <input type="checkbox" checked={items[i] ?? false} onChange={(e) => setItems((all) => all.map((v, k) => (k === i ? e.target.checked : v)))} />{' '}
                    {i < 9 ? <kbd aria-hidden="true">{i + 1}</kbd> : null} {c}
                  </label>
                ))}
              </fieldset>
              <button className="primary" disabled={busy} onClick={() => void grade({ items })}>
                Record ({items.filter(Boolean).length} of {items.length} met)
              </button>
              <p className="muted small sk-keys">
                Keys: <kbd>1</kbd>–<kbd>{Math.min(9, item.checklist.length)}</kbd> tick or untick an item · <kbd>Enter</kbd> record
              </p>
            </>
          ) : (
            <>
              <div className="sk-row-actions">
                <button className={`primary${pass === true ? ' sk-chosen' : ''}`} disabled={busy} aria-pressed={pass === true} onClick={() => void grade({ pass: true })}>
                  YES — passes
                </button>
                <button className={pass === false ? 'sk-chosen' : undefined} disabled={busy} aria-pressed={pass === false} onClick={() => void grade({ pass: false })}>
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
                    Chosen: <strong>{pass ? 'YES — passes' : 'NO — fails'}</strong>. Press <kbd>Enter</kbd> to record it, or <kbd>{pass ? 'N' : 'Y'}</kbd> to change.
                  </>
                )}
              </p>
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}

const inField = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

/**
 * Y / N choose a verdict, 1–9 tick checklist items, Enter records. Enter on a focused button is left to the button
 * (it would record twice), and a held-down Enter records once, not one item after another.
 */
function useGradingKeys(item: GradingItem | undefined, on: { choose(pass: boolean): void; toggle(i: number): void; record(): void }) {
  // Layout effects: the keys work from the moment the item is on screen, and always see the latest ticks.
  const handlers = useRef(on);
  useLayoutEffect(() => {
    handlers.current = on;
  });
  useLayoutEffect(() => {
    if (!item) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const h = handlers.current;
      const key = e.key.toLowerCase();
      if (key === 'enter') {
        if (e.repeat || e.target instanceof HTMLButtonElement || (inField(e.target) && (e.target as HTMLInputElement).type !== 'checkbox')) return;
        e.preventDefault();
        h.record();
      } else if (inField(e.target) && (e.target as HTMLInputElement).type !== 'checkbox') {
        return;
      } else if (item.mode !== 'checklist' && (key === 'y' || key === 'n')) {
        e.preventDefault();
        h.choose(key === 'y');
      } else if (item.mode === 'checklist' && /^[1-9]$/.test(key) && Number(key) <= (item.checklist?.length ?? 0)) {
        e.preventDefault();
        h.toggle(Number(key) - 1);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [item]);
}
