import type { TeamResults } from '../../../shared/contract/results';
import { ScoreTable } from './ScoreTable';
import { TeamRunMatrix } from './TeamRunMatrix';
import { AuditSummary } from '../audit/AuditFigures';

/** A team study: the runs (participants × tasks × versions), then final_results.json's rows. */
export function TeamResultsView({ results, onRecheck, rechecking }: { results: TeamResults; onRecheck(): void; rechecking: boolean }) {
  return (
    <>
      <p className="muted small">
        {results.design === 'between' ? 'Between-subjects design' : 'Within-subjects design'}
        {results.pooledGate ? `; the pooled row gates by ${results.pooledGate}` : ''}. {results.runs.length} counted runs
        {results.missingRuns ? `, ${results.missingRuns} planned runs not played yet` : ''}
        {results.voidedRuns ? `, ${results.voidedRuns} voided and not played again` : ''}.
      </p>
      {results.problems.length ? (
        <div className="banner banner-error" role="alert">
          <ul>
            {results.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <h2>Runs</h2>
      {results.runs.length === 0 ? <p className="muted">No counted runs yet.</p> : <TeamRunMatrix runs={results.runs} />}
      <div className="results-actions">
        <button onClick={onRecheck} disabled={rechecking || results.runs.length === 0}>
          {rechecking ? 'Re-checking…' : 'Re-check against the study’s pack'}
        </button>
        {results.recheck ? (
          <span role="status">
            {results.recheck.rechecked} re-checked, {results.recheck.disagree} disagree
            {results.recheck.notRechecked ? `, ${results.recheck.notRechecked} could not be re-checked` : ''}. Used: {results.recheck.used}.
          </span>
        ) : null}
      </div>
      <h2>Scores</h2>
      {results.rows.length === 0 ? <p className="muted">Nothing to score yet.</p> : <ScoreTable results={results} />}
      <AuditSummary studyKey={results.studyKey} />
    </>
  );
}
