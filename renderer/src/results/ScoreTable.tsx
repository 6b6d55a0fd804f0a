import type { ScoreRow, TeamResults } from '../../../shared/contract/results';
import { dimensionName, interval, num } from './format';

const rowName = (model: string) => (model === 'human:all' ? 'Everyone (human:all)' : model.startsWith('human:') ? model.slice('human:'.length) : model);

/** final_results.json's rows: per dimension the test score with its interval, baseline, teamwork loss and gating; then overall. */
export function ScoreTable({ results }: { results: TeamResults }) {
  return (
    <table className="tasks results-scores">
      <caption className="muted small">
        Test = manipulation pass rate over gated scenarios (rows marked “not gated”: over every scenario played); 95% bootstrap interval in
        brackets. Teamwork loss, as the benchmark defines it: per dimension the mean, over gated scenarios with both a control and a
        manipulation value, of control − manipulation (blank when none has both); overall the mean of the dimension losses.
        {!results.rows.some((r) => r.model === 'human:all')
          ? ''
          : results.design === 'between'
            ? ' Everyone (human:all) pools all participants’ runs per scenario, and pairs each gated scenario’s pooled control and manipulation values; a participant’s own loss is blank (nothing is paired within one person).'
            : ' Everyone (human:all): the mean of the participants’ own values, loss included.'}
      </caption>
      <thead>
        <tr>
          <th scope="col">Row</th>
          <th scope="col">Dimension</th>
          <th scope="col">Test score</th>
          <th scope="col">Baseline</th>
          <th scope="col">Teamwork loss</th>
          <th scope="col">Gated</th>
          <th scope="col">Solved alone</th>
        </tr>
      </thead>
      {results.rows.map((row) => (
        <RowBody key={row.model} row={row} dimensions={results.dimensions} />
      ))}
    </table>
  );
}

function RowBody({ row, dimensions }: { row: ScoreRow; dimensions: string[] }) {
  // Every listed dimension has a cell; one the row never played (all nulls) is not drawn.
  const dims = dimensions.filter((d) => (row.dimensions[d]?.n_scenarios ?? 0) > 0);
  const span = dims.length + 1;
  return (
    <tbody data-row={row.model}>
      {dims.map((d, i) => {
        const c = row.dimensions[d]!;
        return (
          <tr key={d}>
            {i === 0 ? (
              <th scope="rowgroup" rowSpan={span}>
                {rowName(row.model)}
              </th>
            ) : null}
            <td>{dimensionName(d)}</td>
            <td>
              {num(c.test)} <span className="muted small">{interval(c.test_ci)}</span>
            </td>
            <td>{num(c.baseline)}</td>
            <td>{num(c.teamwork_loss)}</td>
            <td>{c.gating === 'none' ? <span className="muted small">not gated</span> : `${c.n_gated} of ${c.n_scenarios}`}</td>
            <td>{num(c.alone)}</td>
          </tr>
        );
      })}
      <tr className="results-overall">
        {dims.length === 0 ? <th scope="rowgroup">{rowName(row.model)}</th> : null}
        <td>Overall</td>
        <td>
          {num(row.overall.score)} <span className="muted small">{interval(row.overall.ci)}</span>
        </td>
        <td>{num(row.overall.baseline)}</td>
        <td>{num(row.overall.teamwork_loss)}</td>
        <td>{dims.length > 0 && dims.every((d) => row.dimensions[d]!.gating === 'none') ? <span className="muted small">not gated</span> : `${row.overall.n_gated} of ${row.overall.n_scenarios}`}</td>
        <td />
      </tr>
    </tbody>
  );
}
