import type { BenchmarkScore } from '../export/transcriptSchema.js';
import type { SessionEvent } from '../engine/events.js';
import { nextByRules } from '../engine/nextByRules.js';
import { applyEvent, initialState } from '../engine/state.js';
import type { SessionState } from '../engine/state.js';
import { transcriptLines } from '../engine/testRunner.js';
import { evaluatedSeat } from '../pack/resolve.js';
import type { ResolvedTask } from '../pack/resolve.js';
import type { DeclaredPath, PathTurn, TeamTask } from '../pack/schema.js';
import type { TestFileResult } from './finalState.js';
import { finalStateFromSession } from './fromSession.js';
import { sha256 } from './sha256.js';
import { checkRun } from './version.js';
import { standingProposal } from '../view.js';
import { offerTurnEvent } from '../deal/offerTurn.js';
import { offerFromAnswer } from '../deal/offerFromAnswer.js';

/** Runs one hidden test file against the final files (Pyodide in main/; the linter shares one worker). */
export type HiddenTestRunner = (files: Record<string, string>, test: { path: string; text: string }) => Promise<TestFileResult>;

export interface PlayedPath {
  score: BenchmarkScore | null;
  state: SessionState;
  events: SessionEvent[];
  /** The run as readable lines (for a lint message or the task card). */
  lines: string[];
  /** Why the path could not be played as written (a turn after the end, a run that never ends…). */
  problems: string[];
}

/** The participant's new text for an edit turn. */
export function editedText(before: string, turn: Extract<PathTurn, { edit: string }>): string {
  return turn.content ?? before.replace(turn.replace!.find, turn.replace!.with);
}

/**
 * Plays a declared participant path through the engine and checker in-process, as the session runner
 * does: the rules labeller, real file contents and hashes, and the hidden tests at the end.
 */
export async function playDeclaredPath(
  task: TeamTask,
  resolved: ResolvedTask,
  seed: number,
  path: DeclaredPath,
  runHidden?: HiddenTestRunner,
): Promise<PlayedPath> {
  const files: Record<string, string> = {};
  for (const f of resolved.workspace.files) files[f.path] = f.text ?? '';
  const hashesBefore = Object.fromEntries(Object.entries(files).map(([p, t]) => [p, sha256(t)]));
  const you = evaluatedSeat(resolved).name;
  const events: SessionEvent[] = [];
  const problems: string[] = [];
  let state = initialState();
  let score: BenchmarkScore | null = null;
  const push = (e: SessionEvent): void => {
    events.push(e);
    state = applyEvent(state, e);
  };
  const write = (seat: string, file: string, content: string): void => {
    const before = sha256(files[file] ?? '');
    files[file] = content;
    push({ type: 'file_edited', seat, path: file, before, after: sha256(content) });
  };

  const settle = async (): Promise<void> => {
    for (let effects = nextByRules(task, resolved.labels, () => state, push); effects.length > 0; effects = nextByRules(task, resolved.labels, () => state, push)) {
      for (const effect of effects) {
        if (effect.type === 'append') push(effect.event);
        else if (effect.type === 'edit_file') {
          const before = files[effect.path] ?? '';
          write(effect.seat, effect.path, effect.content ?? (effect.replace ? before.replace(effect.replace.find, effect.replace.with) : before));
        } else {
          score = checkRun(resolved, await finalState());
          push({ type: 'checked', score });
        }
      }
    }
  };

  const finalState = async () => {
    const hidden: Record<string, TestFileResult> = {};
    for (const test of resolved.workspace.hidden_tests) {
      if (!runHidden) throw new Error(`${task.id}: the checker needs the hidden tests run, and no runner was given`);
      hidden[test.path] = await runHidden({ ...files }, { path: test.path, text: test.text ?? '' });
    }
    return finalStateFromSession(state, {
      evaluatedSeat: you,
      hashesBefore,
      files: { ...files },
      ...(resolved.workspace.hidden_tests.length > 0 ? { hiddenTests: hidden } : {}),
    });
  };

  push({ type: 'session_started', task_id: task.id, version: resolved.version, seed, participant: 'declared-path' });
  await settle();
  for (const [i, turn] of path.turns.entries()) {
    if (state.ended) {
      problems.push(`turn ${i + 1} comes after the run ended (${state.ended})`);
      break;
    }
    if ('say' in turn) push({ type: 'participant_message', text: turn.say, to: turn.to });
    else if ('tool' in turn) push({ type: 'tool_call', name: turn.tool, input: turn.input, result_head: '' });
    else if ('edit' in turn) {
      const before = files[turn.edit];
      if (turn.replace && !(before ?? '').includes(turn.replace.find)) problems.push(`turn ${i + 1}: "${turn.replace.find}" is not in ${turn.edit}`);
      const content = editedText(before ?? '', turn);
      push({ type: 'tool_call', name: 'edit_file', input: { path: turn.edit, content }, result_head: '' });
      write(you, turn.edit, content);
    } else if ('submit' in turn) {
      push({ type: 'tool_call', name: 'submit', input: typeof turn.submit === 'string' ? { message: turn.submit } : {}, result_head: '' });
      for (const act of offerFromAnswer(resolved, state, turn.submit)) push(act);
      push({ type: 'submitted', answer: turn.submit });
    } else if ('offer' in turn) {
      const offer = offerTurnEvent(resolved, turn.offer);
      if (typeof offer === 'string') problems.push(`turn ${i + 1}: ${offer}`);
      else push(offer);
    } else {
      if (!standingProposal(state, you)) problems.push(`turn ${i + 1}: there is no proposed deal to accept yet`);
      else push({ type: 'deal_accepted', seat: you });
    }
    await settle();
  }
  if (!state.ended) problems.push(`the path stops in round ${state.round} of ${resolved.rounds} before the run ends (submit, or play to the last round)`);
  return { score, state, events, lines: transcriptLines(events), problems };
}
