import { useState } from 'react';
import type { Result } from '../../../shared/result';

/** What a participant's actions need from the panel: refresh the overview, and show an error where the panel does. */
export interface PanelHooks {
  onChanged(): Promise<void>;
  onError(message: string | undefined): void;
}

/**
 * One experimenter action at a time: while it runs, `busy`; on success the overview is read again, on refusal the
 * service's message goes to the panel's error banner. Either way the dialog that asked closes (`open` → null).
 */
export function useParticipantAction<D extends string>({ onChanged, onError }: PanelHooks) {
  const [open, setOpen] = useState<D | null>(null);
  const [busy, setBusy] = useState(false);
  const perform = async <T>(call: () => Promise<Result<T>>): Promise<T | undefined> => {
    setBusy(true);
    onError(undefined);
    try {
      const r = await call();
      if (!r.ok) onError(r.error.message);
      await onChanged();
      return r.ok ? r.value : undefined;
    } finally {
      setBusy(false);
      setOpen(null);
    }
  };
  return { open, setOpen, busy, perform };
}
