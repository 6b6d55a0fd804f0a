import { Fragment, useCallback, useEffect, useState } from 'react';
import type { ErasureAudit, ParticipantRow, StudyOverview } from '../../../shared/contract/study';
import { StudyLink } from './StudyLink';
import { api } from '../api/client';
import { useApp } from '../state/appStore';
import { KioskPin, KIOSK_PIN_INPUT, NEEDS_PIN } from './KioskPin';
import { ErasureReport } from './ErasureReport';
import { ParticipantActions } from './ParticipantActions';
import { useStudySectionLoading } from '../screens/studyPageReady';

/**
 * The experimenter's side of the kiosk, on the study screen: each participant's status and place, their link
 * (the same every time it is asked for, and it survives a restart), or their visit opened in this window.
 */
export function ParticipantsPanel({ studyKey, onChanged }: { studyKey: string; onChanged?: () => void }) {
  const [rows, setRows] = useState<ParticipantRow[] | undefined>();
  const [overview, setOverview] = useState<Omit<StudyOverview, 'participants'> | undefined>();
  const [pasted, setPasted] = useState('');
  const [told, setTold] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [links, setLinks] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState(1);
  const [managing, setManaging] = useState<string | undefined>();
  const [erased, setErased] = useState<{ code: string; audit: ErasureAudit } | undefined>();
  /** Open visit here was asked for without a PIN: said beside the PIN field, where the focus goes. */
  const [needsPin, setNeedsPin] = useState(false);
  const switchLink = useApp((s) => s.switchLink);
  useStudySectionLoading(rows === undefined && error === undefined);

  const reload = useCallback(async () => {
    const r = await api().studyParticipants({ studyKey });
    if (r.ok) {
      setRows(r.value.participants);
      setOverview(r.value);
    } else setError(r.error.message);
    onChanged?.();
  }, [studyKey, onChanged]);
  useEffect(() => {
    let live = true;
    void api()
      .studyParticipants({ studyKey })
      .then((r) => {
        if (!live) return;
        if (!r.ok) return setError(r.error.message);
        setRows(r.value.participants);
        setOverview(r.value);
      });
    return () => {
      live = false;
    };
  }, [studyKey]);

  /** A link is not a start: the plan is fixed when the participant first opens their visit (issue 25). */
  const capabilityOf = async (row: ParticipantRow): Promise<string | undefined> => {
    setError(undefined);
    const link = await api().participantLink({ studyKey, participantId: row.participantId });
    if (!link.ok) return void setError(link.error.message);
    return link.value.fragment.slice('kiosk='.length);
  };

  const showLink = async (row: ParticipantRow) => {
    const capability = await capabilityOf(row);
    if (!capability) return;
    setLinks((l) => ({ ...l, [row.participantId]: `${window.location.origin}${window.location.pathname}#kiosk=${capability}` }));
    await reload();
  };

  const openHere = async (row: ParticipantRow) => {
    // The visit takes this window over and the PIN is the only way back from it: no PIN, no visit here.
    const pin = await api().kioskPinStatus({});
    if (pin.ok && !pin.value.set) {
      setNeedsPin(true);
      return document.getElementById(KIOSK_PIN_INPUT)?.focus();
    }
    const capability = await capabilityOf(row);
    if (!capability) return;
    const entered = await api().enterKiosk({ capability });
    if (!entered.ok) return setError(entered.error.message);
    await switchLink(capability, { kind: 'participant', participantId: row.participantId, studyKey });
  };

  const add = async () => {
    setTold(undefined);
    const r = await api().studyAddParticipants({ studyKey, count: adding });
    if (!r.ok) return setError(r.error.message);
    await reload();
  };

  /** A pasted list of recruitment-platform ids, one a line: all added, or none (each problem named with its line). */
  const addPasted = async () => {
    setError(undefined);
    setTold(undefined);
    const r = await api().studyAddParticipants({ studyKey, codes: pasted });
    if (!r.ok) return setError(r.error.message);
    setPasted('');
    setTold(`Added ${r.value.length} participant${r.value.length === 1 ? '' : 's'}: ${r.value.map((p) => p.code).join(', ')}.`);
    await reload();
  };

  return (
    <section className="participants" aria-labelledby="participants-h">
      <h2 id="participants-h">Participants</h2>
      {error ? (
        <p className="banner banner-error" role="alert">
          {error}
        </p>
      ) : null}
      {told ? (
        <p className="banner" role="status">
          {told}
        </p>
      ) : null}
      {overview?.warnings.map((w) => (
        <p key={w} className="banner banner-notice">
          {w}
        </p>
      ))}
      {overview?.online ? <StudyLink studyKey={studyKey} /> : null}
      {erased ? <ErasureReport code={erased.code} audit={erased.audit} onDismiss={() => setErased(undefined)} /> : null}
      {!rows ? (
        <p className="muted">Loading participants…</p>
      ) : (
        <table className="tasks">
          <thead>
            <tr>
              <th>Code</th>
              <th>Status</th>
              <th>Where</th>
              <th>Link</th>
              <th>Manage</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <Fragment key={row.participantId}>
              <tr data-participant={row.code}>
                <td>
                  <code>{row.code}</code>
                </td>
                <td>{row.status}</td>
                <td>{row.progress ? `step ${row.progress.step} of ${row.progress.steps} (${row.progress.screen.replaceAll('_', ' ')})` : '—'}</td>
                <td>
                  {links[row.participantId] ? (
                    <input className="participant-link" readOnly value={links[row.participantId]} aria-label={`Link for ${row.code}`} onFocus={(e) => e.target.select()} />
                  ) : row.status === 'invited' || row.status === 'active' ? (
                    <button onClick={() => void showLink(row)} aria-label={`Show the link for ${row.code}`}>
                      Link
                    </button>
                  ) : null}{' '}
                  {row.status === 'invited' || row.status === 'active' ? (
                    <button onClick={() => void openHere(row)} aria-label={`Open visit here for ${row.code}`}>
                      Open visit here
                    </button>
                  ) : null}
                </td>
                <td>
                  <button
                    aria-expanded={managing === row.participantId}
                    aria-controls={`manage-${row.participantId}`}
                    aria-label={`Runs and actions for ${row.code}`}
                    onClick={() => setManaging((m) => (m === row.participantId ? undefined : row.participantId))}
                  >
                    Runs and actions
                  </button>
                </td>
              </tr>
              {managing === row.participantId ? (
                <tr id={`manage-${row.participantId}`} className="participant-manage">
                  <td colSpan={5}>
                    <ParticipantActions studyKey={studyKey} row={row} onChanged={reload} onError={setError} onErased={(code, audit) => setErased({ code, audit })} />
                  </td>
                </tr>
              ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted small">
        A participant&apos;s <strong>Link</strong> does not start their visit: their plan (tasks, versions, order) is fixed when they first open
        it. This station is <code>{overview?.station.id ?? '…'}</code>; its plan slots start at {overview?.station.firstSlot ?? 0}.
      </p>
      <p>
        <label>
          Add{' '}
          <input type="number" min={1} max={500} value={adding} onChange={(e) => setAdding(Math.max(1, Number(e.target.value) || 1))} style={{ width: '5em' }} />{' '}
          participants
        </label>{' '}
        <button onClick={() => void add()}>Add</button>
      </p>
      <div className="paste-codes">
        <label htmlFor={`paste-${studyKey}`}>Or paste recruitment-platform ids, one a line (never names or e-mail addresses)</label>
        <textarea id={`paste-${studyKey}`} rows={4} value={pasted} onChange={(e) => setPasted(e.target.value)} spellCheck={false} />
        <button onClick={() => void addPasted()} disabled={pasted.trim() === ''}>
          Add these ids
        </button>
      </div>
      {needsPin ? (
        <p className="banner banner-notice" role="alert">
          {NEEDS_PIN}
        </p>
      ) : null}
      <KioskPin onSet={() => setNeedsPin(false)} />
    </section>
  );
}
