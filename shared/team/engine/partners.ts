import { compileMatch } from '../pack/match.js';
import type { ResolvedTask } from '../pack/resolve.js';
import type { PartnerSeat } from '../pack/schema.js';
import { TEAM_CHANNEL } from '../pack/schema.js';
import type { Effect } from './effects.js';
import { append } from './effects.js';
import { shuffled } from './rng.js';
import type { SessionState } from './state.js';

/** Whether the partner has spoken since the participant's latest message (a live partner answered it). */
export function answeredLatest(state: SessionState, seat: string): boolean {
  const last = state.lastParticipant;
  if (!last) return false;
  return state.messages.slice(last.message + 1).some((m) => m.seat === seat);
}

/** Reply ids a partner has said, for `once` replies. */
function saidReplies(state: SessionState, seat: string): Set<string> {
  return new Set(state.messages.filter((m) => m.seat === seat && m.source?.kind === 'reply').map((m) => m.source?.id ?? ''));
}

/**
 * A partner's answer to the participant's message: the first reply whose keywords or regexes match.
 * A direct message that matches nothing gets the default acknowledgement; a channel message gets
 * nothing, so partners do not talk over each other.
 */
export function partnerReply(partner: PartnerSeat, evaluated: string, state: SessionState, text: string, to: string): Effect | null {
  const direct = to === partner.name;
  if (!direct && to !== TEAM_CHANNEL) return null;
  const replyTo = direct ? evaluated : TEAM_CHANNEL;
  const said = saidReplies(state, partner.name);
  for (const reply of partner.replies) {
    if (reply.once && said.has(reply.id)) continue;
    if (compileMatch(reply).find(text) === null) continue;
    return append({
      type: 'seat_message',
      seat: partner.name,
      text: reply.text,
      to: replyTo,
      source: { kind: 'reply', id: reply.id },
      ...(reply.reveals.length > 0 ? { reveals: reply.reveals } : {}),
    });
  }
  if (!direct) return null;
  return append({ type: 'seat_message', seat: partner.name, text: partner.default_reply, to: replyTo, source: { kind: 'default_reply' } });
}

/** All partners' answers to the participant's latest message; when several answer, the seed sets their order. */
export function partnerReplies(task: ResolvedTask, evaluated: string, state: SessionState, seed: number): Effect[] {
  const last = state.lastParticipant ? state.messages[state.lastParticipant.message] : undefined;
  if (!last) return [];
  // A partner played live has already answered (main/partners): its scripted reply is not said as well.
  const partners = task.seats.filter((s): s is PartnerSeat => s.kind === 'partner' && !answeredLatest(state, s.name));
  const replies = partners.map((p) => partnerReply(p, evaluated, state, last.text, last.to)).filter((e): e is Effect => e !== null);
  return replies.length > 1 ? shuffled(replies, seed, `${task.id}|partners|${state.round}`) : replies;
}
