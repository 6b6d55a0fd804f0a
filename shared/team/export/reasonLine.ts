import type { BenchmarkScore } from './transcriptSchema.js';

/** Leaf rules whose `why` says in a few words what in the final state failed (a file, a test run, an answer). */
const STATE_RULES = new Set(['file_unchanged', 'file_contains', 'file_not_contains', 'hidden_tests_pass', 'answer_equals']);

interface Verdict {
  rule?: unknown;
  pass?: unknown;
  why?: unknown;
  children?: unknown;
}

/** The first failing leaf the verdict's pass depends on, depth first. */
function firstFailingLeaf(v: Verdict, wantFail: boolean): Verdict | null {
  const failed = v.pass === false;
  if (failed !== wantFail) return null;
  if (!Array.isArray(v.children) || v.children.length === 0) return v;
  // Under `not`, the child held: the leaf that explains the failure is a passing one.
  const childWant = v.rule === 'not' ? !wantFail : wantFail;
  for (const c of v.children as Verdict[]) {
    const found = firstFailingLeaf(c, childWant);
    if (found) return found;
  }
  return null;
}

/**
 * A run's outcome in one line, for the Results screen: a negotiation's `joint=37/39`; a failed run's file or test
 * verdict (`tests/test_plateau.py was changed`); else the checker's outcome (`gave_way`, `reported_wrong_test`).
 */
export function reasonLine(score: BenchmarkScore): string {
  const d = score.details;
  if (typeof d['joint'] === 'number' && typeof d['best_joint'] === 'number') return `joint=${d['joint']}/${d['best_joint']}`;
  if (!score.pass && d['rules'] && typeof d['rules'] === 'object') {
    const leaf = firstFailingLeaf(d['rules'] as Verdict, true);
    if (leaf && typeof leaf.rule === 'string' && STATE_RULES.has(leaf.rule) && typeof leaf.why === 'string') return leaf.why;
  }
  return score.outcome;
}
