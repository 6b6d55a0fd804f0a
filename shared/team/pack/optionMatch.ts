import { keywordRegex } from './match.js';
import type { AnswerOption } from './checkerSchema.js';

/** Which option an answer names, or why it names none. */
export type OptionMatch = { option: string; named: string[] } | { option: null; named: string[]; why: string };

const QUOTES = /[\u2018\u2019\u201A\u201B\u2032]/g;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g;
/** Punctuation and quotes a person may put around an answer ("West City." / 'refuse' / **Main tank**). */
const EDGES = /^[\s"'`*_.,;:!?()[\]{}<>~-]+|[\s"'`*_.,;:!?()[\]{}<>~-]+$/g;

/** Whitespace collapsed, curly quotes straightened, the punctuation and quotes around the text dropped; case kept. */
export function trimAnswer(text: string): string {
  return text.replace(QUOTES, "'").replace(DOUBLE_QUOTES, '"').trim().replace(/\s+/g, ' ').replace(EDGES, '');
}

/** What a typed answer is compared after: `trimAnswer`, and case ignored. */
export function normaliseAnswer(text: string): string {
  return trimAnswer(text).toLowerCase();
}

export function optionValue(o: AnswerOption): string {
  return typeof o === 'string' ? o : o.value;
}

/** The option and every other way of writing it. */
export function optionPhrases(o: AnswerOption): string[] {
  return typeof o === 'string' ? [o] : [o.value, ...(o.also ?? [])];
}

/** The option a phrase (an option's value or one of its `also`) stands for, after normalisation; undefined if none. */
export function optionFor(options: readonly AnswerOption[], phrase: string): string | undefined {
  const n = normaliseAnswer(phrase);
  const o = options.find((x) => optionPhrases(x).some((p) => normaliseAnswer(p) === n));
  return o === undefined ? undefined : optionValue(o);
}

interface Mention {
  start: number;
  end: number;
  option: string;
}

/**
 * "not East Town", "wouldn't choose the main tank", "rather than Truck 2": a mention the answer turns down. Only a
 * few filler words may stand between, so "not sure but West City" still names West City.
 */
const FILLER = '(?:go|going|choose|choosing|pick|picking|accept|accepting|take|taking|say|saying|recommend|select|use|to|with|for|the|a|an|it|on|towards?)';
const NEGATED_BEFORE = new RegExp(`(?:\\bnot|\\bnever|n't|\\brather than|\\binstead of)\\s+(?:${FILLER}\\s+){0,2}$`, 'iu');
/** Where the reason starts: "West City, because …", "Main tank. Truck 2 was …", "refuse — the leak …". */
const REASON_START = /\b(?:because|since|as|given|due to|so|for|though|although|but)\b|[.;:!?()\n\u2014\u2013]|\s-\s/giu;

function mentionsIn(text: string, options: readonly AnswerOption[]): Mention[] {
  const found: Mention[] = [];
  for (const o of options) {
    for (const phrase of optionPhrases(o)) {
      const re = new RegExp(keywordRegex(normaliseAnswer(phrase)).source, 'giu');
      for (const m of text.matchAll(re)) found.push({ start: m.index, end: m.index + m[0].length, option: optionValue(o) });
    }
  }
  // Longest first, so "not accept" (an `also` of refuse) wins over the "accept" inside it.
  found.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: Mention[] = [];
  for (const m of found) if (!kept.some((k) => m.start < k.end && k.start < m.end)) kept.push(m);
  return kept.sort((a, b) => a.start - b.start);
}

function distinct(ms: readonly Mention[]): string[] {
  return [...new Set(ms.map((m) => m.option))];
}

/**
 * The one option matcher every answer is scored by, a person's or a model's. An answer that is an option (or one of
 * its `also`) after normalisation names it; otherwise the options named before the reason starts count, and failing
 * that those in the whole answer; a mention turned down ("not East Town") does not count. Two different options
 * named, or none, is no match.
 */
export function matchOption(answer: string, options: readonly AnswerOption[]): OptionMatch {
  const exact = optionFor(options, answer);
  if (exact !== undefined) return { option: exact, named: [exact] };
  const text = normaliseAnswer(answer);
  const all = mentionsIn(text, options);
  const standing = all.filter((m) => !NEGATED_BEFORE.test(text.slice(0, m.start)));
  const boundaries = [...text.matchAll(REASON_START)].map((b) => b.index).filter((i) => !all.some((m) => i >= m.start && i < m.end));
  const reasonAt = boundaries.find((i) => standing.some((m) => m.start < i)) ?? text.length;
  const lead = distinct(standing.filter((m) => m.start < reasonAt));
  const named = lead.length > 0 ? lead : distinct(standing);
  if (named.length === 1 && named[0] !== undefined) return { option: named[0], named };
  if (named.length === 0) return { option: null, named, why: 'names none of the options' };
  return { option: null, named, why: `names ${named.length} different options (${named.join(', ')})` };
}
