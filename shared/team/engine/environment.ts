import { compileMatch } from '../pack/match.js';
import type { ResolvedTask } from '../pack/resolve.js';
import type { EnvironmentEvent, EnvironmentSeat, RoundSpec, Trigger } from '../pack/schema.js';
import type { Effect } from './effects.js';
import { append } from './effects.js';
import { pickInt } from './rng.js';
import type { SessionState } from './state.js';

/** Fired events are recorded by seat and id, so two environment seats may reuse an id. */
export const eventKey = (seat: string, id: string): string => `${seat}/${id}`;

/** The round an event is due in for this seed (a window's pick is fixed per seed and event). */
export function dueRound(spec: RoundSpec, seed: number, taskId: string, key: string): number {
  return typeof spec === 'number' ? spec : pickInt(seed, `${taskId}|round|${key}`, spec.from, spec.to);
}

export function triggerHolds(trigger: Trigger, state: SessionState): boolean {
  if (trigger.file_edited !== undefined && !state.edits.some((e) => e.path === trigger.file_edited)) return false;
  if (trigger.label !== undefined && !state.labels.some((l) => l.label === trigger.label)) return false;
  if (trigger.line_said !== undefined && !Object.values(state.scripts).some((p) => p.linesSaid.includes(trigger.line_said!))) return false;
  if (trigger.gave_way !== undefined) {
    const gave = Object.values(state.scripts).some((p) => p.gaveWay !== null);
    if (gave !== trigger.gave_way) return false;
  }
  if (trigger.fact_revealed !== undefined && !state.revealed.includes(trigger.fact_revealed)) return false;
  if (trigger.tool_called !== undefined && !state.toolCalls.some((c) => c.name === trigger.tool_called)) return false;
  if (trigger.participant_said !== undefined) {
    const match = compileMatch(trigger.participant_said);
    if (!state.messages.some((m) => m.seat === null && match.find(m.text) !== null)) return false;
  }
  return true;
}

function environmentSeats(task: ResolvedTask): EnvironmentSeat[] {
  return task.seats.filter((s): s is EnvironmentSeat => s.kind === 'environment');
}

function post(seat: EnvironmentSeat, event: EnvironmentEvent): Effect {
  return append({ type: 'seat_message', seat: seat.name, text: event.text, to: event.to, source: { kind: 'event', id: eventKey(seat.name, event.id) } });
}

/** Events scheduled for the round just started, with no condition: in seat order, then file order. */
export function scheduledEvents(task: ResolvedTask, state: SessionState, seed: number): Effect[] {
  const out: Effect[] = [];
  for (const seat of environmentSeats(task)) {
    for (const event of seat.events) {
      const key = eventKey(seat.name, event.id);
      if (event.when || event.round === undefined || state.firedEvents.includes(key)) continue;
      if (dueRound(event.round, seed, task.id, key) === state.round) out.push(post(seat, event));
    }
  }
  return out;
}

/** Events whose condition now holds (and whose round, if any, has come), each at most once. */
export function triggeredEvents(task: ResolvedTask, state: SessionState, seed: number): Effect[] {
  const out: Effect[] = [];
  for (const seat of environmentSeats(task)) {
    for (const event of seat.events) {
      const key = eventKey(seat.name, event.id);
      if (!event.when || state.firedEvents.includes(key)) continue;
      if (event.round !== undefined && state.round < dueRound(event.round, seed, task.id, key)) continue;
      if (triggerHolds(event.when, state)) out.push(post(seat, event));
    }
  }
  return out;
}

export function inboxArrivals(task: ResolvedTask, state: SessionState): Effect[] {
  return task.workspace.inbox
    .filter((item) => item.round === state.round && !state.inbox.includes(item.id))
    .map((item) => append({ type: 'inbox_arrived', item: item.id }));
}
