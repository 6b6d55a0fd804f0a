import { useEffect, useState } from 'react';
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
  useEffect(() => {
    void call(api().slackGradingQueue({ studyKey, graderId })).then((q) => q && setQueue(q));
  }, [studyKey, graderId, call]);
  const item = queue?.[0];
  const items = ticks && ticks.itemId === item?.itemId ? ticks.items : (item?.checklist?.map(() => false) ?? []);
  const setItems = (f: (all: boolean[]) => boolean[]) => item && setTicks({ itemId: item.itemId, items: f(items) });

  const grade = async (decision: { pass: boolean } | { items: boolean[] }) => {
    if (!item) return;
    setBusy(true);
    const r = await call(api().slackRecordGrade({ studyKey, itemId: item.itemId, graderId, ...decision }));
    setBusy(false);
    if (r) {
      setQueue((q) => q?.slice(1));
      setDone((n) => n + 1);
    }
  };

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
                    <input type="checkbox" checked={items[i] ?? false} onChange={(e) => setItems((all) => all.map((v, k) => (k === i ? e.target.checked : v)))} /> {c}
                  </label>
                ))}
              </fieldset>
              <button className="primary" disabled={busy} onClick={() => void grade({ items })}>
                Record ({items.filter(Boolean).length} of {items.length} met)
              </button>
            </>
          ) : (
            <div className="sk-row-actions">
              <button className="primary" disabled={busy} onClick={() => void grade({ pass: true })}>
                YES — passes
              </button>
              <button disabled={busy} onClick={() => void grade({ pass: false })}>
                NO — fails
              </button>
            </div>
          )}
        </div>
      ) : null}
    </section>
  );
}
