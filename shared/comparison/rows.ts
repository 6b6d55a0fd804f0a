import type { ImportedFinalResults } from './finalResultsSchema.js';

/** Where a row of the comparison came from: shown beside it on screen and written in every export. */
export type RowSource =
  | { kind: 'study'; file: string }
  | { kind: 'final_results'; file: string }
  | { kind: 'transcripts'; dir: string; files: number }
  | { kind: 'modelseat'; dir: string; files: number }
  | { kind: 'harbor'; dir: string; trials: number }
  | { kind: 'fixture'; file: string }
  | { kind: 'published'; citation: string };

export interface TaskRate {
  /** Manipulation (test) pass rate over seeds; null when no manipulation run exists. */
  manipulation: number | null;
  control: number | null;
  gated: boolean;
}

export interface DimensionScore {
  test: number | null;
  ci: [number | null, number | null];
  baseline: number | null;
  teamworkLoss: number | null;
  nGated: number;
  nScenarios: number;
}

/** One row of people or a model on team tasks, with the task set it covers (tasks are `<dimension>/<scenario>`). */
export interface TeamRow {
  id: string;
  human: boolean;
  /** Pooled over participants (`human:all`): the study's human row. */
  pooled: boolean;
  synthetic: boolean;
  source: RowSource;
  overall: {
    score: number | null;
    ci: [number | null, number | null];
    baseline: number | null;
    teamworkLoss: number | null;
    nScenarios: number;
  };
  dimensions: Record<string, DimensionScore>;
  tasks: Record<string, TaskRate>;
}

const POOLED = 'human:all';

/** Every row of a final_results.json, each keeping where it came from. */
export function rowsFromFinalResults(
  results: ImportedFinalResults,
  source: RowSource,
  options: { synthetic?: boolean } = {},
): TeamRow[] {
  return results.models.map((id) => {
    const o = results.overall[id]!;
    const dimensions: Record<string, DimensionScore> = {};
    const tasks: Record<string, TaskRate> = {};
    for (const [dimension, c] of Object.entries(results.cells[id] ?? {})) {
      dimensions[dimension] = {
        test: c.test,
        ci: c.test_ci,
        baseline: c.baseline,
        teamworkLoss: c.teamwork_loss,
        nGated: c.n_gated,
        nScenarios: c.n_scenarios,
      };
      for (const s of c.scenarios)
        tasks[s.path] = { manipulation: s.manipulation, control: s.control, gated: s.gated };
    }
    return {
      id,
      human: id.startsWith('human:'),
      pooled: id === POOLED,
      synthetic: options.synthetic ?? false,
      source,
      overall: {
        score: o.score,
        ci: o.ci,
        baseline: o.baseline,
        teamworkLoss: o.teamwork_loss,
        nScenarios: o.n_scenarios,
      },
      dimensions,
      tasks,
    };
  });
}

/** How a model row's task set relates to the study's human row: overall scores are on these sets, not one. */
export interface Overlap {
  id: string;
  modelTasks: number;
  humanTasks: number;
  /** Tasks both ran (a manipulation rate on each side). */
  shared: string[];
  /** The model row covers exactly the humans' tasks: only then are the two overall scores on one task set. */
  sameTaskSet: boolean;
  /** Mean manipulation pass rate over the shared tasks, for the model and for people: comparable by construction. */
  modelOnShared: number | null;
  humanOnShared: number | null;
}

const mean = (xs: number[]): number | null =>
  xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length;
const hasRate = (t: TaskRate | undefined): t is TaskRate & { manipulation: number } =>
  t !== undefined && t.manipulation !== null;

export function overlapOf(model: TeamRow, human: TeamRow): Overlap {
  return overlapsOf([model], human)[0]!;
}

/** Overlaps of many rows with one human row: its task list is made once, not once per row (16,000 rows, issue 28). */
export function overlapsOf(models: readonly TeamRow[], human: TeamRow): Overlap[] {
  const humanTasks = Object.keys(human.tasks).filter((t) => hasRate(human.tasks[t]));
  return models.map((model) => {
    let modelTasks = 0;
    for (const t in model.tasks) if (hasRate(model.tasks[t])) modelTasks++;
    const shared = humanTasks.filter((t) => hasRate(model.tasks[t])).sort();
    return {
      id: model.id,
      modelTasks,
      humanTasks: humanTasks.length,
      shared,
      sameTaskSet: shared.length === humanTasks.length && shared.length === modelTasks,
      modelOnShared: mean(shared.map((t) => model.tasks[t]!.manipulation!)),
      humanOnShared: mean(shared.map((t) => human.tasks[t]!.manipulation!)),
    };
  });
}

/** The per-task table: one line per task people ran, each model's rate only where it ran that task. */
export interface TaskLine {
  task: string;
  dimension: string;
  human: number | null;
  models: Record<string, number | null>;
}

export function perTask(human: TeamRow, models: readonly TeamRow[]): TaskLine[] {
  return Object.keys(human.tasks)
    .filter((t) => hasRate(human.tasks[t]))
    .sort()
    .map((task) => ({
      task,
      dimension: task.split('/')[0] ?? '',
      human: human.tasks[task]!.manipulation,
      models: Object.fromEntries(
        models.map((m) => [m.id, hasRate(m.tasks[task]) ? m.tasks[task]!.manipulation : null]),
      ),
    }));
}

export function describeSource(s: RowSource): string {
  switch (s.kind) {
    case 'study':
      return `this study's runs (${s.file})`;
    case 'final_results':
      return `final_results.json (${s.file})`;
    case 'transcripts':
      return `${s.files} model transcripts (${s.dir})`;
    case 'modelseat':
      return `${s.files} runs of models in Teamseat's seat (${s.dir})`;
    case 'harbor':
      return `${s.trials} Harbor trials (${s.dir})`;
    case 'fixture':
      return `SYNTHETIC fixture (${s.file})`;
    case 'published':
      return `published: ${s.citation}`;
  }
}
