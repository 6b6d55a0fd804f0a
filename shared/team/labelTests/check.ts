import type { Problem } from '../../problems.js';
import { formatPath } from '../../problems.js';
import type { ResolvedTask } from '../pack/resolve.js';
import type { ScriptLine, TaskVersion, TeamTask } from '../pack/schema.js';
import { TEAM_CHANNEL, taskVersions } from '../pack/schema.js';
import { labelTestHalves, type LabelTestSet } from './schema.js';

/** A scripted line as one version plays it, with the seat that says it. */
export interface ScriptedLineAt {
  version: TaskVersion;
  seat: string;
  line: ScriptLine;
}

/** Every scripted line of every version, manipulation first (the version a set's `after` most often means). */
export function scriptedLines(versions: Record<TaskVersion, ResolvedTask>): ScriptedLineAt[] {
  const out: ScriptedLineAt[] = [];
  for (const version of [...taskVersions].reverse()) {
    for (const seat of versions[version].seats) {
      if (seat.kind !== 'scripted') continue;
      for (const line of seat.script.lines) out.push({ version, seat: seat.name, line });
    }
  }
  return out;
}

/**
 * What a set must agree with in its task: its id, every label one of the task's labels, every `after` a scripted
 * line of some version, every `to` the team channel or a seat. Problems name the path in the set's file.
 */
export function checkLabelTestSet(set: LabelTestSet, task: TeamTask, versions: Record<TaskVersion, ResolvedTask>, file: string): Problem[] {
  const problems: Problem[] = [];
  if (set.task !== task.id) problems.push({ file, path: 'task', message: `the set names task "${set.task}", but it is the set of "${task.id}" (its file name)` });
  const labels = task.labels.map((l) => l.id);
  const lines = new Set(scriptedLines(versions).map((l) => l.line.id));
  const seats = new Set(taskVersions.flatMap((v) => versions[v].seats.map((s) => s.name)));
  for (const half of labelTestHalves) {
    set[half].forEach((m, i) => {
      const at = (key: string) => formatPath([half, i, key]);
      if (!labels.includes(m.label)) problems.push({ file, path: at('label'), message: `"${m.label}" is not one of the task's labels (${labels.join(', ')})` });
      if (m.after !== undefined && !lines.has(m.after)) problems.push({ file, path: at('after'), message: `"${m.after}" is not a scripted line of any version of ${task.id}` });
      if (m.to !== undefined && m.to !== TEAM_CHANNEL && !seats.has(m.to)) {
        problems.push({ file, path: at('to'), message: `"${m.to}" is neither "${TEAM_CHANNEL}" nor a seat of ${task.id} (${[...seats].join(', ')})` });
      }
    });
  }
  return problems;
}
