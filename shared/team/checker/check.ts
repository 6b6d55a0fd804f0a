import { conflictOutcomeText } from '../casino/conflict.js';
import type { BenchmarkScore } from '../export/transcriptSchema.js';
import type { Checker, CheckRule } from '../pack/schema.js';
import type { CheckContext, RuleVerdict } from './context.js';
import { answerEquals, dealRule, fileContains, fileNotContains, fileUnchanged, hiddenTestsPass, messageMentions } from './leafRules.js';

export function evaluateRule(rule: CheckRule, ctx: CheckContext): RuleVerdict {
  if ('all' in rule) {
    const children = rule.all.map((r) => evaluateRule(r, ctx));
    const pass = children.every((c) => c.pass);
    return { rule: 'all', pass, why: `${children.filter((c) => c.pass).length}/${children.length} hold`, children };
  }
  if ('any' in rule) {
    const children = rule.any.map((r) => evaluateRule(r, ctx));
    const pass = children.some((c) => c.pass);
    return { rule: 'any', pass, why: `${children.filter((c) => c.pass).length}/${children.length} hold`, children };
  }
  if ('not' in rule) {
    const child = evaluateRule(rule.not, ctx);
    return { rule: 'not', pass: !child.pass, why: `not (${child.why})`, children: [child] };
  }
  if ('answer_equals' in rule) return answerEquals(rule.answer_equals, ctx);
  if ('file_unchanged' in rule) return fileUnchanged(rule.file_unchanged, ctx);
  if ('file_contains' in rule) return fileContains(rule.file_contains, ctx);
  if ('file_not_contains' in rule) return fileNotContains(rule.file_not_contains, ctx);
  if ('hidden_tests_pass' in rule) return hiddenTestsPass(rule.hidden_tests_pass, ctx);
  if ('message_mentions' in rule) return messageMentions(rule.message_mentions, ctx);
  return dealRule(rule.deal, ctx);
}

function firstConflict(v: RuleVerdict): RuleVerdict['conflict'] {
  if (v.conflict) return v.conflict;
  for (const c of v.children ?? []) {
    const found = firstConflict(c);
    if (found) return found;
  }
  return undefined;
}

/** A failing answer rule the failure rests on (not one under `not`, whose failure is a pass). */
function unmatchedAnswer(v: RuleVerdict): RuleVerdict['unmatched'] {
  if (v.pass || v.rule === 'not') return undefined;
  if (v.unmatched) return v.unmatched;
  for (const c of v.children ?? []) {
    const found = unmatchedAnswer(c);
    if (found) return found;
  }
  return undefined;
}

/** The outcome of a failed run whose answer named no option, or several: not the decoy, and not the right one. */
export const UNMATCHED_OUTCOMES = { none: 'answer_names_no_option', several: 'answer_names_several_options' } as const;

/**
 * The benchmark's `score` for a final state. A task with a deal rule writes the conflict outcome
 * (`best_joint_deal joint=39/39`) and `details.conflict_score` (1 / 0.5 / 0), which final_results
 * reads; other tasks write the checker's pass or fail outcome.
 */
export function scoreRun(checker: Checker, ctx: CheckContext): BenchmarkScore {
  const verdict = evaluateRule(checker.pass_when, ctx);
  const conflict = firstConflict(verdict);
  const details: Record<string, unknown> = { rules: verdict };
  if (conflict) {
    Object.assign(details, {
      conflict_score: conflict.score,
      conflict_outcome: conflict.outcome,
      joint: conflict.joint,
      best_joint: conflict.bestJoint,
      own_points: conflict.own,
      other_points: conflict.other,
      deal_agreed: conflict.agreed,
    });
    return { pass: verdict.pass, outcome: conflictOutcomeText(conflict), details };
  }
  const unmatched = verdict.pass ? undefined : unmatchedAnswer(verdict);
  const outcome = verdict.pass ? checker.outcomes.pass : unmatched ? UNMATCHED_OUTCOMES[unmatched] : checker.outcomes.fail;
  return { pass: verdict.pass, outcome, details };
}
