import type { SessionEvent } from '../engine/events.js';
import type { SessionState } from '../engine/state.js';
import { evaluatedSeat, type ResolvedTask } from '../pack/resolve.js';
import { standingProposal } from '../view.js';
import { issues, type Packages } from '../casino/points.js';
import { packagesSchema } from '../pack/scriptSchema.js';
import { playedDealForm } from './dealForm.js';
import { readSplitInWords } from './splitInWords.js';

/**
 * A typed answer in a negotiation is the split it states (issue 23: "answers that mean what the person meant"). A
 * participant who submits "Hilltop: 3 water, 3 food. Riverside: 3 firewood." means that split, not "no deal". When the
 * words state a whole split (deal/splitInWords.ts), or the answer is the packages themselves, the answer is recorded as that act before the submission: the
 * counterpart's offer on the table accepted when it is the same split, otherwise an offer through the deal form,
 * which the counterpart answers before the checker reads the deal (engine/next.ts answers open offers first). Words
 * that do not state a whole split change nothing: the answer is text, as before. People and a model in the seat alike.
 * Returns the events to record before `submitted`, in order.
 */
/** The whole split an answer states: the packages themselves (as an API client sends the form's split), or words. */
function splitOf(answer: unknown, ours: string[], theirs: string[]): Packages | null {
  const packages = packagesSchema.safeParse(answer);
  if (packages.success) return packages.data;
  if (typeof answer !== 'string') return null;
  const read = readSplitInWords(answer, { ours, theirs });
  return read.complete ? (read.ours as Packages) : null;
}

export function offerFromAnswer(task: ResolvedTask, state: SessionState, answer: unknown): SessionEvent[] {
  const form = playedDealForm(task);
  if (!form || task.dealForm === null) return [];
  const gets = splitOf(answer, [...task.dealForm.our_names], [...task.dealForm.their_names, form.counterpart]);
  if (gets === null) return [];
  const you = evaluatedSeat(task).name;
  const standing = standingProposal(state, you);
  if (state.deal.acceptedBy !== null) return [];
  if (standing && issues.every((i) => standing.evaluated_gets[i] === gets[i])) return [{ type: 'deal_accepted', seat: you }];
  return [{ type: 'deal_proposed', seat: you, evaluated_gets: { Food: gets.Food, Water: gets.Water, Firewood: gets.Firewood }, via: 'deal_form', from_answer: true }];
}
