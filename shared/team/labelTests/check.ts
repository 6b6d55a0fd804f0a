import type { Problem } from '../../problems.js';
import { formatPath } from '../../problems.js';
import type { ResolvedTask } from '../pack/resolve.js';
import type { TaskVersion, TeamTask } from '../pack/schema.js';
import { TEAM_CHANNEL, taskVersions } from '../pack/schema.js';
import type { LabelTestMessage, LabelTestSet } from './schema.js';

/** A line a message can answer, as one version plays it: a scripted seat's line or an environment event. */
export interface AnsweredLineAt {
  version: TaskVersion;
  seat: string;
  id: string;
  to: string;
  text: string;
}

/**
 * Every scripted line and environment event of every version, manipulation first (the version a set's `after` most
 * often means). People answer a CI result or a gate display as much as a teammate, so `after` may name either.
 */
export function answerableLines(versions: Record<TaskVersion, ResolvedTask>): AnsweredLineAt[] {
  const out: AnsweredLineAt[] = [];
  for (const version of [...taskVersions].reverse()) {
    for (const seat of versions[version].seats) {
      if (seat.kind === 'scripted') for (const line of seat.script.lines) out.push({ version, seat: seat.name, id: line.id, to: line.to ?? TEAM_CHANNEL, text: line.text });
      if (seat.kind === 'environment') for (const e of seat.events) out.push({ version, seat: seat.name, id: e.id, to: e.to, text: e.text });
    }
  }
  return out;
}

/**
 * What a set must agree with in its task: its id, every label one of the task's labels, every `after` a scripted
 * line or environment event of some version, every `to` the team channel or a seat. Problems name the path in the set's file.
 */
export function checkLabelTestSet(set: LabelTestSet, task: TeamTask, versions: Record<TaskVersion, ResolvedTask>, file: string): Problem[] {
  const problems: Problem[] = [];
  if (set.task !== task.id) problems.push({ file, path: 'task', message: `the set names task "${set.task}", but it is the set of "${task.id}" (its file name)` });
  const labels = task.labels.map((l) => l.id);
  const lines = new Set(answerableLines(versions).map((l) => l.id));
  const seats = new Set(taskVersions.flatMap((v) => versions[v].seats.map((s) => s.name)));
  // Where each message stands in the file: the two halves, then each later training batch (read into `train`).
  const more = set.train_more.reduce((n, b) => n + b.messages.length, 0);
  const entries: Array<{ m: LabelTestMessage; at: Array<string | number> }> = [
    ...set.held_out.map((m, i) => ({ m, at: ['held_out', i] })),
    ...set.train.slice(0, set.train.length - more).map((m, i) => ({ m, at: ['train', i] })),
    ...set.train_more.flatMap((b, j) => b.messages.map((m, i) => ({ m, at: ['train_more', j, 'messages', i] }))),
  ];
  for (const { m, at: where } of entries) {
    const at = (key: string) => formatPath([...where, key]);
    if (!labels.includes(m.label)) problems.push({ file, path: at('label'), message: `"${m.label}" is not one of the task's labels (${labels.join(', ')})` });
    if (m.after !== undefined && !lines.has(m.after)) problems.push({ file, path: at('after'), message: `"${m.after}" is not a scripted line or environment event of any version of ${task.id}` });
    if (m.to !== undefined && m.to !== TEAM_CHANNEL && !seats.has(m.to)) {
      problems.push({ file, path: at('to'), message: `"${m.to}" is neither "${TEAM_CHANNEL}" nor a seat of ${task.id} (${[...seats].join(', ')})` });
    }
  }
  return problems;
}
