import type { EventOf } from '../engine/events.js';
import type { ResolvedTask } from '../pack/resolve.js';
import { evaluatedSeat } from '../pack/resolve.js';
import { playedDealForm } from './dealForm.js';
import { checkOffer } from './offer.js';
import { PACKAGES_PER_ISSUE } from '../casino/points.js';

/**
 * A declared path's `offer:` turn (what the participant's side gets) as the event the session records for the
 * deal form, or why it cannot be made, in the same words the seat would refuse it with.
 */
export function offerTurnEvent(task: ResolvedTask, youGet: Record<string, number>): EventOf<'deal_proposed'> | string {
  if (!playedDealForm(task)) return 'this task has no deal form';
  const theyGet = Object.fromEntries(Object.entries(youGet).map(([k, v]) => [k, PACKAGES_PER_ISSUE - v]));
  const checked = checkOffer({ youGet, theyGet });
  if (!checked.ok) return checked.error.message;
  return { type: 'deal_proposed', seat: evaluatedSeat(task).name, evaluated_gets: checked.value, via: 'deal_form' };
}
