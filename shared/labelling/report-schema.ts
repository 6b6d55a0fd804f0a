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

export const EXCLUSION_REASONS = ['skipped', 'flagged', 'unknown_item', 'outside_label_set', 'replaced'] as const;

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
});

export type Estimate = z.infer<typeof estimateSchema>;
export type Comparison = z.infer<typeof comparisonSchema>;
export type AlphaSummary = z.infer<typeof alphaSchema>;
export type AgreementReport = z.infer<typeof agreementReportSchema>;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];
