import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ReplayHeader, ReplayRound } from '../../../shared/contract/replay';
import { api } from '../api/client';
import { sourceOfRef } from './refs';

/**
 * One run opened on the host. Rounds are fetched one at a time and kept, and the neighbours of the shown round are
 * fetched ahead, so a step paints from memory.
 */
export function useReplayRun(ref: string | undefined) {
  // Kept with the ref they belong to, so a new ref shows nothing of the old run without resetting state in an effect.
  const [opened, setOpened] = useState<{ ref: string; header: ReplayHeader | null; error: string | null } | null>(null);
  const rounds = useRef(new Map<number, ReplayRound>());
  const pending = useRef(new Set<number>());
  const [, bump] = useReducer((x: number) => x + 1, 0);
  const source = ref ? sourceOfRef(ref) : null;
  const badRef = ref && !source ? `"${ref}" does not name a run (expected s:<session id> or f:<path>).` : null;
  const current = opened && opened.ref === ref ? opened : null;
  const header = current?.header ?? null;
  const error = badRef ?? current?.error ?? null;

  useEffect(() => {
    const src = ref ? sourceOfRef(ref) : null;
    if (!ref || !src) return;
    let live = true;
    rounds.current = new Map();
    pending.current = new Set();
    // The outline comes with its first round, so the first paint needs no second request. A long file's outline may
    // hold only that round (read from the file's head): the whole one follows under the same id, and its first round
    // replaces the one sent early.
    const show = (header: ReplayHeader) => {
      rounds.current = new Map(header.first ? [[0, header.first]] : []);
      pending.current = new Set();
      setOpened({ ref, header, error: null });
    };
    void api()
      .replayOpen({ source: src })
      .then((r) => {
        if (!live) return;
        if (!r.ok) return setOpened({ ref, header: null, error: r.error.message });
        show(r.value);
        if (r.value.complete) return;
        void api()
          .replayOutline({ id: r.value.id })
          .then((whole) => {
            if (!live) return;
            if (whole.ok) show(whole.value);
            else setOpened({ ref, header: null, error: whole.error.message });
          });
      });
    return () => {
      live = false;
    };
  }, [ref]);

  const load = useCallback(
    (index: number) => {
      if (!header || index < 0 || index >= header.rounds.length) return;
      if (rounds.current.has(index) || pending.current.has(index)) return;
      pending.current.add(index);
      const id = header.id;
      void api()
        .replayRound({ id, index })
        .then((r) => {
          pending.current.delete(index);
          if (header.id !== id) return;
          if (r.ok) rounds.current.set(index, r.value);
          else setOpened((o) => (o && o.header?.id === id ? { ...o, error: r.error.message } : o));
          bump();
        });
    },
    [header],
  );

  const roundAt = useCallback((index: number) => rounds.current.get(index), []);
  return { header, error, load, roundAt };
}

export type ReplayRun = ReturnType<typeof useReplayRun>;
