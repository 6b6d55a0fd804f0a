import { useCallback, useEffect, useState } from 'react';
import { api } from '../api/client';

type Lock = { participantId: string; failures: number; waitMs: number };

/**
 * Participant links of this study with wrong kiosk PINs counted against them. Each link counts its own, so one
 * participant guessing locks only their own kiosk; clearing it here lets the experimenter type the PIN there at once.
 * Read again whenever the dashboard's view is (`stamp`), and on demand: wrong PINs send no event.
 */
export function KioskLocks({
  studyKey,
  codes,
  stamp,
  onError,
}: {
  studyKey: string;
  codes: ReadonlyMap<string, string>;
  stamp: string | undefined;
  onError: (message: string) => void;
}) {
  const [locks, setLocks] = useState<Lock[]>([]);
  const [told, setTold] = useState<string | undefined>();
  const apply = useCallback(
    (r: Awaited<ReturnType<ReturnType<typeof api>['kioskLocks']>>) => {
      if (!r.ok) return onError(r.error.message);
      setLocks(
        r.value.locks.flatMap((l) =>
          l.scope.kind === 'participant' && l.scope.studyKey === studyKey
            ? [{ participantId: l.scope.participantId, failures: l.failures, waitMs: l.waitMs }]
            : [],
        ),
      );
    },
    [studyKey, onError],
  );
  const read = async () => apply(await api().kioskLocks({}));
  useEffect(() => {
    void api().kioskLocks({}).then(apply);
  }, [apply, stamp]);

  const clear = async (lock: Lock) => {
    const code = codes.get(lock.participantId) ?? 'this participant';
    const r = await api().clearKioskLock({
      scope: { kind: 'participant', studyKey, participantId: lock.participantId },
    });
    if (!r.ok) return onError(r.error.message);
    setTold(`${code}'s kiosk PIN lock cleared (${r.value.failures} wrong PINs; the clear is recorded).`);
    await read();
  };

  return (
    <section className="kiosk-locks" aria-labelledby="kiosk-locks-title">
      <h2 id="kiosk-locks-title">Wrong kiosk PINs</h2>
      {locks.length === 0 ? (
        <p className="muted">No participant link has a wrong PIN counted against it.</p>
      ) : (
        <ul>
          {locks.map((l) => (
            <li key={l.participantId}>
              {codes.get(l.participantId) ?? l.participantId}: {l.failures} wrong PIN
              {l.failures === 1 ? '' : 's'}
              {l.waitMs > 0 ? `, locked for ${Math.ceil(l.waitMs / 1000)} s` : ''}{' '}
              <button onClick={() => void clear(l)}>Clear lock</button>
            </li>
          ))}
        </ul>
      )}
      <button onClick={() => void read()}>Check again</button>
      {told ? <p role="status">{told}</p> : null}
    </section>
  );
}
