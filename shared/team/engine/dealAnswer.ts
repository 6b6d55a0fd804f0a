import { answerOffer, playedDealForm } from '../deal/dealForm.js';
import type { ResolvedTask } from '../pack/resolve.js';
import { TEAM_CHANNEL } from '../pack/schema.js';
import type { Effect } from './effects.js';
import { append } from './effects.js';
import type { SessionState } from './state.js';

/**
 * The counterpart's answer to an offer made through the deal form, in the same turn: accept (the run ends with the
 * deal), or reject and put its own latest offer back on the table (a counter), so the participant can accept that
 * or offer again. Independent of where the counterpart's script stands — a script that has finished, or given in
 * to a mislabelled message, still answers — so no label can make the best deal unreachable (issue 23).
 */
export function dealAnswer(task: ResolvedTask, s: SessionState): Effect[] {
  if (!s.deal.open) return [];
  const form = playedDealForm(task);
  const offer = s.deal.proposals.at(-1);
  if (!form || !offer) return [];
  const seat = form.counterpart;
  const say = (text: string, id: string): Effect => append({ type: 'seat_message', seat, text, to: TEAM_CHANNEL, source: { kind: 'deal_answer', id } });
  if (answerOffer(form, offer.evaluated_gets) === 'accept') {
    return [say(form.acceptText, 'accept'), append({ type: 'deal_accepted', seat })];
  }
  const own = s.deal.proposals.filter((p) => p.seat === seat).at(-1);
  const counter = own
    ? [say('Submit-Deal', 'counter'), append({ type: 'deal_proposed', seat, evaluated_gets: { ...own.evaluated_gets } })]
    : [];
  return [say(form.rejectText, 'reject'), append({ type: 'deal_rejected', seat }), ...counter];
}
