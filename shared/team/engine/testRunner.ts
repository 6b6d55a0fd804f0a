import type { TaskVersion, TeamTask } from '../pack/schema.js';
import type { SessionEvent } from './events.js';
import { resolvedFor } from './next.js';
import { nextByRules } from './nextByRules.js';
import { applyEvent, initialState } from './state.js';
import type { SessionState } from './state.js';

/** What the participant does on one turn, in a scripted test run. */
export type ParticipantTurn =
  | { say: string; to?: string }
  | { edit: string }
  | { tool: string }
  | { submit: unknown }
  | { accept: true };

/**
 * Plays a whole session the way the session runner does (append participant event → label → next →
 * append effects), with the rules labeller and in-memory file hashes. For tests and replays; the
 * real runner lives in main/.
 */
export function playSession(task: TeamTask, version: TaskVersion, seed: number, turns: ParticipantTurn[]): { events: SessionEvent[]; state: SessionState } {
  const resolved = resolvedFor(task, version);
  const events: SessionEvent[] = [];
  let state = initialState();
  let edits = 0;
  const push = (e: SessionEvent): void => {
    events.push(e);
    state = applyEvent(state, e);
  };
  const settle = (): void => {
    for (let effects = nextByRules(task, resolved.labels, () => state, push); effects.length > 0; effects = nextByRules(task, resolved.labels, () => state, push)) {
      for (const effect of effects) {
        if (effect.type === 'append') push(effect.event);
        else if (effect.type === 'edit_file') push({ type: 'file_edited', seat: effect.seat, path: effect.path, before: `h${edits}`, after: `h${++edits}` });
      }
    }
  };
  const evaluated = resolved.seats.find((s) => s.kind === 'evaluated')!.name;
  push({ type: 'session_started', task_id: task.id, version, seed, participant: 'P01' });
  settle();
  for (const turn of turns) {
    if (state.ended) break;
    if ('say' in turn) push({ type: 'participant_message', text: turn.say, to: turn.to ?? 'team' });
    else if ('edit' in turn) push({ type: 'file_edited', seat: evaluated, path: turn.edit, before: `h${edits}`, after: `h${++edits}` });
    else if ('tool' in turn) push({ type: 'tool_call', name: turn.tool, input: {}, result_head: '' });
    else if ('submit' in turn) push({ type: 'submitted', answer: turn.submit });
    else push({ type: 'deal_accepted', seat: evaluated });
    settle();
  }
  return { events, state };
}

/** A run as lines a person can read in a test failure: `seat→to: text`, round starts and endings. */
export function transcriptLines(events: readonly SessionEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (e.type === 'round_started') out.push(`-- round ${e.round}`);
    else if (e.type === 'seat_message') out.push(`${e.seat}→${e.to}: ${e.text}`);
    else if (e.type === 'participant_message') out.push(`you→${e.to}: ${e.text}`);
    else if (e.type === 'label_decided') out.push(`[label ${e.label}${e.rule ? ` by ${e.rule}` : ''}]`);
    else if (e.type === 'script_step') out.push(`[${e.seat} ${e.transition}${e.line ? ` ${e.line}` : ''}${e.ends ? ` ends:${e.ends}` : ''}]`);
    else if (e.type === 'file_edited') out.push(`[${e.seat} edited ${e.path}]`);
    else if (e.type === 'inbox_arrived') out.push(`[inbox ${e.item}]`);
    else if (e.type === 'ended') out.push(`== ended: ${e.how}`);
    else if (e.type === 'deal_proposed' || e.type === 'deal_accepted' || e.type === 'deal_rejected' || e.type === 'walked_away') out.push(`[${e.type} by ${e.seat}${e.type === 'deal_proposed' && e.via ? ` via ${e.via}` : ''}]`);
  }
  return out;
}
