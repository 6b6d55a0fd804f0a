import type { z } from 'zod';
import type { studyScoreSchema } from '../../../../shared/contract/slack';
import { queryCategories } from '../../../../shared/judge/query';

type Score = z.infer<typeof studyScoreSchema>;

const names: Record<string, string> = { AS: 'Agentic search', HA: 'Abstention', SU: 'Summarisation', CI: 'Circumstance inference' };
const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v * 1000) / 10}%`);

/** Pass rates per SlackBench category and the unweighted mean over categories. */
export function ScoresTable({ score, caption }: { score: Score; caption: string }) {
  return (
    <table className="tasks sk-scores">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th>Category</th>
          <th>Runs</th>
          <th>Graded</th>
          <th>Pass rate</th>
        </tr>
      </thead>
      <tbody>
        {queryCategories.map((c) => {
          const s = score.categories[c];
          return (
            <tr key={c}>
              <td>
                {names[c]} <span className="muted small">({c})</span>
              </td>
              <td>{s?.n ?? 0}</td>
              <td>
                {s?.graded ?? 0}
                {s?.ungraded ? <span className="muted small"> ({s.ungraded} waiting)</span> : null}
              </td>
              <td>{pct(s?.passRate ?? null)}</td>
            </tr>
          );
        })}
        <tr className="sk-overall">
          <td>Overall (mean of categories)</td>
          <td />
          <td />
          <td>{pct(score.overall)}</td>
        </tr>
      </tbody>
      {score.missing.length ? (
        <tfoot>
          <tr>
            <td colSpan={4} className="muted small">
              No graded runs yet in: {score.missing.join(', ')}.
            </td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}
