import type { ComparisonView } from '../contract/comparison.js';
import { queryCategories } from '../judge/query.js';
import { toCsv } from './csv.js';
import { describeSource, perTask, type TeamRow } from './rows.js';

/**
 * The comparison's tables, as the screen shows them and as CSV. Every table carries each row's source and task set,
 * so a row from the benchmark's 240 tasks is never read as one on the study's tasks.
 */
export const rowLabel = (r: { id: string; synthetic: boolean; human: boolean }) =>
  `${r.id}${r.synthetic ? ' (SYNTHETIC)' : ''}`;

export function humanRow(view: ComparisonView): TeamRow | null {
  return view.team.rows.find((r) => r.id === view.team.humanId && r.source.kind === 'study') ?? null;
}

export function overallTable(view: ComparisonView) {
  const overlap = new Map(view.team.overlaps.map((o) => [o.id, o]));
  return view.team.rows.map((r) => {
    const o = r.human ? null : overlap.get(r.id);
    return {
      row: rowLabel(r),
      kind: r.human ? 'people' : 'model',
      score: r.overall.score,
      ci_low: r.overall.ci[0],
      ci_high: r.overall.ci[1],
      baseline: r.overall.baseline,
      teamwork_loss: r.overall.teamworkLoss,
      tasks: Object.keys(r.tasks).length,
      task_set:
        r.source.kind === 'study'
          ? "the study's tasks"
          : o?.sameTaskSet
            ? "the study's tasks"
            : `its own ${Object.keys(r.tasks).length} tasks`,
      shared_tasks: o ? o.shared.length : null,
      model_on_shared: o?.modelOnShared ?? null,
      people_on_shared: o?.humanOnShared ?? null,
      synthetic: r.synthetic,
      source: describeSource(r.source),
    };
  });
}
export const overallColumns = [
  'row',
  'kind',
  'score',
  'ci_low',
  'ci_high',
  'baseline',
  'teamwork_loss',
  'tasks',
  'task_set',
  'shared_tasks',
  'model_on_shared',
  'people_on_shared',
  'synthetic',
  'source',
];

export function dimensionTable(view: ComparisonView) {
  return view.team.rows.flatMap((r) =>
    view.team.dimensions.map((d) => {
      const c = r.dimensions[d];
      return {
        row: rowLabel(r),
        dimension: d,
        test: c?.test ?? null,
        ci_low: c?.ci[0] ?? null,
        ci_high: c?.ci[1] ?? null,
        baseline: c?.baseline ?? null,
        teamwork_loss: c?.teamworkLoss ?? null,
        n_gated: c?.nGated ?? null,
        n_scenarios: c?.nScenarios ?? null,
        synthetic: r.synthetic,
        source: describeSource(r.source),
      };
    }),
  );
}
export const dimensionColumns = [
  'row',
  'dimension',
  'test',
  'ci_low',
  'ci_high',
  'baseline',
  'teamwork_loss',
  'n_gated',
  'n_scenarios',
  'synthetic',
  'source',
];

/** One line per (task people ran, row that ran it): a model that did not run a task has no line for it. */
export function taskTable(view: ComparisonView) {
  const human = humanRow(view);
  if (!human) return [];
  const models = view.team.rows.filter((r) => !r.human);
  return perTask(human, models).flatMap((line) => [
    {
      task: line.task,
      dimension: line.dimension,
      row: rowLabel(human),
      kind: 'people',
      manipulation_pass_rate: line.human,
      source: describeSource(human.source),
    },
    ...models
      .filter((m) => line.models[m.id] !== null)
      .map((m) => ({
        task: line.task,
        dimension: line.dimension,
        row: rowLabel(m),
        kind: 'model',
        manipulation_pass_rate: line.models[m.id] ?? null,
        source: describeSource(m.source),
      })),
  ]);
}
export const taskColumns = ['task', 'dimension', 'row', 'kind', 'manipulation_pass_rate', 'source'];

export function slackTable(view: ComparisonView) {
  return view.slack.rows.map((r) => ({
    row: rowLabel(r),
    kind: r.human ? 'people' : 'model',
    overall: r.overall,
    ...Object.fromEntries(
      queryCategories.flatMap((c) => [
        [c, r.categories[c]?.passRate ?? null],
        [`n_${c}`, r.categories[c]?.n ?? 0],
      ]),
    ),
    synthetic: r.synthetic,
    source: describeSource(r.source),
  }));
}
export const slackColumns = [
  'row',
  'kind',
  'overall',
  ...queryCategories.flatMap((c) => [c, `n_${c}`]),
  'synthetic',
  'source',
];

export const comparisonCsv = {
  overall: (v: ComparisonView) => toCsv(overallColumns, overallTable(v)),
  dimensions: (v: ComparisonView) => toCsv(dimensionColumns, dimensionTable(v)),
  tasks: (v: ComparisonView) => toCsv(taskColumns, taskTable(v)),
  slack: (v: ComparisonView) => toCsv(slackColumns, slackTable(v)),
};
