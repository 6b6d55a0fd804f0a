import type { SessionEvent } from '../../shared/team/engine/events.js';
import type { SessionState } from '../../shared/team/engine/state.js';
import type { LabelDecision, LabelRequest } from '../../shared/team/labeller/labeller.js';
import { evaluatedSeat, type ResolvedTask } from '../../shared/team/pack/resolve.js';

// What a team session says and asks, apart from the session itself: its refusals once a run is over, and the
// labeller's request for the participant's last message with the event that records the answer.

export function checkingMessage(state: SessionState): string {
  return state.endRequested === 'time_limit' ? 'The time for this task is up; the run has ended.' : 'The run is over and its work is being checked; nothing more can be done in it.';
}

export function endedMessage(state: SessionState): string {
  return state.ended === 'time_limit' ? 'The time for this task is up; the run has ended.' : 'The run has ended.';
}

/** The participant's last message and everything said before it, as a rater sees them. */
export function labelRequestOf(resolved: ResolvedTask, state: SessionState): LabelRequest {
  const last = state.lastParticipant!;
  const message = state.messages[last.message]!;
  const you = evaluatedSeat(resolved).name;
  return {
    task: resolved,
    version: resolved.version,
    message: { round: message.round, to: message.to, text: message.text },
    history: state.messages.slice(0, last.message).map((m) => ({ round: m.round, seat: m.seat ?? you, to: m.to, text: m.text })),
  };
}

export function labelDecided(decision: LabelDecision): SessionEvent {
  return {
    type: 'label_decided',
    label: decision.label,
    source: decision.source,
    ...(decision.rule ? { rule: decision.rule } : {}),
    ...(decision.raw !== undefined ? { raw: decision.raw } : {}),
  };
}
