import type { Problem } from '../../problems.js';
import { problemsFromZod } from '../../problems.js';
import { placesOf } from './places.js';
import { resolveVersion } from './resolve.js';
import type { ResolvedTask } from './resolve.js';
import { taskVersions, teamTaskSchema } from './schema.js';
import type { TaskVersion, TeamTask } from './schema.js';
import { duplicates, validateVersion } from './validateVersion.js';

export const MIN_MANIPULATION_SEEDS = 3;

export type TaskCheck =
  | { ok: true; task: TeamTask; versions: Record<TaskVersion, ResolvedTask> }
  | { ok: false; problems: Problem[] };

/** Parses a task (already read from YAML) and checks what the schema alone cannot: names that must match. */
export function validateTask(input: unknown, file: string): TaskCheck {
  const parsed = teamTaskSchema.safeParse(input);
  if (!parsed.success) return { ok: false, problems: problemsFromZod(file, parsed.error) };
  return crossCheck(parsed.data, file);
}

export function crossCheck(task: TeamTask, file: string): TaskCheck {
  const problems: Problem[] = [];
  const add = (path: string, message: string): void => void problems.push({ file, path, message });

  const defaults = task.labels.filter((l) => l.default);
  if (defaults.length !== 1) add('labels', `exactly one label needs \`default: true\`; found ${defaults.length}`);
  duplicates(task.labels.map((l) => l.id)).forEach((i) => add(`labels[${i}].id`, 'two labels have this id'));
  const ruleIds = task.labels.flatMap((l, i) => l.rules.map((r, j) => ({ id: r.id, path: `labels[${i}].rules[${j}].id` })));
  const named = ruleIds.filter((r): r is { id: string; path: string } => r.id !== undefined);
  duplicates(named.map((r) => r.id)).forEach((i) => add(named[i]!.path, 'two label rules have this id'));

  const seeds = task.versions.manipulation.seeds;
  if (seeds.length < MIN_MANIPULATION_SEEDS) {
    add('versions.manipulation.seeds', `the manipulation needs at least ${MIN_MANIPULATION_SEEDS} seeds; found ${seeds.length}`);
  }
  if (task.answer_choice !== undefined && (task.answer_options ?? []).length === 0) {
    add('answer_choice', 'offers the answer_options as a choice, but the task lists no answer_options');
  }
  const scripted = task.seats.filter((s) => s.kind === 'scripted');
  if (scripted.length === 0) add('seats', 'a team task needs at least one scripted seat');

  const versions: Partial<Record<TaskVersion, ResolvedTask>> = {};
  const byVersion: Array<[TaskVersion, Problem[]]> = [];
  for (const version of taskVersions) {
    const resolved = resolveVersion(task, version, file);
    if (!resolved.ok) {
      problems.push(...resolved.problems);
      continue;
    }
    versions[version] = resolved.value;
    byVersion.push([version, validateVersion(resolved.value, file, placesOf(task, version))]);
  }
  problems.push(...nameVersions(byVersion));

  const unique = dedupe(problems);
  if (unique.length > 0) return { ok: false, problems: unique };
  return { ok: true, task, versions: versions as Record<TaskVersion, ResolvedTask> };
}

/**
 * A problem of the base task that holds in only some versions (e.g. the alone version removes a seat the
 * checker names) says which: `versions.alone: …`. One found in every version is the base task's own.
 */
function nameVersions(byVersion: ReadonlyArray<[TaskVersion, Problem[]]>): Problem[] {
  const key = (p: Problem): string => `${p.path}\u0000${p.message}`;
  const holdsIn = new Map<string, TaskVersion[]>();
  for (const [version, list] of byVersion) {
    for (const p of list) holdsIn.set(key(p), [...new Set([...(holdsIn.get(key(p)) ?? []), version])]);
  }
  return byVersion.flatMap(([, list]) =>
    list.map((p) => {
      const versions = holdsIn.get(key(p)) ?? [];
      if (versions.length === byVersion.length || p.path.startsWith('versions.')) return p;
      return { ...p, message: `${versions.map((v) => `versions.${v}`).join(', ')}: ${p.message}` };
    }),
  );
}

/** Base-task problems show up once per version; report each once. */
function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.file}\u0000${p.path}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
