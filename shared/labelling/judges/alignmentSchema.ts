/** The judge-alignment report's shape (Potato's judge-alignment view is the model): κ per prompt version, disagreements. */
import { z } from 'zod';
import { comparisonSchema } from '../report-schema.js';
import { RUN_WORDING } from './runLog.js';

const sides = z.object({ pooled: comparisonSchema.nullable(), perRater: z.record(z.string(), comparisonSchema) });

export const judgeRunRowSchema = z.object({
  runId: z.string(),
  promptVersion: z.string(),
  templateHash: z.string(),
  model: z.string(),
  baseUrl: z.string(),
  startedAt: z.string(),
  counts: z.object({
    items: z.number().int(),
    labelled: z.number().int(),
    unparseable: z.number().int(),
    errors: z.number().int(),
    pending: z.number().int(),
    /** Items whose text changed since the run judged them: left out of every comparison. */
    changed: z.number().int(),
  }),
  /** The run's labels against the people (rows: rater, columns: this run). */
  vsPeople: sides,
  /** Against the judges recorded in the item file: their final label, and each by name. */
  vsRecordedFinal: comparisonSchema.nullable(),
  vsRecordedJudge: z.record(z.string(), comparisonSchema),
  /** Against the consensus (agreed, or adjudicated) label. */
  vsConsensus: comparisonSchema.nullable(),
});

export const alignmentRowSchema = z.object({
  itemId: z.string(),
  dimension: z.string(),
  people: z.record(z.string(), z.string()),
  consensus: z.string().nullable(),
  consensusSource: z.enum(['agreed', 'adjudicated', 'pending', 'none']),
  recordedFinal: z.string().nullable(),
  recordedPerJudge: z.record(z.string(), z.string()),
  /** runId → the run's label, or its failure. */
  runs: z.record(z.string(), z.object({ status: z.enum(['label', 'unparseable', 'error', 'pending', 'changed']), label: z.string().optional() })),
});

export const judgeAlignmentSchema = z.object({
  schema: z.literal('teamseat/judge-alignment@1'),
  wording: z.literal(RUN_WORDING),
  runs: z.array(judgeRunRowSchema),
  /** The judges recorded in the item file against the consensus. */
  recordedVsConsensus: z.object({ final: comparisonSchema.nullable(), perJudge: z.record(z.string(), comparisonSchema) }),
  consensus: z.object({ items: z.number().int(), agreed: z.number().int(), adjudicated: z.number().int(), pending: z.number().int() }),
  /** Items where a run, a person, the recorded judges or the consensus differ (or a run has no label), in file order. */
  disagreements: z.array(alignmentRowSchema),
});

export type JudgeAlignment = z.infer<typeof judgeAlignmentSchema>;
export type JudgeRunRow = z.infer<typeof judgeRunRowSchema>;
export type AlignmentRow = z.infer<typeof alignmentRowSchema>;
