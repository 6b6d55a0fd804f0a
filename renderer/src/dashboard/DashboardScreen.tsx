import { Fragment, useState } from 'react';
import { api } from '../api/client';
import { ActionDialog } from '../kiosk/ActionDialog';
import { ParticipantActions } from '../kiosk/ParticipantActions';
import { useApp } from '../state/appStore';
import { DashboardRow, type RowAction } from './DashboardRow';
import { KioskLocks } from './KioskLocks';
import { AuditSummary } from '../audit/AuditFigures';
import { ParticipantLink } from './ParticipantLink';
import { useDashboard } from './useDashboard';
import './dashboard.css';

/**
 * The experimenter's live dashboard of a study (issue 13): every participant against the study's plan cells, read
 * again on each event of the stream. Its own address (`#/dashboard?key=…`), so it survives a reload and can sit in
 * its own tab beside the study page. Void, withdraw, correct, rerun and erase are the participants panel's own.
 */
export function DashboardScreen({ studyKey }: { studyKey: string }) {
  const { view, error, setError, reload } = useDashboard(studyKey);
  const navigate = useApp((s) => s.navigate);
  const [links, setLinks] = useState<Record<string, string>>({});
  const [managing, setManaging] = useState<string | undefined>();
  const [pausing, setPausing] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [told, setTold] = useState<string | undefined>();

  const act = async (participantId: string, code: string, a: RowAction) => {
    setError(undefined);
    setTold(undefined);
    const who = { studyKey, participantId };
    if (a === 'manage') return setManaging((m) => (m === participantId ? undefined : participantId));
    if (a === 'pause') return setPausing(participantId);
    setBusy(true);
    try {
      if (a === 'start') {
        const started = await api().studyStartParticipant(who);
        if (!started.ok) return setError(started.error.message);
      }
      if (a === 'start' || a === 'link') {
        const link = await api().participantLink(who);
        if (!link.ok) return setError(link.error.message);
        setLinks((l) => ({ ...l, [participantId]: `${window.location.origin}${window.location.pathname}#${link.value.fragment}` }));
      }
      if (a === 'resume') {
        const resumed = await api().dashboardResume(who);
        if (!resumed.ok) return setError(resumed.error.message);
        setTold(`${code}'s run is running again.`);
      }
    } finally {
      setBusy(false);
      await reload();
    }
  };

  const pause = async (participantId: string, reason: string) => {
    setBusy(true);
    const r = await api().dashboardPause({ studyKey, participantId, reason });
    setBusy(false);
    setPausing(undefined);
    if (!r.ok) setError(r.error.message);
    else setTold(`${r.value.row.code}'s run is paused.`);
    await reload();
  };

  const pausingRow = view?.participants.find((p) => p.row.participantId === pausing);
  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <p>
        <button onClick={() => navigate({ screen: 'study', key: studyKey })}>
          ← Study page
        </button>
      </p>
      <h1 id="dashboard-title">Dashboard{view ? `: ${view.title}` : ''}</h1>
      <div aria-live="polite" className="dashboard-status">
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : told ? (
          <p>{told}</p>
        ) : null}
      </div>
      {!view ? (
        <p className="muted">Loading…</p>
      ) : (
        <div className="dashboard-scroll">
          <table className="dashboard-grid" aria-label="Participants and plan cells">
            <thead>
              <tr>
                <th scope="col">Participant</th>
                <th scope="col">Now</th>
                {view.cells.map((c) => (
                  <th scope="col" key={c.cell} data-cell={c.cell}>
                    {c.label} <code>{c.cell}</code>
                  </th>
                ))}
                <th scope="col">Notices</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {view.participants.map((p) => (
                <Fragment key={p.row.participantId}>
                  <DashboardRow p={p} columns={view.cells} managing={managing === p.row.participantId} onAction={(a) => void act(p.row.participantId, p.row.code, a)} />
                  {links[p.row.participantId] ? (
                    <tr className="dashboard-detail">
                      <td colSpan={view.cells.length + 4}>
                        <ParticipantLink code={p.row.code} url={links[p.row.participantId]!} onClose={() => setLinks(({ [p.row.participantId]: _gone, ...rest }) => rest)} />
                      </td>
                    </tr>
                  ) : null}
                  {managing === p.row.participantId ? (
                    <tr className="dashboard-detail">
                      <td colSpan={view.cells.length + 4}>
                        <ParticipantActions studyKey={studyKey} row={p.row} onChanged={reload} onError={setError} onErased={() => setManaging(undefined)} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {view ? (
        <KioskLocks
          studyKey={studyKey}
          codes={new Map(view.participants.map((p) => [p.row.participantId, p.row.code]))}
          stamp={view.at}
          onError={setError}
        />
      ) : null}
      {/* A team study's label audit (issue 27); a Slack study has none, and the block then shows nothing. */}
      {view ? <AuditSummary studyKey={studyKey} /> : null}
      {pausingRow ? (
        <ActionDialog
          title={`Pause ${pausingRow.row.code}'s run?`}
          description={<p>Their clock stops and every action is refused until you resume. The reason is kept in the run's log and shown on the participant's screen.</p>}
          field="Reason (kept in the run's log)"
          confirm="Pause run"
          busy={busy}
          onCancel={() => setPausing(undefined)}
          onConfirm={(text) => void pause(pausingRow.row.participantId, text)}
        />
      ) : null}
    </section>
  );
}
