import type { TeamResultRun } from '../../../shared/contract/results';
import { useApp } from '../state/appStore';

const VERSIONS = ['alone', 'control', 'manipulation'] as const;

/** Rows: participant × task; columns: versions; each run a button that opens it read-only. */
export function TeamRunMatrix({ runs }: { runs: TeamResultRun[] }) {
  const keys = [...new Set(runs.map((r) => `${r.participant}\u0000${r.task}`))];
  return (
    <table className="tasks results-runs">
      <thead>
        <tr>
          <th scope="col">Participant</th>
          <th scope="col">Task</th>
          {VERSIONS.map((v) => (
            <th scope="col" key={v}>
              {v}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => {
          const [participant, task] = key.split('\u0000') as [string, string];
          const mine = runs.filter((r) => r.participant === participant && r.task === task);
          return (
            <tr key={key}>
              <th scope="row">{participant}</th>
              <td>
                <code>{task}</code>
              </td>
              {VERSIONS.map((v) => (
                <td key={v}>
                  {mine
                    .filter((r) => r.version === v)
                    .map((r) => (
                      <RunCell key={`${r.version}${r.seed}`} run={r} />
                    ))}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function RunCell({ run }: { run: TeamResultRun }) {
  const navigate = useApp((s) => s.navigate);
  const verdict = run.pass ? 'pass' : 'fail';
  const text = (
    <>
      <span className={run.pass ? 'results-pass' : 'results-fail'}>{verdict}</span> <span className="muted small">seed {run.seed}</span>{' '}
      <span className="results-reason">{run.reason}</span>
    </>
  );
  const recheck =
    run.recheck === null ? null : run.recheck.status === 'not_rechecked' ? (
      <span className="muted small"> (not re-checked: {run.recheck.why})</span>
    ) : run.recheck.status === 'disagrees' ? (
      <strong className="results-disagree"> re-check says {run.recheck.pass ? 'pass' : 'fail'}: {run.recheck.reason}</strong>
    ) : (
      <span className="muted small"> (re-check agrees)</span>
    );
  return (
    <div className="results-run" data-outcome={run.outcome}>
      {run.runId ? (
        <button className="link" onClick={() => navigate({ screen: 'team', sessionId: run.runId! })}>
          {text}
        </button>
      ) : (
        text
      )}
      {recheck}
    </div>
  );
}
