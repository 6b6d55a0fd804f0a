/**
 * The words a small text model reads in a participant's message: lowercased words (typographic apostrophes made
 * plain, "won't"/"wont" kept as written), word pairs, and a negation mark: the words after "not", "no", "never",
 * a "-n't" word or "without", up to the next punctuation or three words, are read as `not_<word>` so "signing" and
 * "not signing" are different evidence. Pure and deterministic.
 */
const NEGATORS = new Set(['not', 'no', 'never', 'without', 'nor', 'cannot', 'nope', 'nothing', 'none']);
const isNegator = (w: string): boolean => NEGATORS.has(w) || /n'?t$/.test(w) && /^(won|wont|can|cant|don|dont|isn|isnt|aren|arent|didn|didnt|doesn|doesnt|wouldn|wouldnt|shouldn|shouldnt|couldn|couldnt|haven|havent|hasn|hasnt|wasn|wasnt|weren|werent|ain|aint|mustn|needn)'?t?$/.test(w);
const NEGATION_SPAN = 3;

/** The message cut into clauses (punctuation ends one) of lowercase words. */
export function clauses(text: string): string[][] {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .split(/[.!?;,:\n()\u2014\u2013]+|\s-\s/u)
    .map((c) => c.match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [])
    .filter((c) => c.length > 0);
}

export function textFeatures(text: string): string[] {
  const out: string[] = [];
  for (const words of clauses(text)) {
    let negated = 0;
    let prev = '^';
    for (const w of words) {
      const token = negated > 0 ? `not_${w}` : w;
      out.push(token, `${prev} ${w}`);
      prev = w;
      if (isNegator(w)) negated = NEGATION_SPAN;
      else if (negated > 0) negated--;
    }
    out.push(`${prev} $`);
  }
  return out;
}
