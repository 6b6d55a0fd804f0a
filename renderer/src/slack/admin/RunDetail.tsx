import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { runDetailSchema } from '../../../../shared/contract/slack';
import { api } from '../../api/client';

type Detail = z.infer<typeof runDetailSchema>;

/** A graded run for the researcher: answer, reference, verdict and the recorded trajectory of tool calls. */
export function RunDetail({ runId }: { runId: string }) {
  const [d, setD] = useState<Detail | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    void api()
      .slackRunDetail({ runId })
      .then((r) => (r.ok ? setD(r.value) : setError(r.error.message)));
  }, [runId]);
  if (error) return <p className="error-text">{error}</p>;
  if (!d) return <p className="muted">Loading…</p>;
  return (
    <div className="start-panel sk-run-detail" aria-label="Run details">
      <h3>{d.run.query}</h3>
      <dl>
        <dt>Answer</dt>
        <dd>{d.run.answer?.text ?? '—'}</dd>
        <dt>Reference</dt>
        <dd>{d.reference}</dd>
        {d.verdict ? (
          <>
            <dt>Verdict</dt>
            <dd>
              {d.verdict.pass ? 'pass' : 'fail'} (reward {d.verdict.reward}) by {d.verdict.by === 'grader' ? `grader ${d.verdict.graderId ?? ''}` : `judge ${d.verdict.model ?? ''}`}
              {d.verdict.items ? (
                <ul>
                  {d.verdict.items.map((i, k) => (
                    <li key={k}>
                      {i.met ? '✔' : '✘'} {i.text}
                    </li>
                  ))}
                </ul>
              ) : null}
            </dd>
          </>
        ) : null}
      </dl>
      <h4>Trajectory ({d.actions.length} tool calls)</h4>
      <ol className="sk-trajectory small">
        {d.actions.map((a, i) => (
          <li key={i}>
            <code>{a.tool}</code> {JSON.stringify(a.arguments)} <span className="muted">{new Date(a.at).toLocaleTimeString()}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
