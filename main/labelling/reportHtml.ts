/**
 * The printable agreement report: one self-contained HTML file with no script. Every value that came
 * from a study file or a rater goes through `html`, which escapes it; only `html` results are inserted raw.
 */
import type { Comparison, Estimate } from '../../shared/labelling/report-schema.js';
import type { LabellingItem } from '../../shared/labelling/items.js';
import { exclusionSummary, labelSetsDiffer } from '../../shared/labelling/reportSummary.js';
import type { ReportView } from './exports.js';

class Html {
  constructor(readonly text: string) {}
}

const escape = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const piece = (v: unknown): string =>
  v instanceof Html
    ? v.text
    : Array.isArray(v)
      ? v.map(piece).join('')
      : v === null || v === undefined || v === false
        ? ''
        : escape(String(v));

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  return new Html(strings.reduce((out, s, i) => out + s + (i < values.length ? piece(values[i]) : ''), ''));
}

const num = (v: number | null, digits = 2) => (v === null ? 'undefined' : v.toFixed(digits));
const pct = (v: number | null) => (v === null ? 'undefined' : `${(v * 100).toFixed(1)}%`);
const ci = (e: Estimate, f: (v: number | null) => string) =>
  e.low === null || e.high === null ? '' : ` [${f(e.low)}, ${f(e.high)}]`;
const est = (e: Estimate, f: (v: number | null) => string = num) => `${f(e.value)}${ci(e, f)}`;

function comparisonRows(rows: Array<[string, Comparison | null | undefined]>): Html {
  const body = rows
    .filter((r): r is [string, Comparison] => !!r[1])
    .map(
      ([name, c]) =>
        html`<tr>
          <th>${name}</th>
          <td>${c.items}</td>
          <td>${est(c.agreement, pct)}</td>
          <td>${est(c.kappa)}</td>
          <td>${est(c.ac1)}</td>
          <td>${est(c.pabak)}</td>
        </tr>`,
    );
  return html`<table>
    <thead>
      <tr>
        <th></th>
        <th>Items</th>
        <th>Agreement</th>
        <th>Cohen's κ</th>
        <th>Gwet's AC1</th>
        <th>PABAK</th>
      </tr>
    </thead>
    <tbody>
      ${body}
    </tbody>
  </table>`;
}

const usedIndexes = (c: Comparison) =>
  c.categories
    .map((_, i) => i)
    .filter((i) => c.confusion[i]?.some((n) => n > 0) || c.confusion.some((row) => (row[i] ?? 0) > 0));

function confusion(title: string, c: Comparison, rowName: string, columnName: string): Html {
  const used = usedIndexes(c);
  const head = used.map((i) => html`<th>${c.categories[i]}</th>`);
  const rows = used.map(
    (r) =>
      html`<tr>
        <th>${c.categories[r]}</th>
        ${used.map((col) => html`<td class="${r === col ? 'diag' : ''}">${c.confusion[r]?.[col] ?? 0}</td>`)}
      </tr>`,
  );
  return html`<figure>
    <figcaption>${title} — rows: ${rowName}, columns: ${columnName}</figcaption>
    <table class="matrix">
      <thead>
        <tr>
          <th></th>
          ${head}
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
  </figure>`;
}

/** Checklist entries of graded verdict items: raters against the judge's per-entry verdicts. */
function checklistSection(r: ReportView['report']): Html {
  const c = r.checklist;
  if (!c) return html``;
  const rows: Array<[string, Comparison | null | undefined]> = [
    ['All raters pooled', c.vsJudge.pooled],
    ...r.raters.map((x): [string, Comparison | undefined] => [x, c.vsJudge.perRater[x]]),
    ...c.raterPairs.map((p): [string, Comparison] => [`${p.first} vs ${p.second}`, p.comparison]),
  ];
  return html`<h2>Checklist lines of graded answers</h2>
    <p>
      ${c.items} graded answer(s), ${c.judgedEntries} checklist lines with the judge's verdict. Each row pairs a
      rater's YES/NO on one line with the judge's (or another rater's); "Items" counts answers, and the intervals
      resample answers, not lines.
    </p>
    ${comparisonRows(rows)}
    ${c.disagreements.length
      ? html`<ul>
          ${c.disagreements.map(
            (d) =>
              html`<li><b>${d.itemId}</b> · ${d.text}: ${d.rater} said <b>${d.raterVerdict}</b>, the judge <b>${d.judgeVerdict}</b></li>`,
          )}
        </ul>`
      : html`<p>No rater disagreed with the judge on a checklist line.</p>`}`;
}

function itemContext(item: LabellingItem | undefined): Html {
  if (!item) return html``;
  if (item.kind === 'verdict')
    return html`<p><b>Query:</b> ${item.query}</p>
      <p><b>Answer:</b> ${item.answer}</p>
      <p><b>Reference:</b> ${item.reference}</p>
      ${item.checklist
        ? html`<ul>
            ${item.checklist.map((e) => html`<li>${e.text} — judge: ${item.judge?.checklist?.[e.id] ?? '—'}</li>`)}
          </ul>`
        : ''}`;
  return html`<ol class="context">
    ${item.context.map((m) => html`<li><b>${m.seat}:</b> ${m.text}</li>`)}
    <li class="message"><b>${item.message.seat}:</b> ${item.message.text}</li>
  </ol>`;
}

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;color:#1d1c1d;margin:24px;max-width:960px}table{border-collapse:collapse;margin:8px 0 16px}
th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}td.diag{background:#e8f3ea;font-weight:600}
.context{padding-left:20px}.message{background:#fff4c2}section.d{break-inside:avoid;border-top:1px solid #ddd;padding-top:6px}
figure{display:inline-block;margin:0 16px 12px 0;break-inside:avoid}figcaption{font-size:12px;color:#555}
@media print{body{margin:0}a{color:inherit}}`;

export function reportHtml(title: string, view: ReportView, at: Date): string {
  const r = view.report;
  const items = new Map(view.items.map((i) => [i.id, i]));
  const perRater = (sides: typeof r.vsFinal) =>
    comparisonRows([
      ['All raters pooled', sides.pooled],
      ...r.raters.map((x): [string, Comparison | undefined] => [x, sides.perRater[x]]),
    ]);
  const judges = r.judges.map(
    (j) =>
      html`<h3>Against ${j}</h3>
        ${perRater(r.vsJudge[j] ?? { pooled: null, perRater: {} })}`,
  );
  // Pooled over dimensions the matrices span every label set and are mostly empty: keep those only when small.
  const readable = (c: Comparison) => usedIndexes(c).length <= 6;
  const matrices = [
    ...r.byDimension.flatMap((d) =>
      d.vsFinal ? [confusion(`${d.dimension.replaceAll('_', ' ')}: raters vs final label`, d.vsFinal, 'raters', 'judges')] : [],
    ),
    ...r.raters.flatMap((x) => {
      const c = r.vsFinal.perRater[x];
      return c && readable(c) ? [confusion(`${x} vs final label`, c, x, 'judges')] : [];
    }),
    ...r.raterPairs
      .filter((p) => readable(p.comparison))
      .map((p) => confusion(`${p.first} vs ${p.second}`, p.comparison, p.first, p.second)),
  ];
  const dims = r.byDimension.map(
    (d) =>
      html`<tr>
        <th>${d.dimension.replaceAll('_', ' ')}</th>
        <td>${d.items}</td>
        <td>${d.vsFinal ? est(d.vsFinal.agreement, pct) : '—'}</td>
        <td>${d.vsFinal ? est(d.vsFinal.kappa) : '—'}</td>
        <td>${est(d.alpha)}</td>
        <td>${d.disagreements}</td>
      </tr>`,
  );
  const disagreements = r.disagreements.map(
    (d) =>
      html`<section class="d">
        <p>
          <b>${d.itemId}</b> (${d.dimension.replaceAll('_', ' ')}): ${d.rater} said <b>${d.raterLabel}</b>,
          judges said <b>${d.judgeLabel}</b>${
            d.perJudge
              ? ` (${Object.entries(d.perJudge)
                  .map(([j, l]) => `${j}: ${l}`)
                  .join(', ')})`
              : ''
          }
        </p>
        ${itemContext(items.get(d.itemId))}
      </section>`,
  );
  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'" />
        <title>Agreement report — ${title}</title>
        <style>
          ${new Html(STYLE)}
        </style>
      </head>
      <body>
        <h1>Agreement report — ${title}</h1>
        <p>
          Written ${at.toISOString()}. ${r.counts.itemsLabelled} of ${r.counts.items} items labelled by
          ${r.raters.length} rater(s); ${r.counts.used} labels used, ${exclusionSummary(r.excluded)}. Intervals: ${Math.round(r.bootstrap.level * 100)}% percentile bootstrap over
          items, ${r.bootstrap.resamples} resamples, seed ${r.bootstrap.seed}. "undefined" means the statistic
          cannot be computed (e.g. κ when only one label was used).
        </p>
        <h2>Raters against the judges' final label</h2>
        ${perRater(r.vsFinal)}
${labelSetsDiffer(r) ? html`<p>Pooled rows mix dimensions with different label sets, which lowers chance agreement and raises κ, AC1 and PABAK: read the per-dimension table.</p>` : ''} ${judges}
        <h2>Krippendorff's alpha</h2>
        <p>
          All raters and judges: ${est(r.alpha)} over ${r.alpha.items} items. Raters only:
          ${est(r.alphaRaters)} over ${r.alphaRaters.items} items.
        </p>
        <h2>Raters against each other (overlapping items)</h2>
        ${r.raterPairs.length ? comparisonRows(r.raterPairs.map((p): [string, Comparison] => [`${p.first} vs ${p.second}`, p.comparison])) : html`<p>No item was labelled by two raters.</p>`}
        ${checklistSection(r)}
        <h2>Per dimension</h2>
        <table>
          <thead>
            <tr>
              <th>Dimension</th>
              <th>Items</th>
              <th>Agreement</th>
              <th>Cohen's κ</th>
              <th>Alpha</th>
              <th>Disagreements</th>
            </tr>
          </thead>
          <tbody>
            ${dims}
          </tbody>
        </table>
        <h2>Confusion matrices</h2>
        ${matrices}
        <h2>Disagreements with the final label (${r.disagreements.length})</h2>
        ${disagreements}
      </body>
    </html> `;
  return page.text;
}
