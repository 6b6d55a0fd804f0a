import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppError, Result } from '../../../shared/result';
import { api } from '../api/client';
import type { LabellingState, LabellingView } from './types';

/** The index after `from` (wrapping to the start) whose item has no answer yet; queue length when all are answered. */
export function nextOpen(view: Pick<LabellingView, 'queue' | 'answers'>, from: number): number {
  const n = view.queue.length;
  for (let step = 1; step <= n; step++) {
    const i = (from + step) % n;
    const id = view.queue[i]?.item.id;
    if (id !== undefined && !view.answers[id]) return i;
  }
  return n;
}

function sameChecklist(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
  return [...keys].every((k) => a?.[k] === b?.[k]);
}

/**
 * A rater's session on screen. The view only changes from what main returns, i.e. after the action is on
 * disk; `cursor` is the item shown (queue length once every item has an answer).
 */
export function useLabelling(studyKey: string, rater: string) {
  const [view, setView] = useState<LabellingView>();
  const [error, setError] = useState<AppError>();
  const [cursor, setCursor] = useState(0);
  /** A practice item just answered: its feedback stays up until the rater continues. */
  const [feedbackFor, setFeedbackFor] = useState<string | null>(null);
  const busy = useRef(false);

  useEffect(() => {
    let live = true;
    void api()
      .openLabelling({ studyKey, rater })
      .then((r) => {
        if (!live) return;
        if (!r.ok) return setError(r.error);
        setView(r.value);
        const at = r.value.queue.findIndex((q) => q.item.id === r.value.resumeAt);
        setCursor(at < 0 ? r.value.queue.length : at);
      });
    return () => {
      live = false;
    };
  }, [studyKey, rater]);

  /** Runs one call at a time (a held Enter key must not label twice) and applies the state main returns. */
  const run = useCallback(
    async <S extends LabellingState>(
      call: () => Promise<Result<S>>,
      then: (state: S, merged: LabellingView) => void,
    ) => {
      if (busy.current || !view) return;
      busy.current = true;
      try {
        const r = await call();
        if (!r.ok) return setError(r.error);
        setError(undefined);
        const merged = { ...view, ...r.value };
        setView(merged);
        then(r.value, merged);
      } finally {
        busy.current = false;
      }
    },
    [view],
  );

  const current = view?.queue[cursor];
  const sessionId = view?.sessionId ?? '';

  return {
    view,
    error,
    cursor,
    current,
    feedbackFor,
    confirm: (label: string, ms: number, checklist?: Record<string, 'YES' | 'NO'>) => {
      if (!current || !view) return;
      const id = current.item.id;
      const before = view.answers[id];
      // Re-confirming an unchanged answer (after going Back) moves on without writing a duplicate.
      if (before?.kind === 'label' && before.label === label && sameChecklist(before.checklist, checklist) && !current.practice)
        return setCursor(nextOpen(view, cursor));
      void run(
        () => api().giveLabel({ sessionId, itemId: id, label, ms, ...(checklist ? { checklist } : {}) }),
        (_, merged) => (current.practice ? setFeedbackFor(id) : setCursor(nextOpen(merged, cursor))),
      );
    },
    continueAfterFeedback: () => {
      if (!view) return;
      setFeedbackFor(null);
      setCursor(nextOpen(view, cursor));
    },
    note: (kind: 'skip' | 'flag', note: string) => {
      if (!current) return;
      const args = { sessionId, itemId: current.item.id, note };
      void run(
        () => (kind === 'skip' ? api().skipItem(args) : api().flagItem(args)),
        (_, merged) => setCursor(nextOpen(merged, cursor)),
      );
    },
    undo: () =>
      void run(
        () => api().undoLabel({ sessionId }),
        (state, merged) => {
          setFeedbackFor(null);
          const at = merged.queue.findIndex((q) => q.item.id === state.undone);
          if (at >= 0) setCursor(at);
        },
      ),
    back: () => {
      setFeedbackFor(null);
      setCursor((c) => Math.max(0, c - 1));
    },
    dismissError: () => setError(undefined),
  };
}
