import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ItemCard, LabelChoices, labelDefinitions } from './ItemCard';
import { NoteForm } from './NoteForm';
import { ChecklistChoices, checklistOf, verdictKey, type Verdict } from './ChecklistChoices';
import { words } from './format';
import type { useLabelling } from './useLabelling';
import type { LabellingView } from './types';

/**
 * One item on screen, mounted afresh for every item shown: its time runs from mount to confirm, and
 * the choice starts from the rater's current answer.
 */
export function ItemPanel({
  view,
  labelling: s,
  focusItem,
}: {
  view: LabellingView;
  labelling: ReturnType<typeof useLabelling>;
  /** Moves focus to the item, so that after a label key Enter confirms instead of pressing a toolbar button. */
  focusItem?: () => void;
}) {
  const current = s.current!;
  const answer = view.answers[current.item.id];
  const given = answer?.kind === 'label' ? answer : undefined;
  const [selected, setSelected] = useState(given?.label);
  const entries = checklistOf(current.item);
  const [grades, setGrades] = useState<Record<string, Verdict>>(given?.checklist ?? {});
  const [line, setLine] = useState(0);
  const [noting, setNoting] = useState<'skip' | 'flag' | null>(null);
  // What the keys chose, as of the last key rather than the last render: a fast "1, Enter" reaches the window
  // listener before React has re-rendered, and Enter must confirm the label that "1" chose.
  const chosen = useRef({ selected, grades, line });
  useLayoutEffect(() => {
    chosen.current = { selected, grades, line };
  }, [selected, grades, line]);
  const shownAt = useRef(0);
  const labels = labelDefinitions(current.item);
  const feedbackFor = s.feedbackFor;
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);
  const complete = !!selected && entries.every((e) => grades[e.id]);
  const confirm = () => {
    const now = chosen.current;
    if (!now.selected || !entries.every((e) => now.grades[e.id])) return;
    s.confirm(now.selected, Math.round(performance.now() - shownAt.current), entries.length ? now.grades : undefined);
  };
  const choose = (label: string | undefined) => {
    chosen.current = { ...chosen.current, selected: label };
    setSelected(label);
  };
  const grade = (at: number, v: Verdict) => {
    const entry = entries[at];
    if (entry) {
      chosen.current = { ...chosen.current, grades: { ...chosen.current.grades, [entry.id]: v } };
      setGrades((g) => ({ ...g, [entry.id]: v }));
    } else choose(v);
    const next = Math.min(at + 1, entries.length);
    chosen.current = { ...chosen.current, line: next };
    setLine(next);
  };

  // A layout effect: the key handler of this render is in place before anything else runs, so a key pressed as soon
  // as the feedback shows reaches the handler that knows about it (a passive effect left the old one attached for a
  // moment, and Enter then confirmed again instead of moving on — seen under load in the checklist test).
  useLayoutEffect(() => {
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
      if (feedbackFor) return;
      // A label key pressed while a toolbar button (Undo, Back, Skip…) has focus takes focus back to the item:
      // the Enter that follows confirms the label and can never press that button again.
      const onToolbar = target.tagName === 'BUTTON' && !target.classList.contains('lab-choice');
      const keysPath = () => onToolbar && focusItem?.();
      if (entries.length) {
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          keysPath();
          const to = Math.max(0, Math.min(entries.length, chosen.current.line + (e.key === 'ArrowDown' ? 1 : -1)));
          chosen.current = { ...chosen.current, line: to };
          setLine(to);
          return;
        }
        const v = verdictKey(e.key);
        if (v) {
          keysPath();
          grade(chosen.current.line, v);
        }
        return;
      }
      const n = Number(e.key);
      if (Number.isInteger(n) && n >= 1 && n <= labels.length) {
        keysPath();
        choose(labels[n - 1]?.label);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <>
      <div className="lab-main">
        <ItemCard item={current.item} />
        <aside className="lab-side">
          {entries.length ? (
            <>
              <h2 className="lab-side-title">Grade each checklist line, then the whole answer</h2>
              <ChecklistChoices
                entries={entries}
                grades={grades}
                overall={selected}
                line={line}
                onLine={setLine}
                onGrade={(id, v) => {
                  chosen.current = { ...chosen.current, grades: { ...chosen.current.grades, [id]: v } };
                  setGrades((g) => ({ ...g, [id]: v }));
                }}
                onOverall={choose}
                disabled={!!feedbackFor}
                {...(feedbackFor && view.practiceAnswers[feedbackFor]
                  ? { expected: view.practiceAnswers[feedbackFor] }
                  : {})}
              />
            </>
          ) : (
            <>
              <h2 className="lab-side-title">Choose a label</h2>
              <LabelChoices
                item={current.item}
                selected={selected}
                onSelect={choose}
                disabled={!!feedbackFor}
              />
            </>
          )}
          {feedbackFor ? (
            <Feedback view={view} itemId={feedbackFor} onContinue={s.continueAfterFeedback} />
          ) : (
            <button className="primary lab-confirm" disabled={!complete} onClick={confirm}>
              Confirm and next <kbd>Enter</kbd>
            </button>
          )}
          <p className="muted small">
            {entries.length
              ? 'Keys: ↑/↓ move between lines, 1 (or Y) = YES, 2 (or N) = NO, Enter confirms once every line has an answer.'
              : `Keys: 1–${labels.length} choose a label, Enter confirms.`}
          </p>
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

function Feedback({ view, itemId, onContinue }: { view: LabellingView; itemId: string; onContinue(): void }) {
  const expected = view.practiceAnswers[itemId];
  const given = view.answers[itemId];
  const right = given?.kind === 'label' && given.label === expected?.answer;
  const lines = Object.entries(expected?.checklist ?? {});
  const linesRight =
    given?.kind === 'label' ? lines.filter(([id, v]) => given.checklist?.[id] === v).length : 0;
  return (
    <div className={`lab-feedback ${right ? 'lab-right' : 'lab-wrong'}`} role="status">
      <strong>
        {right
          ? 'Yes — that is the expected label.'
          : `The expected label is “${words(expected?.answer ?? '?')}”.`}
      </strong>
      {lines.length ? (
        <p>
          Checklist: {linesRight} of {lines.length} lines as expected (marked beside each line).
        </p>
      ) : null}
      {expected?.why ? <p>{expected.why}</p> : null}
      <button className="primary" onClick={onContinue} autoFocus>
        Continue <kbd>Enter</kbd>
      </button>
    </div>
  );
}
