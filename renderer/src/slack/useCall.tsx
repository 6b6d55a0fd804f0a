import { useCallback, useState } from 'react';
import type { Result } from '../../../shared/result';

/**
 * Runs contract calls for one screen: errors become a message worded for the person (never thrown), and the
 * value comes back, or undefined when the call failed.
 */
export function useCall() {
  const [error, setError] = useState<string | undefined>();
  const call = useCallback(async <T,>(p: Promise<Result<T>>): Promise<T | undefined> => {
    const r = await p;
    if (r.ok) return r.value;
    setError(r.error.message);
    return undefined;
  }, []);
  return { error, setError, call, clearError: useCallback(() => setError(undefined), []) };
}

export function ErrorLine({ error, onDismiss }: { error: string | undefined; onDismiss(): void }) {
  if (!error) return null;
  return (
    <div className="banner banner-error sk-error" role="alert">
      <span>{error}</span>
      <button className="link" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
