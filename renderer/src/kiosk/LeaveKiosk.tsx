import { useState } from 'react';
import { api } from '../api/client';
import { useApp } from '../state/appStore';

/**
 * The experimenter's way out of a kiosk: their PIN, checked by the host (which never sends it, or its hash, to
 * this page and slows down wrong guesses). The experimenter can also end a visit from their own screen.
 */
export function LeaveKiosk() {
  const [open, setOpen] = useState(false);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const switchLink = useApp((s) => s.switchLink);
  if (!open)
    return (
      <button className="link kiosk-leave" onClick={() => setOpen(true)}>
        Experimenter
      </button>
    );
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    const r = await api().unlockKiosk({ pin });
    setBusy(false);
    setPin('');
    if (!r.ok) return setError(r.error.message);
    await switchLink(r.value.token, { kind: 'experimenter' });
  };
  return (
    <form
      className="kiosk-pin"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label>
        Experimenter PIN{' '}
        <input type="password" inputMode="numeric" autoComplete="off" value={pin} onChange={(e) => setPin(e.target.value)} autoFocus />
      </label>
      <button type="submit" disabled={busy || pin.length === 0}>
        Leave the kiosk
      </button>
      <button type="button" className="link" onClick={() => setOpen(false)}>
        Cancel
      </button>
      {error ? (
        <span className="error-text" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}
