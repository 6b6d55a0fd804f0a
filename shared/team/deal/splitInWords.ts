import { issues, PACKAGES_PER_ISSUE, type Issue, type Packages } from '../casino/points.js';

/**
 * A split said in ordinary words (issue 23): "you take all 3 water, we keep the wood, food 2 for u 1 for us", "Hilltop:
 * 3 water, 3 food. Riverside: 3 firewood.", "what if you take all three waters and we keep the food and the wood?".
 * People in a negotiation type the split they mean rather than fill a form; reading it lets a typed answer in a
 * negotiation count as the offer it states, for people and a model in the seat alike.
 *
 * Deliberately narrow: a side gets an item only in an assignment — a side and a verb of having ("we take", "you can
 * have", "Riverside gets"), a side with a colon or a count right after it ("Hilltop: 3 water", "hilltop 3 water"),
 * "<item> for/to <side>", "<side> give(s) <side> <items>", or an order opening a clause ("take the water" gives it to the
 * counterpart, "give us the wood" to us) — so "why do you need the wood?" or "I get it about your
 * grandpa and the water" assign nothing. A clause with a negation ("we can't give up firewood") assigns nothing.
 * What is not said stays unknown: the result says which items were settled and whether the whole split was.
 */
export interface SplitSides {
  /** Names of the side whose split this is (the participant's camp), besides we/us/our/I/me/my. */
  ours: readonly string[];
  /** Names of the other side (the counterpart's camp and name), besides you/your/they/them/their. */
  theirs: readonly string[];
}

export interface SplitRead {
  /** Packages our side gets, for each item the words settle. */
  ours: Partial<Packages>;
  /** True when every item is settled: `ours` is then a whole split. */
  complete: boolean;
}

type Side = 'ours' | 'theirs';
type Token = { kind: 'side'; side: Side } | { kind: 'item'; item: Issue } | { kind: 'qty'; n: number } | { kind: 'rest' } | { kind: 'word'; w: string } | { kind: 'colon' };

const OUR_WORDS = new Set(['we', 'us', 'our', 'ours', 'i', 'me', 'my', 'mine', 'myself', 'ourselves', "we'll", "we'd", "i'll", "i'd", 'ill', 'id']);
const THEIR_WORDS = new Set(['you', 'u', 'your', 'ur', 'yours', 'ya', 'yall', "y'all", 'they', 'them', 'their', 'theirs', "you'll", "you'd", 'youll', 'youd']);
const ITEM_WORDS: Record<string, Issue> = {
  food: 'Food', foods: 'Food', meal: 'Food', meals: 'Food', ration: 'Food', rations: 'Food', provisions: 'Food',
  water: 'Water', waters: 'Water', h2o: 'Water',
  firewood: 'Firewood', firewoods: 'Firewood', wood: 'Firewood', woods: 'Firewood', logs: 'Firewood', kindling: 'Firewood',
};
const NUMBERS: Record<string, number> = { '0': 0, zero: 0, none: 0, '1': 1, one: 1, a: 1, an: 1, single: 1, '2': 2, two: 2, '3': 3, three: 3, all: 3, every: 3 };
/** Verbs by which the side before them gets what follows. */
const HAVE = new Set(['take', 'takes', 'taking', 'took', 'get', 'gets', 'getting', 'got', 'have', 'has', 'having', 'keep', 'keeps', 'keeping', 'receive', 'receives', 'grab', 'grabs', 'claim', 'claims']);
/** Verbs by which the side after them gets what follows ("we give you the water"). */
const GIVE = new Set(['give', 'gives', 'giving', 'offer', 'offers', 'hand', 'send', 'let']);
/** Verbs by which the side before them gives what follows away ("we can give up the food"). */
const GIVE_UP = new Set(['spare', 'release']);
/** Words allowed between a verb or side and the items it takes. */
const FILLER = new Set(['the', 'of', 'else', 'packages', 'package', 'pkgs', 'bundles', 'bundle', 'units', 'unit', 'bottles', 'cases', 'extra', 'just', 'only', 'then', 'also', 'too', 'both', 'remaining', 'whole', 'lot', 'those', 'these', 'them', 'x']);
const MODALS = new Set(['can', 'could', 'would', 'will', 'should', 'shall', 'might', 'may', 'must', 'to', 'gonna', 'wanna', "'ll", 'll', 'd', 'just', 'then', 'also', 'both', 'guys', 'camp', 'side', 'team', 'folks', 'group', 'lot']);
const LIST = new Set(['and', '&', '+', 'plus', 'with', ',']);
/**
 * Words that may open a clause before an imperative ("sure, take the lot", "its fine take the food", "and keep the
 * food too"): an order with no side before it is said to the counterpart, so "take"/"keep"/"have" give them what
 * follows, and "give us"/"send me"/"let us have" give it to the side named.
 */
const IMPERATIVE_INTRO = new Set(['sure', 'ok', 'okay', 'fine', 'alright', 'whatever', 'yes', 'yeah', 'ya', 'yep', 'well', 'so', 'and', 'then', 'just', 'please', 'pls', 'go', 'ahead', 'its', "it's", 'thats', "that's", 'hey', 'look']);
const IMPERATIVE_HAVE = new Set(['take', 'keep', 'have', 'grab']);
const NEGATION = /\b(not|no way|never|nothing|can'?t|cannot|won'?t|don'?t|doesn'?t|isn'?t|aren'?t|shouldn'?t|wouldn'?t|couldn'?t|without|instead of)\b|n't\b/;

function sideNames(names: readonly string[]): string[][] {
  return names.map((n) => n.toLowerCase().split(/\s+/).filter(Boolean)).filter((n) => n.length > 0).sort((a, b) => b.length - a.length);
}

function tokenize(clause: string, ours: string[][], theirs: string[][]): Token[] {
  const words = clause
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/gu, "'")
    .replace(/(\d)([a-z])/g, '$1 $2')
    .replace(/([:=→>\-–—,&+])/gu, ' $1 ')
    .split(/[\s/()"“”]+/u)
    .map((w) => w.replace(/^[^a-z0-9:,&+'\-–—=→>]+|[^a-z0-9:,&+']+$/g, ''))
    .filter((w) => w.length > 0);
  const out: Token[] = [];
  for (let i = 0; i < words.length; i++) {
    const name = matchName(words, i, ours) ?? matchName(words, i, theirs);
    if (name) {
      out.push({ kind: 'side', side: matchName(words, i, ours) ? 'ours' : 'theirs' });
      i += name - 1;
      continue;
    }
    const w = words[i]!;
    if (w === 'fire' && words[i + 1] === 'wood') {
      out.push({ kind: 'item', item: 'Firewood' });
      i++;
    } else if (ITEM_WORDS[w]) out.push({ kind: 'item', item: ITEM_WORDS[w] });
    else if (w === 'rest' || w === 'everything' || w === 'remainder') out.push({ kind: 'rest' });
    else if (OUR_WORDS.has(w)) out.push({ kind: 'side', side: 'ours' });
    else if (THEIR_WORDS.has(w)) out.push({ kind: 'side', side: 'theirs' });
    else if (NUMBERS[w] !== undefined) {
      // "all three", "all 3": one count
      if (out.at(-1)?.kind === 'qty') out.pop();
      out.push({ kind: 'qty', n: NUMBERS[w] });
    }
    else if (w === ':' || w === '=' || w === '-' || w === '–' || w === '—' || w === '→' || w === '>') out.push({ kind: 'colon' });
    else out.push({ kind: 'word', w });
  }
  return out;
}

function matchName(words: readonly string[], at: number, names: string[][]): number | null {
  for (const n of names) if (n.every((part, k) => words[at + k] === part)) return n.length;
  return null;
}

interface Assign {
  side: Side;
  item: Issue | 'rest';
  n: number;
}

const isWord = (t: Token | undefined, set: Set<string>): boolean => t?.kind === 'word' && set.has(t.w);
const other = (s: Side): Side => (s === 'ours' ? 'theirs' : 'ours');

/**
 * The items (with counts) that follow position `at`: `[qty] [filler…] item` joined by lists. "the food" is all of it;
 * a bare item is all of it. Returns the assignments and where reading stopped.
 */
function itemsFrom(tokens: readonly Token[], at: number, side: Side): { found: Assign[]; end: number } {
  const found: Assign[] = [];
  let i = at;
  let qty: number | null = null;
  for (; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'qty') qty = t.n;
    else if (t.kind === 'item' || t.kind === 'rest') {
      found.push({ side, item: t.kind === 'item' ? t.item : 'rest', n: qty ?? PACKAGES_PER_ISSUE });
      qty = null;
      // "2 food for u": a count whose side follows it belongs to that side, not the one before.
      if (isWord(tokens[i + 1], new Set(['for', 'to'])) && tokens[i + 2]?.kind === 'side') {
        found[found.length - 1]!.side = (tokens[i + 2] as { side: Side }).side;
        i += 2;
      }
    } else if (isWord(t, FILLER) || (t.kind === 'word' && LIST.has(t.w))) continue;
    else break;
  }
  return { found, end: i };
}

/** An order that opens the clause: "take the water" (the counterpart gets it), "give us the wood" (we do). */
function imperativeAt(tokens: readonly Token[]): { found: Assign[]; end: number } | null {
  let i = 0;
  while (isWord(tokens[i], IMPERATIVE_INTRO)) i++;
  const verb = tokens[i];
  if (verb?.kind !== 'word') return null;
  if (IMPERATIVE_HAVE.has(verb.w)) {
    const got = itemsFrom(tokens, i + 1, 'theirs');
    return got.found.length > 0 ? got : null;
  }
  if (GIVE.has(verb.w) && tokens[i + 1]?.kind === 'side') {
    const to = (tokens[i + 1] as { side: Side }).side;
    const k = isWord(tokens[i + 2], new Set(['have', 'take', 'keep'])) ? i + 3 : i + 2;
    const got = itemsFrom(tokens, k, to);
    return got.found.length > 0 ? got : null;
  }
  return null;
}

function readClause(tokens: readonly Token[], carry: Side | null): { found: Assign[]; last: Side | null } {
  const found: Assign[] = [];
  let last = carry;
  const imperative = imperativeAt(tokens);
  if (imperative !== null) {
    found.push(...imperative.found);
    if (imperative.found.length > 0) last = imperative.found.at(-1)!.side;
  }
  for (let i = imperative?.end ?? 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'side') {
      let j = i + 1;
      while (j < tokens.length && (isWord(tokens[j], MODALS) || tokens[j]?.kind === 'word' && /^(ll|d|s)$/.test((tokens[j] as { w: string }).w))) j++;
      const next = tokens[j];
      if (next?.kind === 'colon' || next?.kind === 'qty' || (next?.kind === 'word' && HAVE.has(next.w))) {
        const start = next.kind === 'qty' ? j : j + 1;
        const got = itemsFrom(tokens, start, t.side);
        if (got.found.length > 0) {
          found.push(...got.found);
          last = t.side;
          i = got.end - 1;
          continue;
        }
      }
      if (next?.kind === 'word' && GIVE.has(next.w) && tokens[j + 1]?.kind === 'side') {
        const to = (tokens[j + 1] as { side: Side }).side;
        const k = isWord(tokens[j + 2], new Set(['have', 'take', 'keep'])) ? j + 3 : j + 2;
        const got = itemsFrom(tokens, k, to);
        found.push(...got.found);
        if (got.found.length > 0) {
          last = to;
          i = got.end - 1;
        }
        continue;
      }
      if (next?.kind === 'word' && (GIVE_UP.has(next.w) || ((next.w === 'give' || next.w === 'gives') && isWord(tokens[j + 1], new Set(['up', 'away']))))) {
        const got = itemsFrom(tokens, GIVE_UP.has(next.w) ? j + 1 : j + 2, other(t.side));
        found.push(...got.found);
        i = got.end - 1;
        continue;
      }
      continue;
    }
    // "<item> for/to <side>", "food 2 for u 1 for us", "all water goes to hilltop", and a list carried over a comma.
    if (t.kind === 'qty' || t.kind === 'item' || t.kind === 'rest') {
      const afterItem = tokens[i + 1]?.kind === 'colon' ? i + 2 : i + 1;
      if (t.kind === 'item' && tokens[afterItem]?.kind === 'qty') {
        // "food 2 for u 1 for us", "Water: all 3 to Hilltop"
        let k = afterItem;
        const item = t.item;
        let any = false;
        while (tokens[k]?.kind === 'qty' && isWord(tokens[k + 1], new Set(['for', 'to'])) && tokens[k + 2]?.kind === 'side') {
          found.push({ side: (tokens[k + 2] as { side: Side }).side, item, n: (tokens[k] as { n: number }).n });
          any = true;
          k += 3;
          while (isWord(tokens[k], LIST) || (tokens[k]?.kind === 'word' && (tokens[k] as { w: string }).w === ',')) k++;
        }
        if (any) {
          i = k - 1;
          continue;
        }
      }
      const got = itemsFrom(tokens, i, last ?? 'ours');
      const after = tokens[got.end];
      const explicit = got.found.some((a, k) => a.side !== (last ?? 'ours') || k < 0);
      if (isWord(after, new Set(['for', 'to'])) && tokens[got.end + 1]?.kind === 'side') {
        const side = (tokens[got.end + 1] as { side: Side }).side;
        found.push(...got.found.map((a) => ({ ...a, side })));
        last = side;
        i = got.end + 1;
        continue;
      }
      if (isWord(after, new Set(['goes', 'go', 'going', 'comes', 'come'])) && isWord(tokens[got.end + 1], new Set(['to'])) && tokens[got.end + 2]?.kind === 'side') {
        const side = (tokens[got.end + 2] as { side: Side }).side;
        found.push(...got.found.map((a) => ({ ...a, side })));
        last = side;
        i = got.end + 2;
        continue;
      }
      // A list carried over from the clause before ("we keep the food, the wood"): only straight after a side's items.
      if (carry !== null && i === 0 && !explicit) {
        found.push(...got.found);
        i = got.end - 1;
      }
    }
  }
  return { found, last };
}

/** Reads the split the words state, from our side. */
export function readSplitInWords(text: string, sides: SplitSides): SplitRead {
  const ours = sideNames(sides.ours);
  const theirs = sideNames(sides.theirs);
  const assigned: Assign[] = [];
  for (const sentence of text.split(/[.!?;()[\]\n]+|\bbut\b/iu)) {
    let carry: Side | null = null;
    for (const clause of sentence.split(/,/u)) {
      const lower = clause.toLowerCase().replace(/[\u2018\u2019\u02bc]/gu, "'");
      if (NEGATION.test(lower)) {
        carry = null;
        continue;
      }
      const read = readClause(tokenize(clause, ours, theirs), carry);
      assigned.push(...read.found);
      carry = read.found.length > 0 ? read.last : null;
    }
  }
  return settle(assigned);
}

/** Each item's count for our side, from the last thing said about it; "the rest" fills what is left. */
function settle(assigned: readonly Assign[]): SplitRead {
  const ours: Partial<Record<Issue, number>> = {};
  const theirs: Partial<Record<Issue, number>> = {};
  let rest: Side | null = null;
  for (const a of assigned) {
    if (a.item === 'rest') rest = a.side;
    else (a.side === 'ours' ? ours : theirs)[a.item] = Math.min(a.n, PACKAGES_PER_ISSUE);
  }
  const out: Partial<Packages> = {};
  for (const item of issues) {
    const o = ours[item];
    const t = theirs[item];
    if (o !== undefined && t !== undefined) {
      if (o + t === PACKAGES_PER_ISSUE) out[item] = o;
      else if (o === PACKAGES_PER_ISSUE && t === PACKAGES_PER_ISSUE) continue; // both claim all of it: unsettled
      else continue;
    } else if (o !== undefined) out[item] = o;
    else if (t !== undefined) out[item] = PACKAGES_PER_ISSUE - t;
    else if (rest !== null) out[item] = rest === 'ours' ? PACKAGES_PER_ISSUE : 0;
  }
  return { ours: out, complete: issues.every((i) => out[i] !== undefined) };
}
