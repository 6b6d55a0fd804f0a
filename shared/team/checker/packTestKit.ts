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
import { foldSession } from '../engine/state.js';
import type { SessionEvent } from '../engine/events.js';
import { finalStateFromSession } from './fromSession.js';
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

/**
 * The messages a checker reads after the participant sent `sent` and then submitted `answer`, folded
 * from engine events as a run's log is: the submission is whatever the engine records for it.
 */
export function messagesAfterSubmit(task: ResolvedTask, sent: Array<{ to: string; text: string }>, answer: unknown): StateMessage[] {
  const events: SessionEvent[] = [
    { type: 'session_started', task_id: task.id, version: task.version, seed: 0, participant: 'test' },
    { type: 'round_started', round: 1 },
    ...sent.map((m): SessionEvent => ({ type: 'participant_message', to: m.to, text: m.text })),
    { type: 'submitted', answer },
  ];
  const start = startState(task);
  return finalStateFromSession(foldSession(events), { evaluatedSeat: start.evaluatedSeat, hashesBefore: start.hashesBefore, files: start.files }).messages;
}
