import { useCallback, useRef, useState } from 'react';
import type { Result } from '../../../shared/result';

/**
 * A live view read from the host, again and again (on events, on a timer): at most one read in flight, and any asked
 * for meanwhile become one more read after it, so a burst of events costs two reads, not one each. `read` must be
 * stable (useCallback) for `reload` to be. A read that succeeds clears the error unless `keepError` (the console keeps
 * a refused pick on screen while it goes on reading every few seconds).
 */
export function useCoalescedRead<T>(read: () => Promise<Result<T>>, opts: { keepError?: boolean } = {}) {
  const { keepError = false } = opts;
  const [view, setView] = useState<T | undefined>();
  const [error, setError] = useState<string | undefined>();
  const inFlight = useRef(false);
  const again = useRef(false);

  const reload = useCallback(async (): Promise<void> => {
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    try {
      do {
        again.current = false;
        const r = await read();
        if (r.ok) {
          setView(r.value);
          if (!keepError) setError(undefined);
        } else setError(r.error.message);
      } while (again.current);
    } finally {
      inFlight.current = false;
    }
  }, [read, keepError]);

  return { view, setView, error, setError, reload };
}
