import { useState } from 'react';
import type { SlackResults, SlackScore } from '../../../shared/contract/results';
import { queryCategories } from '../../../shared/judge/query';
import { RunDetail } from '../slack/admin/RunDetail';
import { interval, num } from './format';

const names: Record<string, string> = { AS: 'Agentic search', HA: 'Abstention', SU: 'Summarisation', CI: 'Circumstance inference' };

/** A Slack study: counted runs (a graded one opens read-only), then scores per category and overall, per participant and pooled. */
export function SlackResultsView({ results }: { results: SlackResults }) {
  const [detail, setDetail] = useState<string | undefined>();
  const left = Object.entries(results.leftOut);
  return (
    <>
      <p className="muted small">
        {results.runs.length} counted runs.
        {left.length ? ` Not counted: ${left.map(([why, n]) => `${n} ${why}`).join(', ')}.` : ''}
      </p>
      <h2>Runs</h2>
      <table className="tasks results-runs">
        <thead>
          <tr>
            <th scope="col">Participant</th>
            <th scope="col">Query</th>
            <th scope="col">Grading</th>
            <th scope="col">Reward</th>
          </tr>
        </thead>
        <tbody>
          {results.runs.map((r) => (
            <tr key={r.runId}>
              <th scope="row">{r.participant}</th>
              <td>
                <code>{r.queryId}</code> <span className="muted small">{r.category}</span>
              </td>
              <td>
                {r.grading === 'graded' ? (
                  <button className="link" aria-expanded={detail === r.runId} onClick={() => setDetail(detail === r.runId ? undefined : r.runId)}>
                    graded
                  </button>
                ) : (
                  r.grading.replaceAll('_', ' ')
                )}
              </td>
              <td>{num(r.reward)}</td>
            </tr>
          ))}
          {results.runs.length === 0 ? (
            <tr>
              <td colSpan={4} className="muted">
                No counted runs yet.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {detail ? <RunDetail runId={detail} /> : null}
      <h2>Scores</h2>
      <SlackScoreTable score={results.all} caption="Everyone (pooled)" />
      {results.byParticipant.map((p) => (
        <SlackScoreTable key={p.participant} score={p.score} caption={`Participant ${p.participant}`} />
      ))}
    </>
  );
}

function SlackScoreTable({ score, caption }: { score: SlackScore; caption: string }) {
  return (
    <table className="tasks results-scores">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Category</th>
          <th scope="col">Runs</th>
          <th scope="col">Graded</th>
          <th scope="col">Pass rate (95% interval)</th>
        </tr>
      </thead>
      <tbody>
        {queryCategories.map((c) => {
          const s = score.categories[c];
          return (
            <tr key={c}>
              <th scope="row">
                {names[c]} <span className="muted small">({c})</span>
              </th>
              <td>{s?.n ?? 0}</td>
              <td>{s?.graded ?? 0}</td>
              <td>
                {num(s?.passRate)} <span className="muted small">{s ? interval(s.ci) : ''}</span>
              </td>
            </tr>
          );
        })}
        <tr className="results-overall">
          <th scope="row">Overall (mean of categories)</th>
          <td />
          <td />
          <td>
            {num(score.overall)} <span className="muted small">{interval(score.overallCi)}</span>
            {score.missing.length ? <span className="muted small"> — no graded runs in {score.missing.join(', ')}</span> : null}
          </td>
        </tr>
      </tbody>
    </table>
  );
}
