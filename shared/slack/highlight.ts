// Where the words of a query sit in a message's plain text, folded the way the FTS5 unicode61 tokenizer folds them
// (case and diacritics), so the highlight matches what the index matched.
export interface HighlightTerm {
  tokens: string[];
  prefix: boolean;
}

export interface Snippet {
  text: string;
  /** [start, end) offsets into `text`. */
  highlights: Array<[number, number]>;
}

const WORD = /[\p{L}\p{N}]+/gu;
export const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function termTokens(text: string): string[] {
  return [...fold(text).matchAll(WORD)].map((m) => m[0]);
}

export function findHighlights(text: string, terms: readonly HighlightTerm[]): Array<[number, number]> {
  const words = [...text.matchAll(WORD)].map((m) => ({ t: fold(m[0]), start: m.index, end: m.index + m[0].length }));
  const out: Array<[number, number]> = [];
  for (let i = 0; i < words.length; i++) {
    for (const term of terms) {
      const n = term.tokens.length;
      if (n === 0 || i + n > words.length) continue;
      const hit = term.tokens.every((tok, k) => {
        const w = words[i + k]?.t ?? '';
        return term.prefix && k === n - 1 ? w.startsWith(tok) : w === tok;
      });
      if (hit) out.push([words[i]?.start ?? 0, words[i + n - 1]?.end ?? 0]);
    }
  }
  return out.sort((a, b) => a[0] - b[0]).filter((h, i, all) => i === 0 || h[0] >= (all[i - 1]?.[1] ?? 0));
}

/** A window of about `width` characters around the first highlight, with highlights shifted into it. */
export function makeSnippet(text: string, terms: readonly HighlightTerm[], width = 160): Snippet {
  const all = findHighlights(text, terms);
  const first = all[0]?.[0] ?? 0;
  let start = Math.max(0, first - Math.floor(width / 3));
  if (start > 0) start = text.lastIndexOf(' ', start) + 1;
  const end = Math.min(text.length, start + width);
  const prefix = start > 0 ? '…' : '';
  const suffix = end < text.length ? '…' : '';
  const highlights = all
    .filter(([s, e]) => s >= start && e <= end)
    .map(([s, e]): [number, number] => [s - start + prefix.length, e - start + prefix.length]);
  return { text: prefix + text.slice(start, end) + suffix, highlights };
}
