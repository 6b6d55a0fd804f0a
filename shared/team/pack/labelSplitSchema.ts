import { z } from 'zod';
import { issues, PACKAGES_PER_ISSUE } from '../casino/points.js';

const count = z.number().int().min(0).max(PACKAGES_PER_ISSUE);

/**
 * A label rule that reads the split a message states (issue 23): in a negotiation what decides a label — the best
 * joint split, giving in, holding firm — is the split proposed, which people say in many words ("u take the water,
 * we keep wood n food"); deal/splitInWords.ts reads it, so a rule can name the split instead of the phrasings.
 * `keeps`: for each item named, the packages the participant's side keeps, one count or an inclusive [min, max];
 * items not named may go either way. The rule fires when the message settles every named item inside its range.
 * The side names are the rule's own (usually the task's `deal_form` names, plus the counterpart's name), so the rule
 * reads the same wherever it is run: session, path player or label test set.
 */
export const labelSplitSchema = z.strictObject({
  keeps: z
    .partialRecord(z.enum(issues), z.union([count, z.tuple([count, count]).refine(([lo, hi]) => lo <= hi, { message: 'a range is [min, max] with min ≤ max' })]))
    .refine((k) => Object.keys(k).length > 0, { message: 'name at least one item the split settles' }),
  our_names: z.array(z.string().min(1)).default([]),
  their_names: z.array(z.string().min(1)).default([]),
});
export type LabelSplit = z.output<typeof labelSplitSchema>;

/** The split rule in words, for the task card: "keeps Water 0, Firewood 3 (our side: Riverside; theirs: Hilltop, Hal)". */
export function splitRuleInWords(split: LabelSplit): string {
  const keeps = issues
    .filter((i) => split.keeps[i] !== undefined)
    .map((i) => {
      const k = split.keeps[i]!;
      return `${i} ${Array.isArray(k) ? `${k[0]}–${k[1]}` : k}`;
    })
    .join(', ');
  const names = [split.our_names.length > 0 ? `our side: ${split.our_names.join(', ')}` : '', split.their_names.length > 0 ? `theirs: ${split.their_names.join(', ')}` : '']
    .filter(Boolean)
    .join('; ');
  return `states a split keeping ${keeps} of ${PACKAGES_PER_ISSUE} each${names ? ` (${names})` : ''}`;
}
