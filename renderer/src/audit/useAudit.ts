import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditState, AuditView } from '../../../shared/contract/audit';
import type { AppError, Result } from '../../../shared/result';
import { api } from '../api/client';

/** The index after `from` (wrapping) whose item has no label yet; the queue's length when every item has one. */
export function nextOpen(view: Pick<AuditView, 'queue' | 'answers'>, from: number): number {
  const n = view.queue.length;
  for (let step = 1; step <= n; step++) {
    const i = (from + step) % n;
    const id = view.queue[i]?.itemId;
    if (id !== undefined && !view.answers[id]) return i;
  }
  return n;
}

/** An auditor's queue on screen. The view changes only from what main returns, i.e. once the label is on disk. */
export function useAudit(studyKey: string, auditor: string) {
  const [view, setView] = useState<AuditView>();
  const [error, setError] = useState<AppError>();
  const [cursor, setCursor] = useState(0);
  const busy = useRef(false);

  useEffect(() => {
    let live = true;
    void api()
      .openAudit({ studyKey, auditor })
      .then((r) => {
        if (!live) return;
        if (!r.ok) return setError(r.error);
        setView(r.value);
        const at = r.value.queue.findIndex((q) => q.itemId === r.value.resumeAt);
        setCursor(at < 0 ? r.value.queue.length : at);
      });
    return () => {
      live = false;
    };
  }, [studyKey, auditor]);

  const run = useCallback(
    async <S extends AuditState>(call: () => Promise<Result<S>>, then: (state: S, merged: AuditView) => void) => {
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
    dismissError: () => setError(undefined),
    confirm: (label: string, ms: number) => {
      if (!current) return;
      void run(
        () => api().giveAuditLabel({ sessionId, itemId: current.itemId, label, ms }),
        (_s, merged) => setCursor(nextOpen(merged, cursor)),
      );
    },
    undo: () =>
      void run(
        () => api().undoAuditLabel({ sessionId }),
        (s, merged) => {
          const at = merged.queue.findIndex((q) => q.itemId === s.undone);
          if (at >= 0) setCursor(at);
        },
      ),
    back: () => setCursor((c) => Math.max(0, c - 1)),
  };
}
