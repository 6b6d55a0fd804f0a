import { ComparisonTable } from './ReportParts';
import type { ReportView } from './types';

type ChecklistSection = NonNullable<ReportView['report']['checklist']>;

/** Raters against the judge on each checklist line of graded answers, and against each other. */
export function ChecklistReport({ c, raters }: { c: ChecklistSection; raters: string[] }) {
  return (
    <>
      <h3>Checklist lines of graded answers</h3>
      <p className="muted small">
        {c.items} graded answer{c.items === 1 ? '' : 's'}, {c.judgedEntries} checklist lines with the judge’s
        verdict. Each pair is one rater’s YES/NO on one line; “Items” counts answers, and the intervals
        resample answers, not lines.
      </p>
      <ComparisonTable
        caption="Checklist lines against the judge"
        rows={[
          ['All raters pooled', c.vsJudge.pooled],
          ...raters.map((x): [string, (typeof c.vsJudge.perRater)[string] | null] => [
            x,
            c.vsJudge.perRater[x] ?? null,
          ]),
        ]}
      />
      {c.raterPairs.length ? (
        <ComparisonTable
          caption="Checklist lines, rater against rater"
          rows={c.raterPairs.map((p) => [`${p.first} vs ${p.second}`, p.comparison])}
        />
      ) : null}
      {c.disagreements.length ? (
        <ul className="lab-disagreements" aria-label="Checklist disagreements">
          {c.disagreements.map((d) => (
            <li key={`${d.rater}:${d.itemId}:${d.checklistId}`}>
              <code>{d.itemId}</code> · {d.text} — {d.rater}: <strong>{d.raterVerdict}</strong>, judge:{' '}
              <strong>{d.judgeVerdict}</strong>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No rater disagreed with the judge on a checklist line.</p>
      )}
    </>
  );
}
