import { useRef } from 'react';
import { useApp } from '../state/appStore';
import { ItemPanel } from './ItemPanel';
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
  // Stays mounted while items change, so focus can be put on "the item" whichever item that becomes.
  const itemArea = useRef<HTMLDivElement>(null);
  const focusItem = () => itemArea.current?.focus();

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
      <div className="lab-item-area" ref={itemArea} tabIndex={-1} role="group" aria-label="Current item">
        {!current ? (
          <div className="lab-done" role="status">
            <h2>All {real.length} items have an answer. Thank you!</h2>
            <p>You can still go back to change an answer, or undo the last one. Your answers are saved.</p>
          </div>
        ) : (
          <>
            {current.practice ? (
              <p className="lab-practice-note">
                <strong>Practice item.</strong> It does not count. After you confirm, you will see the
                expected answer.
              </p>
            ) : null}
            {answer ? (
              <p className="lab-answered small">
                Your answer now: {describeAnswer(answer)}. Choose again to change it.
              </p>
            ) : null}
            <ItemPanel
              key={`${cursor}|${answer?.at ?? 'open'}`}
              view={view}
              labelling={s}
              focusItem={focusItem}
            />
          </>
        )}
      </div>
      <div className="lab-toolbar">
        <button onClick={s.back} disabled={cursor === 0}>
          ← Back
        </button>
        <button
          onClick={() => {
            // Focus leaves Undo at once: a following "1, Enter" labels the item instead of undoing again.
            focusItem();
            s.undo();
          }}
          disabled={!view.lastAction}
        >
          Undo last answer
        </button>
      </div>
    </section>
  );
}

function describeAnswer(a: LabellingView['answers'][string]): string {
  if (a.kind === 'label') {
    const graded = Object.values(a.checklist ?? {});
    const yes = graded.filter((v) => v === 'YES').length;
    return graded.length ? `${words(a.label)}, checklist ${yes} of ${graded.length} YES` : words(a.label);
  }
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
