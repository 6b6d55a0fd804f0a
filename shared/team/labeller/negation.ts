/**
 * Negation scope for the rules labeller. "I haven't opened the audit trail yet" names the audit trail without
 * reporting anything, and "no green light on the nose gear" is not talk about a bulb: a keyword or regex that matches
 * within a few words after a negation in the same clause is not evidence for its label. A pattern that itself
 * contains a negation ("won't sign", "not complete") is the author saying the negated form is what counts, and is
 * never passed over. Task-independent and deterministic; documented in studies/FORMAT-team.md ("The rules labeller").
 */
const NEGATOR =
  /^(not|never|no|nothing|without|cannot|(?:do|does|did|is|are|was|were|have|has|had|wo|ca|could|would|should|must|need)n'?t|cant|wont|dont|doesnt|didnt|isnt|arent|wasnt|werent|havent|hasnt|hadnt|shouldnt|wouldnt|couldnt|mustnt|neednt)$/iu;
/** How many words after a negation it still covers (up to the end of the clause, whichever comes first). */
export const NEGATION_WINDOW = 5;
// A clause ends at sentence punctuation, a comma, a dash or "but" ("no, the audit trail was off" is not negated).
const CLAUSE_END = /[.!?;,:\n\u2014\u2013]|\s-\s|\bbut\b/iu;

const plain = (s: string): string => s.replace(/[\u2018\u2019\u02bc]/g, "'");
const words = (s: string): string[] => plain(s).match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [];

/** Whether the matched text itself says a negation (then its use is what the author meant to catch). */
export function containsNegation(matched: string): boolean {
  return words(matched).some((w) => NEGATOR.test(w));
}

/**
 * The negation that covers an occurrence starting at `at`, or null: the last `NEGATION_WINDOW` words of its clause
 * before it, searched for a negating word.
 */
export function negationBefore(text: string, at: number): string | null {
  const clause = text.slice(0, at).split(CLAUSE_END).pop() ?? '';
  const before = words(clause).slice(-NEGATION_WINDOW);
  return before.find((w) => NEGATOR.test(w)) ?? null;
}

/** Whether an occurrence counts as evidence: not inside a negation, unless the pattern spells the negation itself. */
export function affirmed(text: string, at: number, matched: string): boolean {
  return containsNegation(matched) || negationBefore(text, at) === null;
}
