import { useState } from 'react';
import { api } from '../api/client';
import { useApp } from '../state/appStore';
import { AuditFiguresTable, useAuditOverview } from './AuditFigures';

/** A team study's label audit (experimenter only): the sample, auditors with their links and progress, the figures. */
export function AuditScreen({ studyKey }: { studyKey: string }) {
  const navigate = useApp((s) => s.navigate);
  const [refresh, setRefresh] = useState(0);
  const { overview, error } = useAuditOverview(studyKey, refresh);
  return (
    <section aria-labelledby="audit-page-title">
      <button className="link back" onClick={() => navigate({ screen: 'study', key: studyKey })}>
        ← Study
      </button>
      <h1 id="audit-page-title">Label audit{overview ? `: ${overview.title}` : ''}</h1>
      {error ? (
        <div className="banner banner-error" role="alert">
          <span>{error.message}</span>
        </div>
      ) : null}
      {!overview ? (
        error ? null : <p className="muted">Reading the runs…</p>
      ) : (
        <>
          <p>
            Auditors label, blind, the labels that decided a scripted teammate’s branch in counted runs: they see the conversation up to the message and
            the task’s labels, never the label given, its labeller, the participant or how the run ended. Sample: <strong>{overview.sample}</strong>,
            seed {overview.seed} ({overview.sampled} of {overview.deciding} deciding labels). Branch-disputed runs {overview.disputedBranch === 'exclude' ? 'are excluded from' : 'count in'}{' '}
            final_results.json (<code>scoring.disputed_branch: {overview.disputedBranch}</code>).
          </p>
          <h2>Auditors</h2>
          <AuditorLink studyKey={studyKey} />
          {overview.auditors.length === 0 ? (
            <p className="muted">No auditor has started.</p>
          ) : (
            <table className="audit-auditors">
              <thead>
                <tr>
                  <th>Auditor</th>
                  <th>Labelled</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {overview.auditors.map((a) => (
                  <tr key={a.auditor}>
                    <td>{a.auditor}</td>
                    <td>
                      {a.done} of {a.total}
                    </td>
                    <td>
                      <button onClick={() => navigate({ screen: 'audit-queue', studyKey, auditor: a.auditor })}>Open this queue here</button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h2>Agreement with the labeller</h2>
          <AuditFiguresTable overview={overview} />
          {overview.leftOut > 0 ? (
            <p className="muted small">
              {overview.leftOut} audit{overview.leftOut === 1 ? '' : 's'} of runs that no longer count (voided, withdrawn, replaced or erased) are kept in the auditors’ logs and left out of these figures.
            </p>
          ) : null}
          {overview.problems.map((p) => (
            <p key={p} className="error-text">
              {p}
            </p>
          ))}
          <button onClick={() => setRefresh((n) => n + 1)}>Read again</button>
        </>
      )}
    </section>
  );
}

function AuditorLink({ studyKey }: { studyKey: string }) {
  const [auditor, setAuditor] = useState('');
  const [link, setLink] = useState<string>();
  const [error, setError] = useState<string>();
  return (
    <form
      className="kiosk-pin"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        void api()
          .auditorLink({ studyKey, auditor: auditor.trim() })
          .then((r) => (r.ok ? setLink(`${window.location.origin}${window.location.pathname}#${r.value.fragment}`) : setError(r.error.message)));
      }}
    >
      <label>
        An auditor’s own link, for auditor id <input value={auditor} onChange={(e) => setAuditor(e.target.value)} aria-label="Auditor id for a link" />
      </label>
      <button type="submit" disabled={!auditor.trim()}>
        Make link
      </button>
      {link ? <input className="participant-link" readOnly value={link} aria-label="Auditor link" onFocus={(e) => e.target.select()} /> : null}
      {error ? (
        <span className="error-text" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}

/** The study page's way to its audit. */
export function AuditLink({ studyKey }: { studyKey: string }) {
  const navigate = useApp((s) => s.navigate);
  return (
    <p className="results-link">
      <button onClick={() => navigate({ screen: 'audit', studyKey })}>Label audit</button>
    </p>
  );
}
