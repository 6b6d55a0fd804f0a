import type { Comparison } from '../../../../shared/labelling/report-schema';
import { ComparisonTable } from '../ReportParts';
import { num, pct, words } from '../format';
import { runName, type JudgeAlignment } from './types';

/** κ on the first line; its interval, the percent agreement and the items compared below it, so the table stays narrow. */
function Kappa({ c }: { c: Comparison | null | undefined }) {
  if (!c) return <>—</>;
  const interval = c.kappa.low === null || c.kappa.high === null ? '' : `[${num(c.kappa.low)}, ${num(c.kappa.high)}] · `;
  return (
    <>
      <div>κ {num(c.kappa.value)}</div>
      <div className="small muted">
        {interval}
        {pct(c.agreement.value)} ({c.items})
      </div>
    </>
  );
}

/** Potato's judge-alignment view as the model: κ per prompt version, then the items where anyone differs. */
export function AlignmentView({ alignment }: { alignment: JudgeAlignment }) {
  const runs = alignment.runs;
  const judges = [...new Set(runs.flatMap((r) => Object.keys(r.vsRecordedJudge)))];
  const c = alignment.consensus;
  return (
    <div className="jv-alignment">
      <h2>Agreement per prompt version</h2>
      <p className="small muted">
        Cohen’s κ, then its 95% bootstrap interval · percent agreement (items compared). “People” pools every rater’s label; “consensus” is the raters’ label where
        they agreed and the adjudicator’s where they did not ({c.agreed} agreed, {c.adjudicated} adjudicated, {c.pending} waiting, of {c.items} items
        two or more raters labelled).
      </p>
      <table className="tasks lab-stats jv-kappa">
        <caption>Each run against people, the judges recorded in the item file, and the consensus</caption>
        <thead>
          <tr>
            <th>Run</th>
            <th>vs people</th>
            <th>vs recorded final</th>
            {judges.map((j) => (
              <th key={j}>vs recorded {j}</th>
            ))}
            <th>vs consensus</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            <tr key={r.runId}>
              <th scope="row">
                {runName(r)} <code className="small">{r.templateHash.slice(0, 8)}</code>
              </th>
              <td>
                <Kappa c={r.vsPeople.pooled} />
              </td>
              <td>
                <Kappa c={r.vsRecordedFinal} />
              </td>
              {judges.map((j) => (
                <td key={j}>
                  <Kappa c={r.vsRecordedJudge[j]} />
                </td>
              ))}
              <td>
                <Kappa c={r.vsConsensus} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ComparisonTable
        caption="The judges recorded in the item file against the consensus"
        rows={[['recorded final', alignment.recordedVsConsensus.final], ...Object.entries(alignment.recordedVsConsensus.perJudge).map(([j, x]): [string, Comparison] => [`recorded ${j}`, x])]}
      />
      <h2>Disagreements ({alignment.disagreements.length} items)</h2>
      {alignment.disagreements.length === 0 ? (
        <p className="muted">Every run, rater, recorded judge and consensus gave the same label on every item.</p>
      ) : (
        <div className="jv-scroll" tabIndex={0} role="region" aria-label="Disagreement table">
          <table className="tasks jv-disagreements">
            <caption className="small muted">A label that differs from the consensus (or, without one, from the recorded final) is marked ≠.</caption>
            <thead>
              <tr>
                <th>Item</th>
                <th>People</th>
                <th>Consensus</th>
                <th>Recorded final</th>
                {runs.map((r) => (
                  <th key={r.runId}>{runName(r)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {alignment.disagreements.map((d) => {
                const reference = d.consensus ?? d.recordedFinal;
                const mark = (label: string | undefined | null) =>
                  label && reference && label !== reference ? <strong className="jv-differs">≠ {words(label)}</strong> : label ? words(label) : '—';
                return (
                  <tr key={d.itemId}>
                    <th scope="row">
                      <code>{d.itemId}</code>
                      <div className="small muted">{words(d.dimension)}</div>
                    </th>
                    <td>
                      {Object.entries(d.people).map(([who, l]) => (
                        <div key={who}>
                          {who}: {mark(l)}
                        </div>
                      ))}
                    </td>
                    <td>{d.consensus ? `${words(d.consensus)} (${d.consensusSource})` : d.consensusSource === 'pending' ? 'waiting for the adjudicator' : '—'}</td>
                    <td>{mark(d.recordedFinal)}</td>
                    {runs.map((r) => {
                      const x = d.runs[r.runId];
                      return <td key={r.runId}>{!x ? '—' : x.status === 'label' ? mark(x.label) : <em>{x.status}</em>}</td>;
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
