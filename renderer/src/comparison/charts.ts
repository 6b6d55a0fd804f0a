import * as Plot from '@observablehq/plot';
import type { ComparisonView } from '../../../shared/contract/comparison';
import { queryCategories } from '../../../shared/judge/query';
import { humanRow, rowLabel, taskTable } from '../../../shared/comparison/tables';

/**
 * The comparison's charts as Observable Plot specs. The screen shows the element a spec renders and the SVG/PNG
 * export serialises that same element, so what is exported is what was looked at. Values are printed in the
 * marks (no separate legend element), so one <svg> holds the whole chart.
 */
export type ChartId = 'overall' | 'dimensions' | 'tasks' | 'loss' | 'slack';

const PEOPLE = '#b45309';
const MODEL = '#1d4ed8';
const SYNTHETIC = '#64748b';
const WIDTH = 900;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const pct = (x: number | null | undefined) =>
  x === null || x === undefined ? '–' : `${Math.round(x * 100)}%`;
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
    ? `study, ${n} tasks`
    : !o
      ? `${n} tasks`
      : o.sameTaskSet
        ? `the study's ${n} tasks`
        : `${n} tasks, ${o.shared.length} shared`;
  return `${rowLabel(r)} [${set}]`;
}

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
      const data = rows.map((r, i) => ({
        label: labels[i]!,
        score: r.overall.score,
        lo: r.overall.ci[0],
        hi: r.overall.ci[1],
        colour: colourOf(r),
      }));
      return Plot.plot({
        ...base(document, 60 + 26 * rows.length),
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
          Plot.text(data, {
            y: 'label',
            x: 1,
            text: (d: { score: number | null }) => pct(d.score),
            textAnchor: 'start',
            dx: 12,
            fill: '#1d1c1d',
          }),
        ],
      });
    }
    case 'dimensions': {
      const cells = rows.flatMap((r, i) =>
        view.team.dimensions.map((d) => ({
          label: labels[i]!,
          dimension: dimLabel(d),
          test: r.dimensions[d]?.test ?? null,
        })),
      );
      return Plot.plot({
        ...base(document, 110 + 26 * rows.length),
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
            text: (d: { test: number | null }) => pct(d.test),
            fill: (d: { test: number | null }) => ((d.test ?? 0) > 0.55 ? '#ffffff' : '#1d1c1d'),
          }),
        ],
      });
    }
    case 'tasks': {
      const lines = taskTable(view);
      const tasks = [...new Set(lines.map((l) => l.task))];
      const human = humanRow(view);
      const colour = (l: (typeof lines)[number]) =>
        l.kind === 'people' ? PEOPLE : /SYNTHETIC/.test(l.row) ? SYNTHETIC : MODEL;
      return Plot.plot({
        ...base(document, 70 + 34 * Math.max(1, tasks.length)),
        marginLeft,
        x: {
          domain: [0, 1],
          tickFormat: '.0%',
          grid: true,
          label: `Manipulation pass rate per task (people: ${human?.id ?? '—'}; models only where they ran the task)`,
        },
        y: { domain: tasks, label: null },
        marks: [
          Plot.dot(
            lines.filter((l) => l.kind === 'model'),
            {
              x: 'manipulation_pass_rate',
              y: 'task',
              stroke: colour,
              r: 4,
              strokeWidth: 1.5,
              title: (l: (typeof lines)[number]) => `${l.row}: ${pct(l.manipulation_pass_rate)}`,
            },
          ),
          Plot.tickX(
            lines.filter((l) => l.kind === 'people'),
            { x: 'manipulation_pass_rate', y: 'task', stroke: PEOPLE, strokeWidth: 3 },
          ),
          Plot.text(
            lines.filter((l) => l.kind === 'people'),
            {
              x: 'manipulation_pass_rate',
              y: 'task',
              text: (l: (typeof lines)[number]) => `people ${pct(l.manipulation_pass_rate)}`,
              dy: -11,
              fill: PEOPLE,
            },
          ),
        ],
      });
    }
    case 'loss': {
      const data = rows.map((r, i) => ({
        label: labels[i]!,
        loss: r.overall.teamworkLoss,
        colour: colourOf(r),
      }));
      return Plot.plot({
        ...base(document, 60 + 26 * rows.length),
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
          Plot.text(data, {
            y: 'label',
            x: 1,
            textAnchor: 'start',
            dx: 12,
            text: (d: { loss: number | null }) =>
              d.loss === null ? '–' : `${d.loss >= 0 ? '+' : ''}${Math.round(d.loss * 100)} pts`,
          }),
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
          n: c === 'Overall' ? null : (r.categories[c]?.n ?? 0),
        })),
      );
      return Plot.plot({
        ...base(document, 70 + 30 * Math.max(1, srows.length)),
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
            text: (d: { rate: number | null; n: number | null }) =>
              `${pct(d.rate)}${d.n ? ` (n=${d.n})` : ''}`,
            fill: (d: { rate: number | null }) => ((d.rate ?? 0) > 0.55 ? '#ffffff' : '#1d1c1d'),
          }),
        ],
      });
    }
  }
}
