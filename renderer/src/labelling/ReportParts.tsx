import { useState } from 'react';
import type { Comparison } from '../../../shared/labelling/report-schema';
import type { LabellingItem } from '../../../shared/labelling/items';
import { ItemCard } from './ItemCard';
import { pct, withInterval, words } from './format';
import type { ReportView } from './types';

/** One row per comparison: percent agreement, Cohen's kappa, Gwet's AC1 and PABAK, each with its interval. */
export function ComparisonTable({
  caption,
  rows,
}: {
  caption: string;
  rows: Array<[string, Comparison | null | undefined]>;
}) {
  const shown = rows.filter((r): r is [string, Comparison] => !!r[1]);
  if (shown.length === 0) return <p className="muted">No labels to compare yet.</p>;
  return (
    <table className="tasks lab-stats">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th />
          <th>Items</th>
          <th>Agreement</th>
          <th>Cohen’s κ</th>
          <th>Gwet’s AC1</th>
          <th>PABAK</th>
        </tr>
      </thead>
      <tbody>
        {shown.map(([name, c]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{c.pairs === c.items ? c.items : `${c.items} (${c.pairs} labels)`}</td>
            <td>{withInterval(c.agreement, pct)}</td>
            <td>{withInterval(c.kappa)}</td>
            <td>{withInterval(c.ac1)}</td>
            <td>{withInterval(c.pabak)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const usedIndexes = (c: Comparison) =>
  c.categories
    .map((_, i) => i)
    .filter((i) => (c.confusion[i] ?? []).some((n) => n > 0) || c.confusion.some((row) => (row[i] ?? 0) > 0));
export const usedCategories = (c: Comparison) => usedIndexes(c).length;

/** Rows are the first side (a rater), columns the second; labels nobody used are left out to keep it readable. */
export function Confusion({
  title,
  c,
  rows,
  columns,
}: {
  title: string;
  c: Comparison;
  rows: string;
  columns: string;
}) {
  const used = usedIndexes(c);
  return (
    <figure className="lab-matrix">
      <figcaption>
        <strong>{title}</strong>
        <br />
        <span className="muted small">
          rows: {rows} · columns: {columns}
        </span>
      </figcaption>
      <table>
        <thead>
          <tr>
            <th className="lab-corner">
              {rows} ↓ · {columns} →
            </th>
            {used.map((i) => (
              <th key={i}>{words(c.categories[i] ?? '')}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {used.map((r) => (
            <tr key={r}>
              <th scope="row">{words(c.categories[r] ?? '')}</th>
              {used.map((col) => (
                <td
                  key={col}
                  className={r === col ? 'lab-diag' : (c.confusion[r]?.[col] ?? 0) > 0 ? 'lab-off' : ''}
                >
                  {c.confusion[r]?.[col] ?? 0}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

type Disagreement = ReportView['report']['disagreements'][number];

/** Each disagreement with its item's context one click away. */
export function Disagreements({ list, items }: { list: Disagreement[]; items: LabellingItem[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const byId = new Map(items.map((i) => [i.id, i]));
  if (list.length === 0) return <p className="muted">No rater disagreed with the judges’ final label.</p>;
  return (
    <ul className="lab-disagreements">
      {list.map((d) => {
        const key = `${d.rater}:${d.itemId}`;
        const item = byId.get(d.itemId);
        return (
          <li key={key}>
            <button
              className="link"
              aria-expanded={open === key}
              onClick={() => setOpen(open === key ? null : key)}
            >
              {open === key ? '▾' : '▸'} <code>{d.itemId}</code>
            </button>{' '}
            <span className="muted small">{words(d.dimension)}</span> — {d.rater}:{' '}
            <strong>{words(d.raterLabel)}</strong>, judges: <strong>{words(d.judgeLabel)}</strong>
            {d.perJudge ? (
              <span className="muted small">
                {' '}
                (
                {Object.entries(d.perJudge)
                  .map(([j, l]) => `${j}: ${words(l)}`)
                  .join(', ')}
                )
              </span>
            ) : null}
            {open === key && item ? <ItemCard item={item} tag="The labelled message" /> : null}
          </li>
        );
      })}
    </ul>
  );
}
