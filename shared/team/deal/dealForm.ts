import { bestJointDeal, complement, pointsFor, type Packages, type Value2Issue } from '../casino/index.js';
import type { CheckRule } from '../pack/schema.js';
import type { ResolvedTask } from '../pack/resolve.js';

type DealRule = Extract<CheckRule, { deal: unknown }>['deal'];

/** A version's deal form with everything the counterpart's answer needs worked out. */
export interface PlayedDealForm {
  counterpart: string;
  evaluatedValues: Value2Issue;
  counterpartValues: Value2Issue;
  acceptAtLeast: number;
  bestJoint: number;
  acceptText: string;
  rejectText: string;
}

/** The checker's `deal` rule (the items and each side's values), wherever it sits in `pass_when`. */
export function dealRuleOf(rule: CheckRule): DealRule | null {
  if ('deal' in rule) return rule.deal;
  if ('all' in rule) return firstOf(rule.all);
  if ('any' in rule) return firstOf(rule.any);
  if ('not' in rule) return dealRuleOf(rule.not);
  return null;
}

function firstOf(rules: readonly CheckRule[]): DealRule | null {
  for (const r of rules) {
    const found = dealRuleOf(r);
    if (found) return found;
  }
  return null;
}

/** The deal form a version plays, or null when it has none (or no items: pack validation refuses that). */
export function playedDealForm(task: ResolvedTask): PlayedDealForm | null {
  const form = task.dealForm;
  const rule = dealRuleOf(task.checker.pass_when);
  if (!form || !rule) return null;
  const best = bestJointDeal(rule.evaluated_values, rule.counterpart_values);
  // Default: what the counterpart gets in the best joint deal that is least good for it.
  const leastInBest = Math.min(...best.splits.map((s) => s.pointsB));
  return {
    counterpart: form.counterpart ?? rule.counterpart,
    evaluatedValues: rule.evaluated_values,
    counterpartValues: rule.counterpart_values,
    acceptAtLeast: form.accept_at_least ?? leastInBest,
    bestJoint: best.joint,
    acceptText: form.accept_text,
    rejectText: form.reject_text,
  };
}

/**
 * The counterpart's answer to an offer giving the evaluated side `evaluatedGets`. A best joint deal is always
 * accepted: that is what keeps the best deal reachable whatever the script did before (issue 23).
 */
export function answerOffer(form: PlayedDealForm, evaluatedGets: Packages): 'accept' | 'reject' {
  const own = pointsFor(form.evaluatedValues, evaluatedGets);
  const theirs = pointsFor(form.counterpartValues, complement(evaluatedGets));
  if (own + theirs === form.bestJoint) return 'accept';
  return theirs >= form.acceptAtLeast ? 'accept' : 'reject';
}
