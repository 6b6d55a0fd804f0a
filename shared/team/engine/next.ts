import { evaluatedSeat, resolveVersion } from '../pack/resolve.js';
import type { ResolvedTask } from '../pack/resolve.js';
import type { ScriptedSeat, TaskVersion, TeamTask } from '../pack/schema.js';
import { TEAM_CHANNEL } from '../pack/schema.js';
import type { Effect, Step, WaitFor } from './effects.js';
import { append } from './effects.js';
import { inboxArrivals, scheduledEvents, triggeredEvents } from './environment.js';
import { partnerReplies } from './partners.js';
import { duePartners } from '../partners/due.js';
import { scriptTurn } from './scriptTurn.js';
import { dealAnswer } from './dealAnswer.js';
import { applyEvent, emptyScriptPosition, labelFor } from './state.js';
import type { SessionState } from './state.js';

const resolvedCache = new WeakMap<TeamTask, Map<TaskVersion, ResolvedTask>>();

/** The version a session plays; the task must have passed `validateTask`. */
export function resolvedFor(task: TeamTask, version: TaskVersion): ResolvedTask {
  let byVersion = resolvedCache.get(task);
  if (!byVersion) resolvedCache.set(task, (byVersion = new Map()));
  let resolved = byVersion.get(version);
  if (!resolved) {
    const r = resolveVersion(task, version);
    if (!r.ok) throw new Error(`task ${task.id} (${version}) is not valid: ${r.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
    byVersion.set(version, (resolved = r.value));
  }
  return resolved;
}

function scriptedSeats(task: ResolvedTask): ScriptedSeat[] {
  return task.seats.filter((s): s is ScriptedSeat => s.kind === 'scripted');
}

/** Whether the participant's latest message waits for a label: only messages to the team or a scripted seat get one. */
export function needsLabel(task: ResolvedTask, state: SessionState): boolean {
  const last = state.lastParticipant;
  if (!last || last.labelled) return false;
  const to = state.messages[last.message]?.to;
  return to === TEAM_CHANNEL || scriptedSeats(task).some((s) => s.name === to);
}

type Batch = { effects: Effect[] } | { waitFor: WaitFor };

/**
 * What happens next, from the session so far: the events to append and the work to carry out, in
 * order, then what the engine waits for. Pure and deterministic; calling it again before anything new
 * is appended returns no effects, so a runner may simply call it until it returns none.
 */
export interface NextOptions {
  /** Partner seats played live (main/partners): the engine waits for their answers before the scripted ones. */
  livePartners?: ReadonlySet<string>;
}

export function next(task: TeamTask, state: SessionState, options: NextOptions = {}): Step {
  if (!state.started) return { effects: [], waitFor: 'start' };
  const resolved = resolvedFor(task, state.started.version);
  const effects: Effect[] = [];
  let s = state;
  // Each batch moves the session on (a round, a reply, an ending); a handful per call in practice.
  for (let guard = 0; guard < 64; guard++) {
    const batch = nextBatch(resolved, s, state.started.seed, options.livePartners);
    if ('waitFor' in batch) return { effects, waitFor: batch.waitFor };
    for (const effect of batch.effects) {
      effects.push(effect);
      if (effect.type === 'append') s = applyEvent(s, effect.event);
    }
  }
  throw new Error(`the engine did not settle for task ${task.id}; this is a bug`);
}

function nextBatch(task: ResolvedTask, s: SessionState, seed: number, live?: ReadonlySet<string>): Batch {
  if (s.ended) return { waitFor: 'nothing' };
  if (s.paused !== null) return { waitFor: 'resume' };
  // An open offer is answered before anything else, even a run about to end: a split typed as the answer is an offer
  // the counterpart answers before the checker reads the deal (team/submission's offerFromAnswer).
  const answer = dealAnswer(task, s);
  if (answer.length > 0) return { effects: answer };
  if (s.endRequested) return { effects: [{ type: 'run_checker' }, append({ type: 'ended', how: s.endRequested })] };
  if (s.phase === 'not_started') return { effects: [...inheritedHistory(task), ...startRound(task, s, firstRound(task), seed)] };

  const triggered = triggeredEvents(task, s, seed);
  if (triggered.length > 0) return { effects: triggered };
  if (s.phase === 'participant_turn') return { waitFor: 'participant' };

  // The participant has spoken: that ends their turn and the round.
  if (needsLabel(task, s)) return { waitFor: 'label' };
  if (live && duePartners(task, evaluatedSeat(task).name, s, live).length > 0) return { waitFor: 'partner' };
  const replies = partnerReplies(task, evaluatedSeat(task).name, s, seed);
  let after = s;
  for (const r of replies) if (r.type === 'append') after = applyEvent(after, r.event);
  // A reply may reveal a fact: events waiting on it fire right after it, before the next round's lines.
  const revealed = after === s ? [] : triggeredEvents(task, after, seed);
  for (const r of revealed) if (r.type === 'append') after = applyEvent(after, r.event);
  const answered = [...replies, ...revealed];
  if (s.round >= task.rounds) return { effects: [...answered, { type: 'run_checker' }, append({ type: 'ended', how: 'max_rounds' })] };
  return { effects: [...answered, ...startRound(task, after, s.round + 1, seed)] };
}

function firstRound(task: ResolvedTask): number {
  return (task.inherited?.rounds_used ?? 0) + 1;
}

/** A round opens with the environment's scheduled events, the inbox's arrivals, then each scripted seat's turn. */
function startRound(task: ResolvedTask, before: SessionState, round: number, seed: number): Effect[] {
  const effects: Effect[] = [];
  let s = before;
  const add = (list: Effect[]): void => {
    for (const e of list) {
      effects.push(e);
      if (e.type === 'append') s = applyEvent(s, e.event);
    }
  };
  add([append({ type: 'round_started', round })]);
  add(scheduledEvents(task, s, seed));
  add(inboxArrivals(task, s));
  const participantHasSpoken = s.messages.some((m) => m.seat === null);
  for (const seat of scriptedSeats(task)) {
    const position = s.scripts[seat.name] ?? emptyScriptPosition();
    add(scriptTurn(seat, position, labelFor(s, seat.name, round - 1), participantHasSpoken));
  }
  return effects;
}

/** A taking-over task starts from the previous model's messages and edits. */
function inheritedHistory(task: ResolvedTask): Effect[] {
  const inherited = task.inherited;
  if (!inherited) return [];
  const messages = inherited.messages.map((m) =>
    append({ type: 'seat_message', seat: m.seat, text: m.text, to: m.to, round: m.round, source: { kind: 'inherited' } }),
  );
  const edits = inherited.edits.map((e): Effect => {
    if (e.text === undefined) throw new Error(`inherited edit of ${e.path} was not loaded (from: ${String(e.from)})`);
    return { type: 'edit_file', seat: inherited.previous, path: e.path, content: e.text };
  });
  return [...messages, ...edits];
}
