import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { runDetailSchema } from '../../../../shared/contract/slack';
import { api } from '../../api/client';

type Detail = z.infer<typeof runDetailSchema>;

/** Whose grade the verdict is: one grader's or the judge's, two graders agreeing, or the third who settled them. */
function howText(d: Detail): string {
  const v = d.verdict;
  if (!v) return '';
  const by = v.by === 'grader' ? `grader ${v.graderId ?? ''}` : `judge ${v.model ?? ''}`;
  if (d.how === 'agreed') return `— the two graders agree (the later grade: ${by})`;
  if (d.how === 'settled') return `— the two graders differ; settled by ${by}`;
  return `by ${by}`;
}

/** A graded run for the researcher: answer, reference, verdict, every grade given (revisions too) and the trajectory. */
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
              {d.verdict.pass ? 'pass' : 'fail'} (reward {d.verdict.reward}) {howText(d)}
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
        {!d.verdict ? (
          <>
            <dt>Verdict</dt>
            <dd>{d.run.grading.replaceAll('_', ' ')}</dd>
          </>
        ) : null}
      </dl>
      <h4>Grades ({d.grades.length}, oldest first; none is ever replaced)</h4>
      <ol className="sk-grade-history small" aria-label="Grade history">
        {d.grades.map((g, i) => (
          <li key={i}>
            {g.by === 'grader' ? `grader ${g.graderId ?? ''}` : `judge ${g.model ?? ''}`} · {new Date(g.at).toLocaleString()} ·{' '}
            {g.error ? `error: ${g.error}` : `${g.pass ? 'pass' : 'fail'} (reward ${g.reward ?? '—'})`}
            {g.reason !== null ? <> · revised: &ldquo;{g.reason}&rdquo;</> : null}
          </li>
        ))}
      </ol>
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
