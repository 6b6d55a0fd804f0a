import { useEffect, useState } from 'react';
import { api } from '../api/client';

export const KIOSK_PIN_INPUT = 'kiosk-pin-input';
/** Why Open visit here waits for a PIN (the host refuses it too, for a page that skips this check). */
export const NEEDS_PIN =
  'Set an experimenter PIN first: the visit takes over this window, and typing the PIN under Experimenter is the only way back to it.';

/** The experimenter's PIN for leaving a kiosk. Sent once to the host, which keeps only a scrypt hash of it. */
export function KioskPin({ onSet }: { onSet?: () => void } = {}) {
  const [set, setSet] = useState<boolean | undefined>();
  const [pin, setPin] = useState('');
  const [message, setMessage] = useState<string | undefined>();
  useEffect(() => {
    void api()
      .kioskPinStatus({})
      .then((r) => r.ok && setSet(r.value.set));
  }, []);
  return (
    <form
      className="kiosk-pin"
      onSubmit={(e) => {
        e.preventDefault();
        void api()
          .setKioskPin({ pin })
          .then((r) => {
            setPin('');
            if (r.ok) {
              setSet(true);
              setMessage('PIN saved.');
              onSet?.();
            } else setMessage(r.error.message);
          });
      }}
    >
      <label>
        Experimenter PIN for leaving a visit ({set ? 'set' : set === false ? 'not set: needed before Open visit here' : '…'}):{' '}
        <input id={KIOSK_PIN_INPUT} type="password" inputMode="numeric" autoComplete="new-password" value={pin} onChange={(e) => setPin(e.target.value)} />
      </label>
      <button type="submit" disabled={!/^[0-9]{4,12}$/.test(pin)}>
        {set ? 'Change PIN' : 'Set PIN'}
      </button>
      {message ? <span role="status">{message}</span> : null}
    </form>
  );
}
