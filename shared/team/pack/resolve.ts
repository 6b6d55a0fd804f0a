import type { Problem } from '../../problems.js';
import { formatPath } from '../../problems.js';
import { seatSchema, workspaceSchema } from './schema.js';
import type { AnswerOption, Checker, DealForm, Inherited, Label, Seat, TaskVersion, TeamTask, Workspace } from './schema.js';

/** A task as one version plays it: seats patched, workspace and checker chosen, one instructions text. */
export interface ResolvedTask {
  id: string;
  title: string;
  dimension: TeamTask['dimension'];
  source: TeamTask['source'];
  version: TaskVersion;
  rounds: number;
  seeds: number[];
  instructions: string;
  seats: Seat[];
  labels: Label[];
  workspace: Workspace;
  checker: Checker;
  /** The task's `answer_options` (empty when its answer is free). */
  answerOptions: AnswerOption[];
  /** False when the task's `answer_choice: false` turns the choice off; absent in hand-built tasks (then on). */
  answerChoice?: boolean;
  inherited: Inherited | null;
  /** The version's deal form (its own, else the task's), or null when the task has none. */
  dealForm: DealForm | null;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

const emptyWorkspace: Workspace = workspaceSchema.parse({});

/** Applies a version's overrides; every problem names the place in the task file that caused it. */
export function resolveVersion(task: TeamTask, version: TaskVersion, file = ''): Checked<ResolvedTask> {
  const override = task.versions[version];
  const problems: Problem[] = [];
  const at = (...path: PropertyKey[]): string => formatPath(['versions', version, ...path]);

  let seats: Seat[] = [...task.seats];
  override.seats.forEach((patch, i) => {
    const index = seats.findIndex((s) => s.name === patch.name);
    const base = index >= 0 ? seats[index] : undefined;
    const merged = base ? { ...base, ...patch } : patch;
    const parsed = seatSchema.safeParse(merged);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push({ file, path: at('seats', i, ...issue.path), message: issue.message });
      }
      return;
    }
    if (index >= 0) seats[index] = parsed.data;
    else seats.push(parsed.data);
  });
  override.remove_seats.forEach((name, i) => {
    if (!seats.some((s) => s.name === name)) {
      problems.push({ file, path: at('remove_seats', i), message: `no seat named "${name}" to remove` });
    }
    seats = seats.filter((s) => s.name !== name);
  });

  const evaluated = seats.filter((s) => s.kind === 'evaluated');
  if (evaluated.length !== 1) {
    problems.push({ file, path: at(), message: `expected exactly one evaluated seat, found ${evaluated.length}` });
  }
  const names = new Set<string>();
  for (const s of seats) {
    if (names.has(s.name)) problems.push({ file, path: at(), message: `two seats are named "${s.name}"` });
    names.add(s.name);
  }
  if (problems.length > 0) return { ok: false, problems };

  const base = task.workspace ?? emptyWorkspace;
  const patch = override.workspace ?? {};
  const workspace: Workspace = {
    files: patch.files ?? base.files,
    inbox: patch.inbox ?? base.inbox,
    hidden_tests: patch.hidden_tests ?? base.hidden_tests,
    tools: patch.tools ?? base.tools,
  };

  return {
    ok: true,
    value: {
      id: task.id,
      title: task.title,
      dimension: task.dimension,
      source: task.source,
      version,
      rounds: override.rounds ?? task.rounds,
      seeds: override.seeds,
      instructions: task.instructions[version],
      seats,
      labels: task.labels,
      workspace,
      checker: override.checker ?? task.checker,
      answerOptions: task.answer_options ?? [],
      answerChoice: task.answer_choice !== false,
      inherited: override.inherited ?? task.inherited ?? null,
      dealForm: override.deal_form ?? task.deal_form ?? null,
    },
  };
}

export function evaluatedSeat(task: ResolvedTask): Seat & { kind: 'evaluated' } {
  const seat = task.seats.find((s): s is Seat & { kind: 'evaluated' } => s.kind === 'evaluated');
  if (!seat) throw new Error(`task ${task.id} (${task.version}) has no evaluated seat`);
  return seat;
}

export function defaultLabel(labels: readonly Label[]): string {
  const label = labels.find((l) => l.default) ?? labels[labels.length - 1];
  if (!label) throw new Error('a task has no labels');
  return label.id;
}
