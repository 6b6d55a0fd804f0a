/** The agreement report's shape: JSON-serialisable, and checked by this schema when read back. */
import { z } from 'zod';

const num = z.number().nullable();

/** A point value with its percentile bootstrap interval (null where undefined, never NaN). */
export const estimateSchema = z.object({ value: num, low: num, high: num });

export const comparisonSchema = z.object({
  /** Label pairs compared (an item counts once per rater in pooled comparisons). */
  pairs: z.number().int(),
  items: z.number().int(),
  categories: z.array(z.string()),
  /** confusion[row][column]: rows are the first side (the rater), columns the second (the judge). */
  confusion: z.array(z.array(z.number().int())),
  agreement: estimateSchema,
  kappa: estimateSchema,
  ac1: estimateSchema,
  pabak: estimateSchema,
  /** Resamples in which kappa was undefined (one label only) and were left out of its interval. */
  kappaUndefinedResamples: z.number().int(),
});

const sidesSchema = z.object({ pooled: comparisonSchema.nullable(), perRater: z.record(z.string(), comparisonSchema) });

export const alphaSchema = estimateSchema.extend({ items: z.number().int(), coders: z.array(z.string()) });

/**
 * Raters against the judge item by item on the checklists of graded verdict items (SlackBench's
 * summaries). Each (rater, item, checklist entry) is one pair; intervals resample whole items, because the
 * entries of one item are not independent of each other.
 */
export const checklistReportSchema = z.object({
  /** Verdict items with a checklist that at least one rater graded entry by entry. */
  items: z.number().int(),
  /** Checklist entries of those items that carry the judge's verdict. */
  judgedEntries: z.number().int(),
  /** Against the judge's per-entry verdicts (`judge.checklist`), pooled over items and raters, and per rater. */
  vsJudge: sidesSchema,
  raterPairs: z.array(z.object({ first: z.string(), second: z.string(), comparison: comparisonSchema })),
  disagreements: z.array(
    z.object({
      itemId: z.string(),
      checklistId: z.string(),
      text: z.string(),
      rater: z.string(),
      raterVerdict: z.enum(['YES', 'NO']),
      judgeVerdict: z.enum(['YES', 'NO']),
    }),
  ),
});

/** Why a rater's record is not counted; `item_changed`: the item changed or was removed after the rater started. */
export const EXCLUSION_REASONS = [
  'skipped',
  'flagged',
  'item_changed',
  'unknown_item',
  'outside_label_set',
  'replaced',
] as const;

export const agreementReportSchema = z.object({
  schema: z.literal('teamseat/agreement-report@1'),
  bootstrap: z.object({
    resamples: z.number().int(),
    seed: z.number().int(),
    level: z.number(),
    resample: z.literal('items'),
    interval: z.literal('percentile'),
  }),
  counts: z.object({
    items: z.number().int(),
    itemsLabelled: z.number().int(),
    itemsWithoutJudge: z.number().int(),
    labels: z.number().int(),
    used: z.number().int(),
  }),
  raters: z.array(z.string()),
  judges: z.array(z.string()),
  vsFinal: sidesSchema,
  vsJudge: z.record(z.string(), sidesSchema),
  /** Krippendorff's alpha over every rater and every judge (judges by their own labels). */
  alpha: alphaSchema,
  /** The same over raters only: how well the people agree with each other. */
  alphaRaters: alphaSchema,
  raterPairs: z.array(z.object({ first: z.string(), second: z.string(), comparison: comparisonSchema })),
  byDimension: z.array(
    z.object({
      dimension: z.string(),
      items: z.number().int(),
      /** The labels this dimension's items offer (their union, in first-seen order). */
      labelSet: z.array(z.string()),
      vsFinal: comparisonSchema.nullable(),
      alpha: alphaSchema,
      disagreements: z.number().int(),
    }),
  ),
  disagreements: z.array(
    z.object({
      itemId: z.string(),
      dimension: z.string(),
      rater: z.string(),
      raterLabel: z.string(),
      judgeLabel: z.string(),
      perJudge: z.record(z.string(), z.string()).optional(),
    }),
  ),
  excluded: z.array(z.object({ itemId: z.string(), rater: z.string(), reason: z.enum(EXCLUSION_REASONS) })),
  /** Per checklist entry; null when no rater graded a checklist. */
  checklist: checklistReportSchema.nullable(),
});

export type Estimate = z.infer<typeof estimateSchema>;
export type Comparison = z.infer<typeof comparisonSchema>;
export type AlphaSummary = z.infer<typeof alphaSchema>;
export type AgreementReport = z.infer<typeof agreementReportSchema>;
export type ChecklistReport = z.infer<typeof checklistReportSchema>;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];
