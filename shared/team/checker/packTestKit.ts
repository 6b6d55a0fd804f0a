/**
 * Test support only (imported by *.test.ts, never by the app): reads the team-demo pack from disk and
 * builds final states from a resolved task version.
 */
import fs from 'node:fs';
import { parse } from 'yaml';
import type { ResolvedTask } from '../pack/resolve.js';
import type { TaskVersion } from '../pack/schema.js';
import { validateTask } from '../pack/validate.js';
import type { TaskCheck } from '../pack/validate.js';
import type { FinalState, StateMessage } from './finalState.js';
import { sha256 } from './sha256.js';

export const STUDY_DIR = new URL('../../../studies/team-demo/', import.meta.url);

export const readStudyFile = (path: string): string => fs.readFileSync(new URL(path, STUDY_DIR), 'utf8');

export function loadTask(path: string): Extract<TaskCheck, { ok: true }> {
  const checked = validateTask(parse(readStudyFile(path)), path);
  if (!checked.ok) throw new Error(checked.problems.map((p) => `${p.file} at ${p.path}: ${p.message}`).join('\n'));
  return checked;
}

export function loadVersion(path: string, version: TaskVersion): ResolvedTask {
  return loadTask(path).versions[version];
}

/** The state of a run in which nothing was done yet: workspace files as the task gives them. */
export function startState(task: ResolvedTask): FinalState {
  const files: Record<string, string> = {};
  for (const f of task.workspace.files) {
    if (f.text === undefined) throw new Error(`${f.path}: the demo pack keeps its files inline`);
    files[f.path] = f.text;
  }
  const evaluated = task.seats.find((s) => s.kind === 'evaluated');
  if (!evaluated) throw new Error(`${task.id} has no evaluated seat`);
  const hashesBefore = Object.fromEntries(Object.entries(files).map(([p, text]) => [p, sha256(text)]));
  return { evaluatedSeat: evaluated.name, hashesBefore, files, messages: [], deal: { status: 'none' }, answer: null };
}

export function say(round: number, seat: string, to: string, text: string): StateMessage {
  return { round, seat, to, text };
}
