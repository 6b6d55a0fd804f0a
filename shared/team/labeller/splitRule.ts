import { issues } from '../casino/points.js';
import { readSplitInWords } from '../deal/splitInWords.js';
import type { LabelSplit } from '../pack/labelSplitSchema.js';

/**
 * Whether a message states a split inside a split rule's ranges: every item the rule names is settled by the words
 * (deal/splitInWords.ts: an assignment to a side, never a mention; a negated clause assigns nothing) and within its
 * range. Returns what matched, for the label's record, or null.
 */
export function splitMatch(split: LabelSplit, text: string): string | null {
  const read = readSplitInWords(text, { ours: split.our_names, theirs: split.their_names });
  const parts: string[] = [];
  for (const item of issues) {
    const want = split.keeps[item];
    if (want === undefined) continue;
    const got = read.ours[item];
    if (got === undefined) return null;
    const [lo, hi] = Array.isArray(want) ? want : [want, want];
    if (got < lo || got > hi) return null;
    parts.push(`${item} ${got}`);
  }
  return `split keeping ${parts.join(', ')}`;
}
