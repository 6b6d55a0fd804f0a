import { useState } from 'react';
import type { Result } from '../../../shared/result';
import { useCoalescedRequest } from '../api/coalescedRead';

/**
 * A live view read from the host, again and again (on events, on a timer), kept in state: the reads go through
 * coalescedRead (one in flight, any asked for meanwhile become one more), and nothing is set after unmount. `read`
 * must be stable (useCallback) for `reload` to be. A read that succeeds clears the error unless `keepError` (the
 * console keeps a refused pick on screen while it goes on reading every few seconds).
 */
export function useCoalescedRead<T>(read: () => Promise<Result<T>>, opts: { keepError?: boolean } = {}) {
  const { keepError = false } = opts;
  const [view, setView] = useState<T | undefined>();
  const [error, setError] = useState<string | undefined>();
  const reload = useCoalescedRequest(read, (r: Result<T>) => {
    if (r.ok) {
      setView(r.value);
      if (!keepError) setError(undefined);
    } else setError(r.error.message);
  });
  return { view, setView, error, setError, reload };
}
