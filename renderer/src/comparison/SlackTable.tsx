import type { ComparisonView } from '../../../shared/contract/comparison';
import { queryCategories } from '../../../shared/judge/query';
import { slackTable } from '../../../shared/comparison/tables';
import { fmtPct } from '../../../shared/comparison/figures';

const pct = (x: unknown) => (typeof x === 'number' ? fmtPct(x) : '–');

export function SlackTable({ view }: { view: ComparisonView }) {
  return (
    <div className="cmp-table-wrap">
      <table className="tasks cmp-table">
        <caption className="small muted">
          Slack pass rates per category, with where each row came from
        </caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            {queryCategories.map((c) => (
              <th scope="col" key={c}>
                {c}
              </th>
            ))}
            <th scope="col">Overall</th>
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {slackTable(view).map((r, i) => (
            <tr key={i}>
              <th scope="row">{r.row}</th>
              {queryCategories.map((c) => (
                <td key={c}>{pct((r as Record<string, unknown>)[c])}</td>
              ))}
              <td>{pct(r.overall)}</td>
              <td className="small muted">{r.source}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
