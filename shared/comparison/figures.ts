import type { ComparisonView } from '../contract/comparison.js';
import { describeSource, type TeamRow } from './rows.js';
import { rowLabel } from './tables.js';

/**
 * What every exported figure of the comparison carries besides its marks (issue 28): a title, a legend, n per point
 * or bar, the source of each row and a caption that is true of the rows drawn. Pure, so the words are tested here and
 * the renderer only lays them out.
 */
export type FigureId = 'overall' | 'dimensions' | 'tasks' | 'loss' | 'slack';

/**
 * Fewest resampled units (scenarios) an interval is drawn from. The study protocol has no minimum n of its own, so
 * the figures use one: a percentile bootstrap over 1–4 scenarios gives "0% (0–0%)" for a single run, which reads as
 * certainty it does not have.
 */
export const MIN_N_FOR_INTERVAL = 5;

export const PEOPLE = '#b45309';
export const MODEL = '#1d4ed8';
export const SYNTHETIC = '#64748b';
/**
 * Models on the per-task chart, told apart by colour and named in the legend, SYNTHETIC ones too (grey for all of
 * them would hide which is which). Okabe–Ito and Tol hues, without the oranges that would read as people.
 */
export const MODEL_PALETTE = ['#0072b2', '#009e73', '#cc79a7', '#56b4e9', '#000000', '#7f3c8d', '#999933', '#882255'];

/** A percentage with one decimal where the value has one (84.5%, not 85%), none where it is whole (75%). */
export function fmtPct(x: number | null | undefined): string {
  if (x === null || x === undefined || Number.isNaN(x)) return '–';
  const v = Math.round(x * 1000) / 10;
  return Number.isInteger(v) ? `${v}%` : `${v.toFixed(1)}%`;
}
export function fmtPts(x: number | null | undefined): string {
  if (x === null || x === undefined || Number.isNaN(x)) return '–';
  const v = Math.round(x * 1000) / 10;
  return `${v > 0 ? '+' : ''}${Number.isInteger(v) ? v : v.toFixed(1)} pts`;
}

/** Tasks of a dimension whose manipulation value its test score averages (gated ones, or all when none is gated). */
function testTasks(r: TeamRow, dimension: string): number {
  const own = Object.entries(r.tasks).filter(([t, v]) => t.startsWith(`${dimension}/`) && v.manipulation !== null);
  const gated = r.dimensions[dimension]?.nGated ?? 0;
  return gated > 0 ? own.filter(([, v]) => v.gated).length : own.length;
}
/** n of a dimension cell: the scenarios its test score is the mean of (what the bootstrap resamples). */
export function dimensionN(r: TeamRow, dimension: string): number {
  return testTasks(r, dimension);
}
/** n of an overall score: the scenarios under its dimension scores. */
export function overallN(r: TeamRow): number {
  return Object.keys(r.dimensions).reduce((a, d) => a + dimensionN(r, d), 0);
}
/** A dimension cell whose value averages ungated scenarios (a person's own row in a between design). */
export function ungatedCell(r: TeamRow, dimension: string): boolean {
  const c = r.dimensions[dimension];
  return !!c && c.test !== null && c.nGated === 0;
}

export interface IntervalShown {
  lo: number | null;
  hi: number | null;
  /** Why no interval is drawn, or null when it is. */
  why: string | null;
}
export function intervalShown(ci: readonly [number | null, number | null], n: number): IntervalShown {
  if (ci[0] === null || ci[1] === null) return { lo: null, hi: null, why: 'no interval in the source' };
  if (n < MIN_N_FOR_INTERVAL) return { lo: null, hi: null, why: `n=${n} < ${MIN_N_FOR_INTERVAL}: no interval` };
  return { lo: ci[0], hi: ci[1], why: null };
}

/** A point's text: value, interval when drawn, n always. */
export function pointText(score: number | null, ci: readonly [number | null, number | null], n: number): string {
  const shown = intervalShown(ci, n);
  if (score === null) return `– (n=${n})`;
  return shown.why === null
    ? `${fmtPct(score)} (${fmtPct(shown.lo)}–${fmtPct(shown.hi)}), n=${n}`
    : `${fmtPct(score)}, n=${n}${shown.why.startsWith('n=') ? ', no interval' : ''}`;
}

/**
 * Vertical offsets (in units of `step`) that keep equal values apart: points of one group whose values round to the
 * same 0.5% sit side by side, centred on the line, instead of hiding each other.
 */
export function dodge<T>(items: readonly T[], group: (t: T) => string, value: (t: T) => number | null): number[] {
  const key = (t: T) => `${group(t)}\u0000${Math.round((value(t) ?? -1) * 200)}`;
  const sizes = new Map<string, number>();
  for (const t of items) sizes.set(key(t), (sizes.get(key(t)) ?? 0) + 1);
  const seen = new Map<string, number>();
  return items.map((t) => {
    const k = key(t);
    const i = seen.get(k) ?? 0;
    seen.set(k, i + 1);
    return i - ((sizes.get(k) ?? 1) - 1) / 2;
  });
}

export interface LegendItem {
  label: string;
  colour: string;
  mark: 'dot' | 'ring' | 'tick' | 'bar' | 'rule' | 'ramp';
  /** For a ramp: its end colour (colour is the start). */
  to?: string;
}
export interface FigureText {
  title: string;
  legend: LegendItem[];
  /** One line per source: the rows it gave, so every row's source is in the figure. */
  sources: string[];
  caption: string;
}

type AnyRow = { id: string; human: boolean; synthetic: boolean; source: TeamRow['source'] };

/** Sources of the rows drawn, grouped: "source — rows a, b". */
export function sourceLines(rows: readonly AnyRow[]): string[] {
  const by = new Map<string, string[]>();
  for (const r of rows) {
    const s = describeSource(r.source);
    by.set(s, [...(by.get(s) ?? []), rowLabel(r)]);
  }
  return [...by].map(([s, labels]) => `${s}: ${labels.join(', ')}`);
}

const kindsLegend = (rows: readonly AnyRow[], mark: LegendItem['mark']): LegendItem[] => [
  ...(rows.some((r) => r.human) ? [{ label: 'people', colour: PEOPLE, mark }] : []),
  ...(rows.some((r) => !r.human && !r.synthetic) ? [{ label: 'model', colour: MODEL, mark }] : []),
  ...(rows.some((r) => r.synthetic) ? [{ label: 'SYNTHETIC (invented)', colour: SYNTHETIC, mark }] : []),
];

/** The rows of the view that the figures draw, and how many the search or the cap left out. */
export interface Shown {
  /** e.g. "Showing 30 of 16,462 rows: the study's people and the top models by overall score." or "". */
  note: string;
}

/** The figure's title, legend, sources and a caption that is true of `view`'s rows (already cut to what is drawn). */
export function figureText(id: FigureId, view: ComparisonView, shown: Shown = { note: '' }): FigureText {
  const rows = view.team.rows as TeamRow[];
  const tail = (parts: (string | false | null | undefined)[]) =>
    [...parts, shown.note].filter((p): p is string => !!p).join(' ');
  const synthetic = view.synthetic ? 'Rows marked SYNTHETIC are invented (studies/comparison-fixture), not any model\u2019s results.' : null;
  switch (id) {
    case 'overall': {
      const noInterval = rows.filter((r) => r.overall.score !== null && intervalShown(r.overall.ci, overallN(r)).why !== null);
      return {
        title: 'Overall score, people beside models',
        legend: [
          ...kindsLegend(rows, 'dot'),
          { label: `95% bootstrap interval (drawn when n \u2265 ${MIN_N_FOR_INTERVAL})`, colour: '#1d1c1d', mark: 'rule' },
        ],
        sources: sourceLines(rows),
        caption: tail([
          'Dot: overall score, the mean of the dimension test (manipulation) scores, each row on its own task set (named on the axis).',
          'Line: 95% percentile bootstrap interval, scenarios resampled within dimension.',
          'n: scenarios the score averages.',
          noInterval.length
            ? `No interval is drawn for ${noInterval.length} row${noInterval.length === 1 ? '' : 's'} with fewer than ${MIN_N_FOR_INTERVAL} scenarios or none in the source.`
            : null,
          synthetic,
        ]),
      };
    }
    case 'dimensions': {
      const cells = rows.flatMap((r) => view.team.dimensions.map((d) => ({ r, d })));
      const ungated = cells.filter(({ r, d }) => ungatedCell(r, d)).length;
      const gated = cells.filter(({ r, d }) => (r.dimensions[d]?.test ?? null) !== null && !ungatedCell(r, d)).length;
      const over =
        ungated === 0
          ? 'the mean manipulation pass rate over gated scenarios (those whose alone runs all passed)'
          : gated === 0
            ? 'the mean manipulation pass rate over every scenario played: none of these cells is gated'
            : `the mean manipulation pass rate over gated scenarios; the ${ungated} cell${ungated === 1 ? '' : 's'} marked * ${ungated === 1 ? 'is' : 'are'} not gated (a person\u2019s own row in a between design) and average${ungated === 1 ? 's' : ''} every scenario played`;
      return {
        title: 'Test score per dimension',
        legend: [{ label: 'manipulation pass rate, 0% to 100%', colour: '#f1f5f9', mark: 'ramp', to: '#1e3a8a' }],
        sources: sourceLines(rows),
        caption: tail([
          `Each cell: ${over}.`,
          'n: scenarios the cell averages. Blank: the row played no scenario of that dimension.',
          synthetic,
        ]),
      };
    }
    case 'tasks': {
      const models = rows.filter((r) => !r.human);
      const people = rows.find((r) => r.id === view.team.humanId && r.source.kind === 'study');
      return {
        title: 'Per task: people beside each model',
        legend: [
          { label: 'people (pooled), n = participants with a manipulation run', colour: PEOPLE, mark: 'tick' },
          ...models.map((m, i) => ({
            label: rowLabel(m),
            colour: MODEL_PALETTE[i % MODEL_PALETTE.length]!,
            mark: 'ring' as const,
          })),
        ],
        sources: sourceLines(people ? [people, ...models] : models),
        caption: tail([
          'One line per task people played. Tick: people\u2019s pooled manipulation pass rate; circles: each model\u2019s, only on tasks it ran.',
          'Equal values are set side by side, not on top of each other.',
          'Model rates come from the source\u2019s per-scenario values, which carry no run count.',
          models.length > MODEL_PALETTE.length
            ? `Colours repeat after ${MODEL_PALETTE.length} models: search to draw fewer.`
            : null,
          synthetic,
        ]),
      };
    }
    case 'loss': {
      return {
        title: 'Teamwork loss',
        legend: [...kindsLegend(rows, 'bar')],
        sources: sourceLines(rows),
        caption: tail([
          'The benchmark\u2019s teamwork loss: per dimension, the mean over gated scenarios with both a control and a manipulation value of (control \u2212 manipulation); overall, the mean of the dimension losses. Imported rows keep their published values.',
          'n: dimensions with a paired loss. None where nothing is paired (a person\u2019s own row in a between design).',
          synthetic,
        ]),
      };
    }
    case 'slack': {
      const srows = view.slack.rows;
      return {
        title: 'Slack: pass rate per query category',
        legend: [{ label: 'pass rate, 0% to 100%', colour: '#f1f5f9', mark: 'ramp', to: '#4a154b' }],
        sources: sourceLines(srows),
        caption: tail([
          'SlackBench categories: AS agentic search, HA hallucination/abstention, SU summarisation, CI circumstance inference; overall: the unweighted mean of the four.',
          'n: graded queries per cell. No intervals are drawn: the published human row has none, and none is invented.',
          synthetic,
        ]),
      };
    }
  }
}

/** Dimensions with a paired loss in a row: the n of its overall loss. */
export function lossN(r: TeamRow): number {
  return Object.values(r.dimensions).filter((c) => c.teamworkLoss !== null).length;
}

/** People from a source other than the study (an earlier study's final_results.json): named as people from it. */
export function importedPeopleId(id: string, sourceName: string): string {
  const who = id === 'human:all' ? 'people' : id;
  return `${who} (${sourceName})`;
}
