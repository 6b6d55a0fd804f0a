import { useCallback, useEffect, useEffectEvent, useRef } from 'react';

/**
 * A page's reads of one live view from the host, at most one in flight. The host is one thread serving every page,
 * and one participant action commits several events (their message, the teammate's reply, a new round…): a read per
 * event would cost everyone 3–5 calls, all but the last answered with a view that is dropped anyway.
 */
export interface CoalescedRead {
  /**
   * Asks for the view. With no read in flight one starts now; while one is in flight, however many are asked for
   * become exactly one more read after it, so the last state is always read (that is how a run's end reaches the page).
   * Resolves once a read started after this call has been applied (or skipped, or the reader stopped).
   */
  request(): Promise<void>;
  /** The page is gone: no read starts and no answer is applied after this, not even the one in flight. */
  stop(): void;
}

export interface CoalescedReadOptions {
  /** Asked before each read, the one more included: when false nothing is read (its answer would be dropped). */
  wanted?: () => boolean;
}

/**
 * `read` must not throw (the contract client returns errors as values); `apply` gets each answer in the order read.
 */
export function coalescedRead<T>(
  read: () => Promise<T>,
  apply: (value: T) => void,
  opts: CoalescedReadOptions = {},
): CoalescedRead {
  const wanted = opts.wanted ?? (() => true);
  let inFlight = false;
  let again = false;
  let stopped = false;
  let settled: Promise<void> = Promise.resolve();

  const loop = async (): Promise<void> => {
    try {
      do {
        again = false;
        if (stopped || !wanted()) return;
        const value = await read();
        if (stopped) return;
        apply(value);
      } while (again);
    } finally {
      inFlight = false;
    }
  };

  return {
    request() {
      if (stopped) return Promise.resolve();
      if (inFlight) {
        again = true;
        return settled;
      }
      inFlight = true;
      settled = loop();
      return settled;
    },
    stop() {
      stopped = true;
    },
  };
}

/**
 * coalescedRead for a component: `request` is stable while `read` is (pass a useCallback), and a new `read` (another
 * session) or unmounting stops the old reader, so no answer is applied to a page that has moved on. `apply` and
 * `wanted` may change on every render; the latest are used.
 */
export function useCoalescedRequest<T>(
  read: () => Promise<T>,
  apply: (value: T) => void,
  wanted?: () => boolean,
): () => Promise<void> {
  const onValue = useEffectEvent(apply);
  const isWanted = useEffectEvent(() => wanted?.() ?? true);
  const current = useRef<{ read: () => Promise<T>; reader: CoalescedRead } | null>(null);
  useEffect(() => {
    const reader = coalescedRead(read, (v: T) => onValue(v), { wanted: () => isWanted() });
    const mine = { read, reader };
    current.current = mine;
    return () => {
      reader.stop();
      if (current.current === mine) current.current = null;
    };
  }, [read]);
  // A new function for a new `read` (a caller's effect that reads on mount reads again), which asks only its own reader.
  return useCallback(
    () => (current.current?.read === read ? current.current.reader.request() : Promise.resolve()),
    [read],
  );
}
