import { useCallback, useEffect, useRef, useState } from 'react';
import type { GradingItem, MyGrade } from '../../../../shared/contract/slack';
import { api } from '../../api/client';
import { useApp } from '../../state/appStore';
import { ErrorLine, useCall } from '../useCall';
import { GradePanel, type Decision } from './GradePanel';
import { MyGrades } from './MyGrades';

/**
 * Blind grading: one answer at a time from this grader's own queue, against the reference, with no hint of who wrote
 * it, which run it was or how anyone else graded it; below, the grader's own grades, each of which they may revise.
 * `link`: the page of a grader's own link (no way back to the researcher's screens).
 */
export function GraderScreen({ studyKey, graderId, link = false }: { studyKey: string; graderId: string; link?: boolean }) {
  const navigate = useApp((s) => s.navigate);
  const { error, call, clearError, setError } = useCall();
  const [queue, setQueue] = useState<GradingItem[] | undefined>();
  const [mine, setMine] = useState<MyGrade[]>([]);
  const [revising, setRevising] = useState<MyGrade | undefined>();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | undefined>();
  const [perAnswer, setPerAnswer] = useState<1 | 2 | undefined>();
  const recording = useRef(false);
  useEffect(() => {
    void api()
      .slackGraderRole({ studyKey, graderId })
      .then((r) => r.ok && setPerAnswer(r.value.gradersPerAnswer));
  }, [studyKey, graderId]);

  const load = useCallback(
    () =>
      Promise.all([call(api().slackGradingQueue({ studyKey, graderId })), call(api().slackMyGrades({ studyKey, graderId }))]).then(([q, m]) => {
        if (q) setQueue(q);
        if (m) setMine(m);
      }),
    [studyKey, graderId, call],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const item = revising ?? queue?.[0];

  const record = async (decision: Decision, reason?: string) => {
    if (!item || recording.current) return;
    recording.current = true;
    setBusy(true);
    clearError();
    const args = { studyKey, itemId: item.itemId, graderId, ...decision };
    const r = revising ? await call(api().slackReviseGrade({ ...args, reason: reason ?? '' })) : await call(api().slackRecordGrade(args));
    recording.current = false;
    setBusy(false);
    if (r) {
      setNote(revising ? `Your revised grade of ${item.queryId} is recorded; the earlier one is kept.` : undefined);
      setRevising(undefined);
    }
    // Whatever happened (another grader may have taken the answer), show the queue as it now stands.
    await load();
  };

  const startRevising = (g: MyGrade) => {
    clearError();
    setNote(undefined);
    setRevising(g);
  };

  return (
    <section className="sk-grader" aria-labelledby="grader-title">
      {link ? null : (
        <button className="link back" onClick={() => navigate({ screen: 'slack-results', studyKey })}>
          ← Results
        </button>
      )}
      <h1 id="grader-title">Grading as {graderId}</h1>
      <p className="muted small" aria-label="Grading progress">
        {mine.length} graded by you{queue ? ` · ${queue.length} to go` : ''}
      </p>
      <ErrorLine error={error} onDismiss={() => setError(undefined)} />
      {note ? (
        <p className="banner banner-notice" role="status">
          {note}
        </p>
      ) : null}
      {queue && !item ? (
        <p className="banner banner-notice">
          Nothing left for you to grade. Thank you.
          {perAnswer === 1 ? (
            <span className="small">
              This study has one grader per answer, so an answer someone has graded is not offered again. To have every answer graded by two people,
              set <code>grading: {'{ graders_per_answer: 2 }'}</code> in its study.yaml.
            </span>
          ) : null}
        </p>
      ) : null}
      {item ? (
        <GradePanel
          key={`${revising ? 'revise' : 'grade'}:${item.itemId}`}
          item={item}
          busy={busy}
          {...(revising ? { revising: revising.grade.items ? { items: revising.grade.items } : { pass: revising.grade.pass } } : {})}
          onRecord={(d, reason) => void record(d, reason)}
          onCancel={() => setRevising(undefined)}
        />
      ) : null}
      <MyGrades grades={mine} onRevise={startRevising} busy={busy} />
    </section>
  );
}
