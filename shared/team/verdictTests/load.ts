import type { Problem } from '../../problems.js';
import { issuePath, readYamlDoc } from '../../yamlDoc.js';
import type { TaskVersion } from '../pack/schema.js';
import { TEAM_CHANNEL } from '../pack/scriptSchema.js';
import { verdictTestFileSchema, type VerdictTestFile } from './schema.js';

/** What the loader needs to know of a task: its seats in each version (name and kind). */
export interface VerdictTaskShape {
  id: string;
  versions: Record<TaskVersion, { seats: ReadonlyArray<{ name: string; kind: string }> }>;
}

/** `runLines[i]`: the line runs[i] starts on, so what goes wrong while playing a run can point at it. */
export type VerdictLoad = { ok: true; value: VerdictTestFile; runLines: Array<number | undefined> } | { ok: false; problems: Problem[] };

/**
 * Reads one verdict test file's text (`label` is how problems name the file): YAML → schema → the task it names
 * exists in `tasks` and matches its file name (`fileTask`, when given), and every `to:` is the team channel or a
 * seat of the run's version the participant can write to (not their own, not an environment). Every problem names the file, its line and the path.
 */
export function loadVerdictTests(text: string, label: string, tasks: ReadonlyMap<string, VerdictTaskShape>, fileTask?: string): VerdictLoad {
  const doc = readYamlDoc(text, label, { uniqueKeys: true });
  if (!doc.ok) return doc;
  const at = doc.at;
  const parsed = verdictTestFileSchema.safeParse(doc.data);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((i) => at(issuePath(i.path), i.message)) };
  }
  const file = parsed.data;
  const problems: Problem[] = [];
  const task = tasks.get(file.task);
  if (!task) {
    problems.push(at(['task'], `no task of this pack has the id "${file.task}" (tasks: ${[...tasks.keys()].join(', ') || 'none'})`));
  } else if (fileTask !== undefined && fileTask !== file.task) {
    problems.push(at(['task'], `the file names task "${file.task}", but it is the file of "${fileTask}" (its name)`));
  }
  if (task) {
    file.runs.forEach((run, r) => {
      const seats = task.versions[run.version].seats;
      // As the seat offers them (shared/team/view.ts channelsOf): teammates, never the participant or an environment.
      const others = seats.filter((s) => s.kind !== 'evaluated' && s.kind !== 'environment').map((s) => s.name);
      run.messages.forEach((m, i) => {
        if (m.to === TEAM_CHANNEL || others.includes(m.to)) return;
        problems.push(at(['runs', r, 'messages', i, 'to'], `"${m.to}" is neither "${TEAM_CHANNEL}" nor a seat of ${task.id} in its ${run.version} version (${others.join(', ') || 'no seats'})`));
      });
    });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: file, runLines: file.runs.map((_, i) => doc.lineOf(['runs', i])) };
}

/** `file:line path: message`, the form every pack problem takes on the command line. */
export function formatVerdictProblem(p: Problem): string {
  return `${p.file}${p.line !== undefined ? `:${p.line}` : ''} ${p.path || '(file)'}: ${p.message}`;
}
