/**
 * A methods-and-results text as data: words, and numbers that each carry the bundle file and field they were read
 * from. The renderers (render.ts) number the sources in order of first use; nothing here knows Markdown or LaTeX.
 */
export interface Source {
  /** A path inside the bundle (several joined by ", " when a count spans files). */
  file: string;
  /** The field inside it, or what was counted there. */
  field: string;
}

export interface Num {
  text: string;
  source: Source;
}

export type Part = string | Num;

export interface Section {
  heading: string;
  parts: Part[];
}

export interface MethodsDoc {
  title: string;
  sections: Section[];
}

export const isNum = (p: Part): p is Num => typeof p !== 'string';

/** Builds one section: `t` adds words, `n` a number with its source. */
export class SectionBuilder {
  readonly parts: Part[] = [];
  constructor(readonly heading: string) {}
  t(...words: string[]): this {
    this.parts.push(...words);
    return this;
  }
  n(text: string | number, file: string, field: string): this {
    this.parts.push({ text: String(text), source: { file, field } });
    return this;
  }
  done(): Section {
    return { heading: this.heading, parts: this.parts };
  }
}

/** Every source in order of first use, equal ones once (the footnote numbers). */
export function sourcesOf(doc: MethodsDoc): Source[] {
  const seen = new Map<string, Source>();
  for (const s of doc.sections)
    for (const p of s.parts)
      if (isNum(p)) seen.set(sourceKey(p.source), seen.get(sourceKey(p.source)) ?? p.source);
  return [...seen.values()];
}

export const sourceKey = (s: Source): string => `${s.file}\u0000${s.field}`;

/** 0.845 → "84.5%". */
export const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
/** A loss in points: 0.1667 → "16.7 points". */
export const points = (x: number): string => `${(x * 100).toFixed(1)} points`;
export const plural = (n: number, one: string, many = `${one}s`): string => (n === 1 ? one : many);
