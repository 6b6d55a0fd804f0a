/**
 * A simple, honest check that a line with `source:` states nothing its quote does not: every number and every
 * capitalised name in the line must appear in the quote. Names the task declares made up (its seats, and anything
 * its `source.fictional` lists: the names given to a record's anonymous people and things) are allowed; so is a
 * capitalised word that only starts a sentence. It cannot read meaning: a line can still say more in plain words.
 */
const NUMBER = /\d(?:[\d,]*\d)?/g;
const WORD = /(?<![\p{L}\p{N}])[\p{Lu}][\p{L}\p{N}'’-]*/gu;
/** Capitalised words that are not names (pronouns, forms of address, interjections). */
const NOT_NAMES = new Set(['i', "i'm", "i'll", "i've", "i'd", 'ok', 'okay', 'captain', 'hi', 'no', 'yes']);

/** "2,000" and "2, 000" (as some reproductions print it) are 2000; "2 100LL" stays two numbers. */
const digits = (text: string): string => text.replace(/(\d),\s?(?=\d{3}(?!\d))/g, '$1');
const words = (text: string): Set<string> =>
  new Set((text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? []).map((w) => w.replace(/’/g, "'")));

/** The numbers and names of `text` that `quote` does not contain (each once, as written in `text`). */
export function unquotedNamesAndNumbers(text: string, quote: string, allowed: ReadonlySet<string>): string[] {
  const missing = new Set<string>();
  const quoteDigits = digits(quote);
  // a number inside a made-up name (a tail number such as N19CA) is part of that name
  const own = text.replace(/[\p{L}\p{N}]+/gu, (w) => (allowed.has(w.toLowerCase()) ? ' ' : w));
  for (const n of digits(own).match(NUMBER) ?? []) {
    const bare = n.replace(/,/g, '');
    if (!new RegExp(`(?<!\\d)${bare}(?!\\d)`).test(quoteDigits.replace(/,/g, ''))) missing.add(n);
  }
  const inQuote = words(quote);
  for (const m of text.matchAll(WORD)) {
    const at = m.index;
    const before = text.slice(0, at).trimEnd();
    // the first word of the text or of a sentence (after . ! ? : — or an opening bracket or quote)
    if (before === '' || /[.!?:;…—–[\]("“‘]$/u.test(before)) continue;
    const word = m[0].replace(/['’]s$/u, '').replace(/’/g, "'").toLowerCase();
    if (NOT_NAMES.has(word) || allowed.has(word)) continue;
    if (!word.split(/[-']/).every((part) => part === '' || allowed.has(part) || quotes(inQuote, part))) missing.add(m[0]);
  }
  return [...missing];
}

/** A word the quote has, or abbreviates (the record's "thurs" for Thursday, "sun" for Sunday). */
function quotes(inQuote: ReadonlySet<string>, word: string): boolean {
  if (inQuote.has(word)) return true;
  for (const q of inQuote) if (q.length >= 3 && word.startsWith(q)) return true;
  return false;
}

/** The words a task declares made up: its seat names and whatever `source.fictional` lists. */
export function declaredMadeUp(seatNames: readonly string[], fictional: string): Set<string> {
  return words([...seatNames, fictional].join(' '));
}
