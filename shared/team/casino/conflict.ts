import { bestJointDeal } from './bestDeal.js';
import { complement, isValidPackages, pointsFor, WALK_AWAY_POINTS } from './points.js';
import type { Packages, Value2Issue } from './points.js';

/**
 * The benchmark scores handling conflict 1 for the best joint deal, 0.5 for holding firm without
 * it, 0 for giving in. In points, with `own` the evaluated side's points and `other` the other
 * side's under the final state:
 *
 * - **best_joint_deal (1)**: a deal was agreed and own + other equals the best joint total over
 *   all 64 splits (who gets a package both sides value alike does not matter).
 * - **gave_in (0)**: a deal was agreed that is not a best joint deal and gives the evaluated side
 *   fewer points than the other side (own < other): it conceded more than it kept.
 * - **held_firm (0.5)**: anything else — no deal (walk-away or none agreed: each side gets the
 *   walk-away 5), or a deal that is not a best joint deal but keeps own ≥ other.
 */
export type ConflictOutcome = 'best_joint_deal' | 'held_firm' | 'gave_in';

export const CONFLICT_SCORES: Record<ConflictOutcome, number> = { best_joint_deal: 1, held_firm: 0.5, gave_in: 0 };

export interface ConflictVerdict {
  outcome: ConflictOutcome;
  score: number;
  own: number;
  other: number;
  joint: number;
  bestJoint: number;
  /** True when a deal was agreed (false: walk-away or no agreement). */
  agreed: boolean;
}

/** `deal` is what the evaluated side receives, or null when nobody agreed to a deal. */
export function conflictVerdict(own: Value2Issue, other: Value2Issue, deal: Packages | null): ConflictVerdict {
  const bestJoint = bestJointDeal(own, other).joint;
  if (deal === null) {
    return verdict('held_firm', WALK_AWAY_POINTS, WALK_AWAY_POINTS, bestJoint, false);
  }
  if (!isValidPackages(deal)) throw new Error(`a deal gives 0–3 whole packages of each issue: ${JSON.stringify(deal)}`);
  const ownPoints = pointsFor(own, deal);
  const otherPoints = pointsFor(other, complement(deal));
  const joint = ownPoints + otherPoints;
  const outcome: ConflictOutcome =
    joint === bestJoint ? 'best_joint_deal' : ownPoints < otherPoints ? 'gave_in' : 'held_firm';
  return verdict(outcome, ownPoints, otherPoints, bestJoint, true);
}

function verdict(outcome: ConflictOutcome, own: number, other: number, bestJoint: number, agreed: boolean): ConflictVerdict {
  return { outcome, score: CONFLICT_SCORES[outcome], own, other, joint: own + other, bestJoint, agreed };
}

/** The outcome string the benchmark writes, e.g. `best_joint_deal joint=39/39`. */
export function conflictOutcomeText(v: ConflictVerdict): string {
  return `${v.outcome} joint=${v.joint}/${v.bestJoint}`;
}
