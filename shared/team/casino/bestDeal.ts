import { complement, issues, issueValues, PACKAGES_PER_ISSUE, pointsFor, pointsWith } from './points.js';
import type { Packages, Value2Issue } from './points.js';

export interface Split {
  /** What side A receives; side B receives the rest. */
  a: Packages;
  b: Packages;
  pointsA: number;
  pointsB: number;
  joint: number;
}

/** Every way to split the 9 packages: 4 choices (0–3) per issue, 4³ = 64 splits. */
export function allSplits(): Packages[] {
  const out: Packages[] = [];
  const n = PACKAGES_PER_ISSUE + 1;
  for (let food = 0; food < n; food++) {
    for (let water = 0; water < n; water++) {
      for (let firewood = 0; firewood < n; firewood++) out.push({ Food: food, Water: water, Firewood: firewood });
    }
  }
  return out;
}

export function scoreSplit(valuesA: Value2Issue, valuesB: Value2Issue, a: Packages): Split {
  const b = complement(a);
  const pointsA = pointsFor(valuesA, a);
  const pointsB = pointsFor(valuesB, b);
  return { a, b, pointsA, pointsB, joint: pointsA + pointsB };
}

export interface BestJointDeal {
  /** The highest joint total any split reaches. */
  joint: number;
  /** Every split that reaches it (ties are common: an issue both sides value alike can go either way). */
  splits: Split[];
}

export function bestJointDeal(valuesA: Value2Issue, valuesB: Value2Issue): BestJointDeal {
  // Each side's points per package once, not twice per split: every team run's check scores all 64 (issue 13).
  const perA = issueValues(valuesA);
  const perB = issueValues(valuesB);
  const scored = allSplits().map((a): Split => {
    const b = complement(a);
    const pointsA = pointsWith(perA, a);
    const pointsB = pointsWith(perB, b);
    return { a, b, pointsA, pointsB, joint: pointsA + pointsB };
  });
  const joint = Math.max(...scored.map((s) => s.joint));
  return { joint, splits: scored.filter((s) => s.joint === joint) };
}

export function describePackages(p: Packages): string {
  return issues.map((i) => `${p[i]} ${i}`).join(', ');
}
