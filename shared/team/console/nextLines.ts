import { next } from '../engine/next.js';
import { applyEvent, type SessionState } from '../engine/state.js';
import type { ResolvedTask } from '../pack/resolve.js';
import type { ScriptedSeat, TeamTask } from '../pack/schema.js';

/** One thing a seat would do after a label: a line it says, or an action (an edit, a deal, the end of the run). */
export interface WouldSay {
  seat: string;
  to: string;
  text: string;
}

export interface LabelPreview {
  id: string;
  definition: string;
  default: boolean;
  /** What the scripted teammates (and partners) would say, in order, if this label were given now. */
  next: WouldSay[];
  /** How the run would end right after, when it would. */
  ends: string | null;
}

/**
 * For each of the task's labels, what the engine would make the seats say if the waiting message got that label:
 * the experimenter's console shows it beside each key. Pure: the session's state is not changed.
 */
export function previewLabels(task: TeamTask, resolved: ResolvedTask, state: SessionState): LabelPreview[] {
  const waiting = state.lastParticipant !== null && !state.lastParticipant.labelled;
  return resolved.labels.map((label) => {
    if (!waiting) return { id: label.id, definition: label.definition, default: label.default, next: [], ends: null };
    const labelled = applyEvent(state, { type: 'label_decided', label: label.id, source: 'experimenter' });
    const said: WouldSay[] = [];
    let ends: string | null = null;
    for (const effect of next(task, labelled).effects) {
      if (effect.type === 'edit_file') said.push({ seat: effect.seat, to: '', text: `(edits ${effect.path})` });
      if (effect.type !== 'append') continue;
      const e = effect.event;
      if (e.type === 'seat_message') said.push({ seat: e.seat, to: e.to, text: e.text });
      if (e.type === 'deal_proposed') said.push({ seat: e.seat, to: '', text: '(proposes a deal)' });
      if (e.type === 'ended') ends = e.how;
    }
    return { id: label.id, definition: label.definition, default: label.default, next: said, ends };
  });
}

export interface ScriptPlace {
  seat: string;
  status: string;
  /** The id and text of the line last said, or null before the first. */
  line: { id: string; text: string } | null;
  /** Lines said so far, and how many the script has. */
  said: number;
  of: number;
  gaveWay: string | null;
}

/** Where each scripted teammate's script stands: what only the experimenter may see. */
export function scriptPlaces(resolved: ResolvedTask, state: SessionState): ScriptPlace[] {
  return resolved.seats
    .filter((s): s is ScriptedSeat => s.kind === 'scripted')
    .map((seat) => {
      const at = state.scripts[seat.name];
      const line = at?.at ? seat.script.lines.find((l) => l.id === at.at) : undefined;
      return {
        seat: seat.name,
        status: at?.status ?? 'waiting',
        line: line ? { id: line.id, text: line.text } : null,
        said: at?.linesSaid.length ?? 0,
        of: seat.script.lines.length,
        gaveWay: at?.gaveWay ? `${at.gaveWay.what}${at.gaveWay.fact ? ` (${at.gaveWay.fact})` : ''} in round ${at.gaveWay.round}` : null,
      };
    });
}
