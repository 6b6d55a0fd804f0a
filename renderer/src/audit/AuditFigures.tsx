import { useEffect, useState } from 'react';
import type { AuditOverview } from '../../../shared/contract/audit';
import type { AppError } from '../../../shared/result';
import { api } from '../api/client';
import { useApp } from '../state/appStore';
import { pct, num, withInterval } from '../labelling/format';

/** The audit's overview, read once (and again when `refresh` changes). */
export function useAuditOverview(studyKey: string, refresh = 0) {
  const [overview, setOverview] = useState<AuditOverview>();
  const [error, setError] = useState<AppError>();
  useEffect(() => {
    let live = true;
    void api()
      .auditOverview({ studyKey })
      .then((r) => {
        if (!live) return;
        if (r.ok) setOverview(r.value);
        else setError(r.error);
      });
    return () => {
      live = false;
    };
  }, [studyKey, refresh]);
  return { overview, error };
}

/**
 * Per task: labels audited, the auditors' agreement with the labeller (percent and Cohen's kappa with 95% bootstrap
 * intervals over messages), and the branch-disputed runs; a run opens in the replay viewer at its round.
 */
export function AuditFiguresTable({ overview }: { overview: AuditOverview }) {
  const navigate = useApp((s) => s.navigate);
  if (overview.tasks.length === 0) return <p className="muted">No label has been audited yet.</p>;
  return (
    <table className="audit-figures">
      <thead>
        <tr>
          <th>Task</th>
          <th>Labels audited</th>
          <th>Agree</th>
          <th>Agreement [95% CI]</th>
          <th>Cohen’s kappa [95% CI]</th>
          <th>Would change the line</th>
          <th>Branch-disputed runs</th>
        </tr>
      </thead>
      <tbody>
        {overview.tasks.map((t) => (
          <tr key={t.taskId}>
            <td>
              {t.title} <code className="muted small">{t.taskId}</code>
            </td>
            <td>
              {t.labelsAudited} <span className="muted small">({t.itemsAudited} messages)</span>
            </td>
            <td>{t.agree}</td>
            <td>{withInterval(t.agreement, pct)}</td>
            <td>{withInterval(t.kappa, num)}</td>
            <td>
              {t.changesLine} of {t.disagree} disagreements
            </td>
            <td>
              {t.branchDisputed.length === 0 ? (
                <span className="muted">none</span>
              ) : (
                <ul className="audit-runs">
                  {t.branchDisputed.map((b) => (
                    <li key={b.runId}>
                      <button className="link" title={b.reason} onClick={() => navigate({ screen: 'replay', run: `s:${b.runId}`, round: String(b.round) })}>
                        {b.participant} · {b.version} seed {b.seed} · round {b.round}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A short block for the Results screen and the dashboard: the figures and the way to the audit page. */
export function AuditSummary({ studyKey }: { studyKey: string }) {
  const navigate = useApp((s) => s.navigate);
  const { overview, error } = useAuditOverview(studyKey);
  if (error || !overview) return null;
  const disputed = overview.tasks.reduce((n, t) => n + t.branchDisputed.length, 0);
  return (
    <section className="audit-summary" aria-labelledby="audit-summary-title">
      <h2 id="audit-summary-title">Label audit</h2>
      <p className="muted small">
        {overview.deciding} deciding labels in counted runs; the audit asks about {overview.sample} ({overview.sampled}). {disputed} branch-disputed run
        {disputed === 1 ? '' : 's'}, which final_results.json {overview.disputedBranch === 'exclude' ? 'excludes' : 'counts'} (disputed_branch: {overview.disputedBranch}).{' '}
        <button className="link" onClick={() => navigate({ screen: 'audit', studyKey })}>
          Open the audit
        </button>
      </p>
      <AuditFiguresTable overview={overview} />
    </section>
  );
}
