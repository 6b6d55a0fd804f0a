import { useEffect, useState } from 'react';
import { exclusionSummary, labelSetsDiffer } from '../../../shared/labelling/reportSummary';
import type { AppError } from '../../../shared/result';
import { api } from '../api/client';
import { ChecklistReport } from './ChecklistReport';
import { ComparisonTable, Confusion, Disagreements, usedCategories } from './ReportParts';
import { pct, withInterval, words } from './format';
import type { ReportView } from './types';

/** The researcher's agreement report, computed from the log when opened. Judge labels appear only here. */
export function LabellingReport({ studyKey }: { studyKey: string }) {
  const [view, setView] = useState<ReportView>();
  const [error, setError] = useState<AppError>();
  const [exported, setExported] = useState<{ dir: string; files: string[] }>();

  useEffect(() => {
    let live = true;
    void api()
      .labellingReport({ studyKey })
      .then((r) => live && (r.ok ? setView(r.value) : setError(r.error)));
    return () => {
      live = false;
    };
  }, [studyKey]);

  if (error)
    return (
      <p className="problems" role="alert">
        {error.message}
      </p>
    );
  if (!view) return <p className="muted">Computing the agreement report…</p>;
  const r = view.report;
  const sides = (s: typeof r.vsFinal): Array<[string, (typeof s.perRater)[string] | null]> => [
    ['All raters pooled', s.pooled],
    ...r.raters.map((x): [string, (typeof s.perRater)[string] | null] => [x, s.perRater[x] ?? null]),
  ];
  // Matrices pooled over dimensions span every label set; past a handful of labels they are mostly empty cells.
  const readable = (c: (typeof r.raterPairs)[number]['comparison']) => usedCategories(c) <= 6;
  const small = [
    ...r.raters.flatMap((x) => {
      const c = r.vsFinal.perRater[x];
      return c && readable(c)
        ? [<Confusion key={x} title={`${x} vs final label`} c={c} rows={x} columns="judges’ final" />]
        : [];
    }),
    ...r.raterPairs
      .filter((p) => readable(p.comparison))
      .map((p) => (
        <Confusion
          key={`${p.first}-${p.second}`}
          title={`${p.first} vs ${p.second}`}
          c={p.comparison}
          rows={p.first}
          columns={p.second}
        />
      )),
  ];
  const changed = view.sessions.filter((s) => s.itemSetChanged).map((s) => s.rater);
  return (
    <section className="lab-report" aria-label="Agreement report">
      <div className="lab-row lab-report-head">
        <h2>Agreement report</h2>
        <button
          onClick={() =>
            void api()
              .exportLabelling({ studyKey })
              .then((x) => (x.ok ? setExported(x.value) : setError(x.error)))
          }
        >
          Write exports
        </button>
        <button onClick={() => window.print()}>Print</button>
      </div>
      {exported ? (
        <p className="banner banner-notice small" role="status">
          Written to <code>{exported.dir}</code>:{' '}
          {exported.files.map((f) => f.split(/[\\/]/).pop()).join(', ')}
        </p>
      ) : null}
      <p className="small">
        {r.counts.itemsLabelled} of {r.counts.items} items labelled by {r.raters.length} rater
        {r.raters.length === 1 ? '' : 's'} (
        {[...view.sessions]
          .sort((a, b) => a.rater.localeCompare(b.rater))
          .map((s) => `${s.rater}: ${s.done}/${s.total}`)
          .join(', ') || 'none yet'}
         ). {r.counts.used} labels used; {exclusionSummary(r.excluded)}.
        Brackets: {Math.round(r.bootstrap.level * 100)}% bootstrap interval over items (
        {r.bootstrap.resamples} resamples). “undefined”: the statistic cannot be computed (e.g. κ when only
        one label was used).
      </p>
      {changed.length ? (
        <p className="lab-warn small">
          {changed.join(', ')} started on an earlier version of the items; their labels on items that changed
          since are kept in the label exports (marked item changed) and left out of these figures.
        </p>
      ) : null}
      <h3>Raters against the judges’ final label</h3>
      <ComparisonTable caption="Against the judges’ final label" rows={sides(r.vsFinal)} />
      {labelSetsDiffer(r) ? (
        <p className="muted small">
          These rows pool {r.byDimension.length} dimensions with different label sets, which lowers chance
          agreement and so raises κ, AC1 and PABAK: read the per-dimension table below for each dimension’s
          own figures.
        </p>
      ) : null}
      {r.judges.map((j) => (
        <ComparisonTable
          key={j}
          caption={`Against judge “${j}” alone`}
          rows={sides(r.vsJudge[j] ?? { pooled: null, perRater: {} })}
        />
      ))}
      <h3>Krippendorff’s alpha</h3>
      <p>
        Raters and judges together: <strong>{withInterval(r.alpha)}</strong> over {r.alpha.items} items.
        Raters only: <strong>{withInterval(r.alphaRaters)}</strong> over {r.alphaRaters.items} items.
      </p>
      <h3>Raters against each other (items both labelled)</h3>
      {r.raterPairs.length ? (
        <ComparisonTable
          caption="Rater against rater"
          rows={r.raterPairs.map((p) => [`${p.first} vs ${p.second}`, p.comparison])}
        />
      ) : (
        <p className="muted">No item has labels from two raters yet.</p>
      )}
      {r.checklist ? <ChecklistReport c={r.checklist} raters={r.raters} /> : null}
      <h3>Per dimension (all raters vs final label)</h3>
      <table className="tasks lab-stats">
        <thead>
          <tr>
            <th>Dimension</th>
            <th>Items</th>
            <th>Agreement</th>
            <th>Cohen’s κ</th>
            <th>Alpha</th>
            <th>Disagreements</th>
          </tr>
        </thead>
        <tbody>
          {r.byDimension.map((d) => (
            <tr key={d.dimension}>
              <th scope="row">{words(d.dimension)}</th>
              <td>{d.items}</td>
              <td>{d.vsFinal ? withInterval(d.vsFinal.agreement, pct) : '—'}</td>
              <td>{d.vsFinal ? withInterval(d.vsFinal.kappa) : '—'}</td>
              <td>{withInterval(d.alpha)}</td>
              <td>{d.disagreements}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Confusion matrices</h3>
      <p className="muted small">
        Per dimension, every rater against the judges’ final label (each dimension has its own labels).
      </p>
      <div className="lab-matrices">
        {r.byDimension.map((d) =>
          d.vsFinal ? (
            <Confusion
              key={d.dimension}
              title={words(d.dimension)}
              c={d.vsFinal}
              rows="raters"
              columns="judges’ final"
            />
          ) : null,
        )}
      </div>
      {small.length ? (
        <>
          <p className="muted small">Across dimensions, where few enough labels are in use to read:</p>
          <div className="lab-matrices">{small}</div>
        </>
      ) : null}
      <h3>Disagreements with the final label ({r.disagreements.length})</h3>
      <Disagreements list={r.disagreements} items={view.items} />
    </section>
  );
}
