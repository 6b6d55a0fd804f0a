import { z } from 'zod';

/** A JavaScript regular expression source; checked at load so a bad pattern fails the pack, not the run. */
export const regexSource = z.string().min(1).superRefine((source, ctx) => {
  try {
    new RegExp(source, 'iu');
  } catch (e) {
    ctx.addIssue({ code: 'custom', message: `not a valid regular expression: ${(e as Error).message}` });
  }
});

/**
 * What a piece of text must contain. Keywords are whole words or phrases, case-insensitive;
 * regexes are case-insensitive. Either one match is enough.
 */
export const matchFields = {
  keywords: z.array(z.string().min(1)).default([]),
  regex: z.array(regexSource).default([]),
};
export const matchSchema = z.strictObject(matchFields);
export type Match = z.output<typeof matchSchema>;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Words that an apostrophe-less spelling of a one-word keyword would collide with ("we'll" → "well"): there the
 * apostrophe stays required.
 */
const APOSTROPHE_COLLISIONS = new Set(['ill', 'well', 'were', 'lets', 'its', 'id', 'shed', 'wed', 'hell', 'shell']);

/** One word of a keyword as a pattern: any apostrophe in it matches a typographic one or none ("didnt", "didn’t"). */
function wordPattern(word: string, alone: boolean): string {
  const parts = word.split(/['\u2018\u2019\u02bc]/u);
  if (parts.length === 1) return escapeRegex(word);
  const bare = parts.join('').toLowerCase();
  const apostrophe = alone && APOSTROPHE_COLLISIONS.has(bare) ? "['\u2018\u2019\u02bc]" : "['\u2018\u2019\u02bc]?";
  return parts.map(escapeRegex).join(apostrophe);
}

/**
 * A keyword matches as a whole word or phrase: "ok" does not match "token"; spaces match any whitespace. People
 * type "didnt" and "didn’t" for "didn't", so an apostrophe in a keyword may be typographic or left out (except in a
 * one-word keyword whose bare spelling is another word: "we'll" does not match "well").
 */
export function keywordRegex(keyword: string): RegExp {
  const words = keyword.trim().split(/\s+/);
  const body = words.map((w) => wordPattern(w, words.length === 1)).join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])`, 'iu');
}

export interface CompiledMatch {
  /** The first keyword or regex that matched, for the record; null when nothing matched. */
  find(text: string): string | null;
  /**
   * The same, counting only the occurrences `accept` keeps (it sees where each occurrence starts and what it
   * matched); `rejected` hears of every occurrence passed over, for the record.
   */
  findWhere(text: string, accept: (at: number, matched: string) => boolean, rejected?: (what: string, matched: string) => void): string | null;
  readonly empty: boolean;
}

export function compileMatch(m: { keywords?: readonly string[]; regex?: readonly string[] }): CompiledMatch {
  const tests: Array<{ what: string; re: RegExp }> = [
    ...(m.keywords ?? []).map((k) => ({ what: `keyword "${k}"`, re: keywordRegex(k) })),
    ...(m.regex ?? []).map((r) => ({ what: `regex /${r}/`, re: new RegExp(r, 'iu') })),
  ];
  return {
    empty: tests.length === 0,
    find(text: string): string | null {
      for (const t of tests) if (t.re.test(text)) return t.what;
      return null;
    },
    findWhere(text, accept, rejected) {
      for (const t of tests) {
        for (const m of text.matchAll(new RegExp(t.re.source, `${t.re.flags}g`))) {
          if (accept(m.index, m[0])) return t.what;
          rejected?.(t.what, m[0]);
        }
      }
      return null;
    },
  };
}
