import { useEffect, useRef, useState } from 'react';
import { useApp } from '../state/appStore';
import { ItemCard, LabelChoices, labelDefinitions } from './ItemCard';
import { NoteForm } from './NoteForm';
import { words } from './format';
import { useLabelling } from './useLabelling';
import type { LabellingView } from './types';

/**
 * A rater's blind labelling session. Nothing here can reach the agreement report, and the items come
 * from main already stripped of judge labels.
 */
export function LabellingScreen({ studyKey, rater }: { studyKey: string; rater: string }) {
  const s = useLabelling(studyKey, rater);
  const openStudy = useApp((a) => a.openStudy);
  const { view, current, cursor } = s;
  const answer = current ? view?.answers[current.item.id] : undefined;

  const exit = () => void openStudy(studyKey);
  if (!view) {
    return s.error ? (
      <LoadProblem message={s.error.message} onExit={exit} />
    ) : (
      <p className="muted">Opening the session…</p>
    );
  }
  const practice = view.queue.filter((q) => q.practice);
  const real = view.queue.filter((q) => !q.practice);
  return (
    <section className="lab" aria-labelledby="lab-title">
      <div className="lab-head">
        <div>
          <h1 id="lab-title">{view.studyTitle}</h1>
          <p className="muted small">
            Rater <strong>{view.rater}</strong> · every answer is saved as you give it
          </p>
        </div>
        <Progress view={view} cursor={cursor} practiceCount={practice.length} />
        <button onClick={exit}>Save and exit</button>
      </div>
      {s.error ? (
        <div className="banner banner-error" role="alert">
          <span>{s.error.message}</span>
          <button className="link" onClick={s.dismissError}>
            Dismiss
          </button>
        </div>
      ) : null}
      {!current ? (
        <div className="lab-done" role="status">
          <h2>All {real.length} items have an answer. Thank you!</h2>
          <p>You can still go back to change an answer, or undo the last one. Your answers are saved.</p>
        </div>
      ) : (
        <>
          {current.practice ? (
            <p className="lab-practice-note">
              <strong>Practice item.</strong> It does not count. After you confirm, you will see the expected
              answer.
            </p>
          ) : null}
          {answer ? (
            <p className="lab-answered small">
              Your answer now: {describeAnswer(answer)}. Choose again to change it.
            </p>
          ) : null}
          <ItemPanel key={`${cursor}|${answer?.at ?? 'open'}`} view={view} labelling={s} />
        </>
      )}
      <div className="lab-toolbar">
        <button onClick={s.back} disabled={cursor === 0}>
          ← Back
        </button>
        <button onClick={s.undo} disabled={!view.lastAction}>
          Undo last answer
        </button>
      </div>
    </section>
  );
}

/**
 * One item on screen, mounted afresh for every item shown: its time runs from mount to confirm, and
 * the choice starts from the rater's current answer.
 */
function ItemPanel({
  view,
  labelling: s,
}: {
  view: LabellingView;
  labelling: ReturnType<typeof useLabelling>;
}) {
  const current = s.current!;
  const answer = view.answers[current.item.id];
  const [selected, setSelected] = useState(answer?.kind === 'label' ? answer.label : undefined);
  const [noting, setNoting] = useState<'skip' | 'flag' | null>(null);
  const shownAt = useRef(0);
  const labels = labelDefinitions(current.item);
  const feedbackFor = s.feedbackFor;
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);
  const confirm = () => selected && s.confirm(selected, Math.round(performance.now() - shownAt.current));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (noting || target.closest('textarea, input')) return;
      // Enter on a focused toolbar button activates that button, not the label.
      if (e.key === 'Enter' && target.tagName === 'BUTTON' && !target.classList.contains('lab-choice'))
        return;
      if (e.key === 'Enter') {
        e.preventDefault();
        if (feedbackFor) s.continueAfterFeedback();
        else confirm();
        return;
      }
      const n = Number(e.key);
      if (!feedbackFor && Number.isInteger(n) && n >= 1 && n <= labels.length)
        setSelected(labels[n - 1]?.label);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <>
      <div className="lab-main">
        <ItemCard item={current.item} />
        <aside className="lab-side">
          <h2 className="lab-side-title">Choose a label</h2>
          <LabelChoices
            item={current.item}
            selected={selected}
            onSelect={setSelected}
            disabled={!!feedbackFor}
          />
          {feedbackFor ? (
            <Feedback view={view} itemId={feedbackFor} onContinue={s.continueAfterFeedback} />
          ) : (
            <button className="primary lab-confirm" disabled={!selected} onClick={confirm}>
              Confirm and next <kbd>Enter</kbd>
            </button>
          )}
          <p className="muted small">Keys: 1–{labels.length} choose a label, Enter confirms.</p>
          {feedbackFor ? null : (
            <div className="lab-row">
              <button onClick={() => setNoting('skip')}>Skip…</button>
              <button onClick={() => setNoting('flag')}>Flag…</button>
            </div>
          )}
        </aside>
      </div>
      {noting ? (
        <NoteForm kind={noting} onCancel={() => setNoting(null)} onSubmit={(note) => s.note(noting, note)} />
      ) : null}
    </>
  );
}

function describeAnswer(a: LabellingView['answers'][string]): string {
  if (a.kind === 'label') return words(a.label);
  return `${a.kind === 'skip' ? 'skipped' : 'flagged'} (“${a.note}”)`;
}

function Progress({
  view,
  cursor,
  practiceCount,
}: {
  view: LabellingView;
  cursor: number;
  practiceCount: number;
}) {
  const { done, total, practiceDone, practiceTotal } = view.progress;
  const onPractice = cursor < practiceCount;
  const position = onPractice
    ? `Practice ${cursor + 1} of ${practiceTotal}`
    : cursor < view.queue.length
      ? `Item ${cursor - practiceCount + 1} of ${total}`
      : 'Finished';
  return (
    <div className="lab-progress" aria-label="Progress">
      <div>
        <strong>{position}</strong>
        <span className="muted small">
          {' '}
          · {done}/{total} answered{practiceTotal ? ` · practice ${practiceDone}/${practiceTotal}` : ''}
        </span>
      </div>
      <progress max={total || 1} value={done} />
    </div>
  );
}

function Feedback({ view, itemId, onContinue }: { view: LabellingView; itemId: string; onContinue(): void }) {
  const expected = view.practiceAnswers[itemId];
  const given = view.answers[itemId];
  const right = given?.kind === 'label' && given.label === expected?.answer;
  return (
    <div className={`lab-feedback ${right ? 'lab-right' : 'lab-wrong'}`} role="status">
      <strong>
        {right
          ? 'Yes — that is the expected label.'
          : `The expected label is “${words(expected?.answer ?? '?')}”.`}
      </strong>
      {expected?.why ? <p>{expected.why}</p> : null}
      <button className="primary" onClick={onContinue} autoFocus>
        Continue <kbd>Enter</kbd>
      </button>
    </div>
  );
}

function LoadProblem({ message, onExit }: { message: string; onExit(): void }) {
  return (
    <section className="lab">
      <div className="banner banner-error" role="alert">
        <span>{message}</span>
      </div>
      <button onClick={onExit}>← Back to the study</button>
    </section>
  );
}
