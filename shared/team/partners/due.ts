import { keywordRegex } from '../pack/match.js';
import type { ResolvedTask } from '../pack/resolve.js';
import { TEAM_CHANNEL, type PartnerSeat } from '../pack/schema.js';
import type { EventOf } from '../engine/events.js';
import { answeredLatest, partnerReply } from '../engine/partners.js';
import type { SessionState } from '../engine/state.js';

export type SeatMessage = EventOf<'seat_message'>;

/** A live partner that owes the participant's latest message an answer, and what its script would say instead. */
export interface DuePartner {
  partner: PartnerSeat;
  /** The pack's scripted answer: said when the endpoint fails, is slow or is not usable. */
  fallback: SeatMessage;
  /** Why it answers: a direct message, one of its replies matched, or the message names it. */
  why: 'direct' | 'reply_matched' | 'named';
}

/**
 * The live partners that answer the participant's latest message: every direct message; a channel message when one
 * of that partner's replies matches (the pack's rule for scripted partners) or the message names the partner. Only
 * once the message is labelled (or needs no label), and only those that have not answered yet.
 */
export function duePartners(task: ResolvedTask, evaluated: string, state: SessionState, live: ReadonlySet<string>): DuePartner[] {
  const last = state.lastParticipant;
  if (!last || state.phase !== 'participant_spoke' || live.size === 0) return [];
  const message = state.messages[last.message];
  if (!message) return [];
  const due: DuePartner[] = [];
  for (const seat of task.seats) {
    if (seat.kind !== 'partner' || !live.has(seat.name) || answeredLatest(state, seat.name)) continue;
    const direct = message.to === seat.name;
    if (!direct && message.to !== TEAM_CHANNEL) continue;
    const scripted = partnerReply(seat, evaluated, state, message.text, message.to);
    const said = scripted?.type === 'append' && scripted.event.type === 'seat_message' ? scripted.event : null;
    if (direct && said) due.push({ partner: seat, fallback: said, why: 'direct' });
    else if (said) due.push({ partner: seat, fallback: said, why: 'reply_matched' });
    else if (keywordRegex(seat.name).test(message.text)) {
      // Named on the channel with no reply of its own matching: the script would stay silent, but a message must be
      // said for the round to go on, so the fallback is its acknowledgement, on the channel.
      const ack: SeatMessage = { type: 'seat_message', seat: seat.name, text: seat.default_reply, to: TEAM_CHANNEL, source: { kind: 'default_reply' } };
      due.push({ partner: seat, fallback: ack, why: 'named' });
    }
  }
  return due;
}
