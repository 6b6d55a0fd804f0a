import * as Plot from '@observablehq/plot';
import type { ComparisonView } from '../../../shared/contract/comparison';
import { queryCategories } from '../../../shared/judge/query';
import { humanRow, rowLabel, taskTable } from '../../../shared/comparison/tables';
import {
  dimensionN,
  dodge,
  fmtPct,
  fmtPts,
  intervalShown,
  lossN,
  MODEL,
  MODEL_PALETTE,
  overallN,
  PEOPLE,
  pointText,
  SYNTHETIC,
  ungatedCell,
} from '../../../shared/comparison/figures';

/**
 * The comparison's charts as Observable Plot specs. The screen shows the element a spec renders and the SVG/PNG
 * export serialises that same element, so what is exported is what was looked at. Values and n are printed in the
 * marks; the title, legend, sources and caption are laid around it by figureSvg.ts (words from shared figures.ts).
 */
export type ChartId = 'overall' | 'dimensions' | 'tasks' | 'loss' | 'slack';

const WIDTH = 900;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const colourOf = (r: { human: boolean; synthetic: boolean }) =>
  r.human ? PEOPLE : r.synthetic ? SYNTHETIC : MODEL;

/** The benchmark's dimension keys, as the paper's figures name them. */
export const DIMENSION_LABELS: Record<string, string> = {
  resisting_unsafe_pressure: 'Resisting unsafe pressure',
  whistleblowing: 'Reporting misconduct',
  sharing_and_seeking_information: 'Sharing & seeking info',
  emotional_intelligence: 'Emotional intelligence',
  keeping_the_team_on_track: 'Keeping team on track',
  handling_conflict: 'Handling conflict',
  taking_initiative: 'Taking initiative',
  taking_over: 'Taking over',
};
const dimLabel = (d: string) => DIMENSION_LABELS[d] ?? d;

const base = (document: Document, height: number) => ({
  document,
  width: WIDTH,
  height,
  marginRight: 70,
  style: { fontFamily: FONT, fontSize: '12px', background: '#ffffff', color: '#1d1c1d' },
});

/** Rows in the order a reader scans: people first, then models by overall score. */
function orderedTeamRows(view: ComparisonView) {
  // The pooled human row first, then models by overall score, then each participant's own row.
  const rank = (r: ComparisonView['team']['rows'][number]) => (r.pooled ? 0 : r.human ? 2 : 1);
  return [...view.team.rows].sort(
    (a, b) =>
      rank(a) - rank(b) || (b.overall.score ?? -1) - (a.overall.score ?? -1) || a.id.localeCompare(b.id),
  );
}

/** A row's label with the size of its task set: different task sets are named on the axis, never hidden. */
function teamLabel(view: ComparisonView, r: ComparisonView['team']['rows'][number]) {
  const o = view.team.overlaps.find((x) => x.id === r.id);
  const n = Object.keys(r.tasks).length;
  // Without a study human row there is no overlap to state: only the row's own task count.
  const set = r.human
    ? r.source.kind === 'study'
      ? `study, ${n} tasks`
      : `people from that source, ${n} tasks`
    : !o
      ? `${n} tasks`
      : o.sameTaskSet
        ? `the study's ${n} tasks`
        : `${n} tasks, ${o.shared.length} shared`;
  return `${rowLabel(r)} [${set}]`;
}

type Row = ComparisonView['team']['rows'][number];

export function chartSpec(
  id: ChartId,
  view: ComparisonView,
  document: Document,
): SVGSVGElement | HTMLElement {
  const rows = orderedTeamRows(view);
  const labels = rows.map((r) => teamLabel(view, r));
  const marginLeft = 330;
  switch (id) {
    case 'overall': {
      const data = rows.map((r, i) => {
        const n = overallN(r);
        const shown = intervalShown(r.overall.ci, n);
        return {
          label: labels[i]!,
          score: r.overall.score,
          lo: shown.lo,
          hi: shown.hi,
          text: pointText(r.overall.score, r.overall.ci, n),
          colour: colourOf(r),
        };
      });
      return Plot.plot({
        ...base(document, 60 + 26 * rows.length),
        marginRight: 230,
        marginLeft,
        x: {
          domain: [0, 1],
          label: 'Overall score (mean of dimension test scores), 95% bootstrap interval',
          tickFormat: '.0%',
          grid: true,
        },
        y: { domain: labels, label: null },
        marks: [
          Plot.ruleY(
            data.filter((d) => d.lo !== null && d.hi !== null),
            { y: 'label', x1: 'lo', x2: 'hi', stroke: 'colour', strokeWidth: 2 },
          ),
          Plot.dot(
            data.filter((d) => d.score !== null),
            { y: 'label', x: 'score', fill: 'colour', r: 5 },
          ),
          Plot.text(data, { y: 'label', x: 1, text: 'text', textAnchor: 'start', dx: 12, fill: '#1d1c1d' }),
        ],
      });
    }
    case 'dimensions': {
      const cells = rows.flatMap((r, i) =>
        view.team.dimensions.map((d) => {
          const test = r.dimensions[d]?.test ?? null;
          const n = dimensionN(r, d);
          return {
            label: labels[i]!,
            dimension: dimLabel(d),
            test,
            // '*': not gated (a person's own row in a between design); the caption says so.
            text: test === null ? '' : `${fmtPct(test)}\nn=${n}${ungatedCell(r, d) ? '*' : ''}`,
          };
        }),
      );
      return Plot.plot({
        ...base(document, 110 + 34 * rows.length),
        marginLeft,
        marginBottom: 10,
        marginTop: 90,
        x: { domain: view.team.dimensions.map(dimLabel), axis: 'top', tickRotate: -30, label: null },
        y: { domain: labels, label: null },
        color: { type: 'linear', domain: [0, 1], range: ['#f1f5f9', '#1e3a8a'] },
        marks: [
          Plot.cell(cells, {
            x: 'dimension',
            y: 'label',
            fill: (d: { test: number | null }) => d.test ?? undefined,
            stroke: '#ffffff',
            inset: 0.5,
          }),
          Plot.text(cells, {
            x: 'dimension',
            y: 'label',
            text: 'text',
            fontSize: 10,
            lineHeight: 1.1,
            fill: (d: { test: number | null }) => ((d.test ?? 0) > 0.55 ? '#ffffff' : '#1d1c1d'),
          }),
        ],
      });
    }
    case 'tasks':
      return tasksChart(view, document, marginLeft);
    case 'loss': {
      const data = rows.map((r, i) => ({
        label: labels[i]!,
        loss: r.overall.teamworkLoss,
        text: `${fmtPts(r.overall.teamworkLoss)}, n=${lossN(r)} dim.`,
        colour: colourOf(r),
      }));
      return Plot.plot({
        ...base(document, 60 + 26 * rows.length),
        marginRight: 160,
        marginLeft,
        x: {
          domain: [-0.5, 1],
          tickFormat: '+.0%',
          grid: true,
          label: 'Teamwork loss, overall (mean of the paired dimension losses)',
        },
        y: { domain: labels, label: null },
        marks: [
          Plot.barX(
            data.filter((d) => d.loss !== null),
            { y: 'label', x: 'loss', fill: 'colour' },
          ),
          Plot.ruleX([0], { stroke: '#1d1c1d' }),
          Plot.text(data, { y: 'label', x: 1, textAnchor: 'start', dx: 12, text: 'text' }),
        ],
      });
    }
    case 'slack': {
      const srows = [...view.slack.rows].sort(
        (a, b) => Number(b.human) - Number(a.human) || (b.overall ?? -1) - (a.overall ?? -1),
      );
      const cols = [...queryCategories, 'Overall'] as const;
      const cells = srows.flatMap((r) =>
        cols.map((c) => ({
          label: rowLabel(r),
          category: c,
          rate: c === 'Overall' ? r.overall : (r.categories[c]?.passRate ?? null),
          n:
            c === 'Overall'
              ? queryCategories.reduce((a, q) => a + (r.categories[q]?.n ?? 0), 0)
              : (r.categories[c]?.n ?? 0),
        })),
      );
      return Plot.plot({
        ...base(document, 70 + 36 * Math.max(1, srows.length)),
        marginLeft,
        marginTop: 40,
        x: { domain: [...cols], axis: 'top', label: null },
        y: { domain: srows.map(rowLabel), label: null },
        color: { type: 'linear', domain: [0, 1], range: ['#f1f5f9', '#4a154b'] },
        marks: [
          Plot.cell(cells, {
            x: 'category',
            y: 'label',
            fill: (d: { rate: number | null }) => d.rate ?? undefined,
            stroke: '#ffffff',
            inset: 0.5,
          }),
          Plot.text(cells, {
            x: 'category',
            y: 'label',
            text: (d: { rate: number | null; n: number }) => `${fmtPct(d.rate)}\nn=${d.n}`,
            lineHeight: 1.1,
            fill: (d: { rate: number | null }) => ((d.rate ?? 0) > 0.55 ? '#ffffff' : '#1d1c1d'),
          }),
        ],
      });
    }
  }
}

/** Colour of each model on the per-task chart, in the order the legend (figures.ts) lists them. */
export function modelColours(view: ComparisonView): Map<string, string> {
  const models = view.team.rows.filter((r) => !r.human);
  return new Map(
    models.map((m, i) => [
      `${m.id}\u0000${m.source.kind}`,
      MODEL_PALETTE[i % MODEL_PALETTE.length]!,
    ]),
  );
}

/** People's runs per task: participants of the study whose own row has a manipulation value on it. */
function peopleN(view: ComparisonView, task: string): number {
  return view.team.rows.filter(
    (r: Row) => r.human && !r.pooled && r.source.kind === 'study' && (r.tasks[task]?.manipulation ?? null) !== null,
  ).length;
}

function tasksChart(view: ComparisonView, document: Document, marginLeft: number) {
  const lines = taskTable(view);
  const tasks = [...new Set(lines.map((l) => l.task))];
  const human = humanRow(view);
  const models = view.team.rows.filter((r) => !r.human);
  const colours = modelColours(view);
  const colourOfRow = (label: string) => {
    const m = models.find((x) => rowLabel(x) === label);
    return m ? (colours.get(`${m.id}\u0000${m.source.kind}`) ?? MODEL) : MODEL;
  };
  const modelLines = lines.filter((l) => l.kind === 'model');
  const offsets = dodge(modelLines, (l) => l.task, (l) => l.manipulation_pass_rate);
  const points = modelLines.map((l, i) => ({ ...l, dy: offsets[i]! * 7, colour: colourOfRow(l.row) }));
  const people = lines
    .filter((l) => l.kind === 'people')
    .map((l) => {
      const v = l.manipulation_pass_rate ?? 0;
      // Near an end of the axis the label runs inward, so "people 0%" never sits on the axis line.
      return { ...l, n: peopleN(view, l.task), anchor: v < 0.15 ? 'start' : v > 0.85 ? 'end' : 'middle' };
    });
  const rowH = 34 + 7 * Math.max(0, ...points.map((p) => Math.abs(p.dy / 7)));
  return Plot.plot({
    ...base(document, 70 + rowH * Math.max(1, tasks.length)),
    marginLeft,
    x: {
      domain: [0, 1],
      tickFormat: '.0%',
      grid: true,
      label: `Manipulation pass rate per task (people: ${human?.id ?? '—'}; models only where they ran the task)`,
    },
    y: { domain: tasks, label: null },
    marks: [
      Plot.tickX(
        people,
        // The tick starts below the row's label line, so "people 67%, n=3" is never crossed by its own tick.
        { x: 'manipulation_pass_rate', y: 'task', stroke: PEOPLE, strokeWidth: 3, insetTop: 14 },
      ),
      // Plot's dy is one constant per mark: one mark per dodge offset keeps equal values side by side.
      ...[...new Set(points.map((p) => p.dy))].map((dy) =>
        Plot.dot(
          points.filter((p) => p.dy === dy),
          {
            x: 'manipulation_pass_rate',
            y: 'task',
            dy,
            stroke: 'colour',
            r: 4,
            strokeWidth: 1.8,
            title: (l: (typeof points)[number]) => `${l.row}: ${fmtPct(l.manipulation_pass_rate)}`,
          },
        ),
      ),
      ...(['start', 'middle', 'end'] as const).map((anchor) =>
        Plot.text(
          people.filter((p) => p.anchor === anchor),
          {
            x: 'manipulation_pass_rate',
            y: 'task',
            text: (l: (typeof people)[number]) => `people ${fmtPct(l.manipulation_pass_rate)}, n=${l.n}`,
            textAnchor: anchor,
            dx: anchor === 'start' ? 4 : anchor === 'end' ? -4 : 0,
            dy: -rowH / 2 + 6,
            fill: PEOPLE,
          },
        ),
      ),
    ],
  });
}
