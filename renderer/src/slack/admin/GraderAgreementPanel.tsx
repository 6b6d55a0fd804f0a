import { useEffect, useState } from 'react';
import type { GraderAgreementView } from '../../../../shared/contract/slack';
import type { Comparison } from '../../../../shared/labelling/report-schema';
import { api } from '../../api/client';
import { interval, num } from '../../results/format';

type Row = { name: string; c: Comparison };
const est = (e: Comparison['kappa']) => `${num(e.value)} ${interval([e.low, e.high])}`.trim();

/**
 * The two graders of each answer against each other, with the statistics the labelling sessions use (95% percentile
 * bootstrap intervals over answers), and where the disagreements stand. Shown to the researcher only.
 */
export function GraderAgreementPanel({ studyKey, refresh }: { studyKey: string; refresh: number }) {
  const [a, setA] = useState<GraderAgreementView | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    void api()
      .slackGraderAgreement({ studyKey })
      .then((r) => (r.ok ? setA(r.value) : setError(r.error.message)));
  }, [studyKey, refresh]);
  if (error) return <p className="error-text">{error}</p>;
  if (!a) return null;
  const rows: Row[] = [];
  const add = (prefix: string, side: GraderAgreementView['pooled']) => {
    if (side.verdicts) rows.push({ name: `${prefix}YES/NO answers`, c: side.verdicts });
    if (side.checklistItems) rows.push({ name: `${prefix}checklist items`, c: side.checklistItems });
  };
  add('All pairs · ', a.pooled);
  if (a.pairs.length > 1) for (const p of a.pairs) add(`${p.first} and ${p.second} · `, p);
  const single = a.pairs.length === 1 ? a.pairs[0] : undefined;
  return (
    <section aria-labelledby="agreement-title">
      <h2 id="agreement-title">Agreement between graders</h2>
      <p>
        {a.gradersPerAnswer === 2 ? 'Two graders per answer (study.yaml grading:). ' : 'One grader per answer; answers graded by two people are compared here. '}
        {a.answersGraded} answers graded by a person, {a.doubleGraded} by two
        {single ? ` (${single.first} and ${single.second})` : ''}: {a.agreed} agreed, {a.disagreed} differed
        {a.disagreed ? ` (${a.settled} settled by a third grader, ${a.awaitingThird} waiting for one)` : ''}
        {a.awaitingSecond ? `; ${a.awaitingSecond} waiting for a second grader` : ''}.
      </p>
      {rows.length ? (
        <table className="tasks sk-agreement">
          <caption className="muted small">An answer agrees when both give the same verdict (a summary: every checklist item alike). Intervals: 95% bootstrap over answers.</caption>
          <thead>
            <tr>
              <th scope="col">Compared</th>
              <th scope="col">Pairs</th>
              <th scope="col">Agreement</th>
              <th scope="col">Cohen&rsquo;s κ</th>
              <th scope="col">Gwet&rsquo;s AC1</th>
              <th scope="col">PABAK</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.name}>
                <th scope="row">{r.name}</th>
                <td>{r.c.pairs}</td>
                <td>{est(r.c.agreement)}</td>
                <td>{est(r.c.kappa)}</td>
                <td>{est(r.c.ac1)}</td>
                <td>{est(r.c.pabak)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
