/**
 * A checker verdict said in words, for the end of a quick-seat demo: a hall reads "Passed: reported the wrong test",
 * not `reported_wrong_test`. Pure, so the words are the same wherever a verdict is shown.
 */

export interface VerdictInWords {
  /** "Passed" or "Did not pass". */
  headline: string;
  /** The outcome as a phrase: `gave_way` → "gave way"; `best_joint_deal joint=39/39` → "best joint deal (joint points 39 of a possible 39)". */
  outcome: string;
  /** Why, from the checker's own rule verdicts: for a failed run the rules it failed on (at most three). */
  reasons: string[];
}

/** How a run ended, in words (the engine's `ended` values). */
export const ENDED_IN_WORDS: Record<string, string> = {
  submitted: 'The work was submitted.',
  max_rounds: 'The last round is over.',
  walked_away: 'A teammate walked away from the negotiation.',
  deal_accepted: 'A deal was agreed.',
  script_ended: 'The conversation is over.',
  abandoned: 'The run was stopped.',
  time_limit: 'The time for this task is up.',
};

export const endedInWords = (ended: string | null): string => (ended ? (ENDED_IN_WORDS[ended] ?? `It ended: ${outcomeInWords(ended)}.`) : 'The run has not ended.');

/** `snake_case_outcome key=a/b` → "snake case outcome (key points a of a possible b)". */
export function outcomeInWords(outcome: string): string {
  const [head = '', ...rest] = outcome.trim().split(/\s+/);
  const words = head.replace(/[_-]+/g, ' ').trim();
  const extras = rest.map((part) => {
    const m = /^([a-z_]+)=(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/i.exec(part);
    return m ? `${m[1]!.replace(/_/g, ' ')} points ${m[2]} of a possible ${m[3]}` : part.replace(/[_=]+/g, ' ');
  });
  return extras.length ? `${words} (${extras.join(', ')})` : words;
}

interface RuleLike {
  rule?: unknown;
  pass?: unknown;
  why?: unknown;
  children?: unknown;
}

/** The leaves a failed rule tree failed on: every failing child of `all`, each child of a failed `any`, the inverted child of `not`. */
function failedOn(v: RuleLike): string[] {
  if (v.pass !== false) return [];
  const children = Array.isArray(v.children) ? (v.children as RuleLike[]) : [];
  if (v.rule === 'not') {
    const child = children[0];
    return typeof child?.why === 'string' ? [`${child.why} (which the task counts against)`] : [];
  }
  if (children.length) return children.flatMap((c) => (c.pass === false ? failedOn(c) : []));
  return typeof v.why === 'string' ? [v.why] : [];
}

const MAX_REASONS = 3;

/** A rule's reason can quote codes (`gave_in joint=36/39`): said as words, the file names (`test_plateau.py`) left alone. */
function codesInWords(reason: string): string {
  return reason
    .replace(/\b([a-z]+)=(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)/gi, '$1 points $2 of $3')
    .replace(/(?<![\w./])([a-z]+(?:_[a-z]+)+)(?![\w./])/g, (m) => m.replace(/_/g, ' '));
}

export function verdictInWords(verdict: { pass: boolean; outcome: string; details?: Record<string, unknown> }): VerdictInWords {
  const rules = verdict.details?.rules;
  const reasons = !verdict.pass && rules && typeof rules === 'object' ? failedOn(rules as RuleLike) : [];
  return {
    headline: verdict.pass ? 'Passed' : 'Did not pass',
    outcome: outcomeInWords(verdict.outcome),
    reasons: [...new Set(reasons.map(codesInWords))].slice(0, MAX_REASONS),
  };
}
