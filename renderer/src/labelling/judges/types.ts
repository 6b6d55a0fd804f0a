import type { z } from 'zod';
import type {
  adjudicationOverviewSchema,
  adjudicationViewSchema,
  judgeRunsViewSchema,
  judgeRunSummarySchema,
} from '../../../../shared/contract/judgeValidation';
import type { JudgeAlignment } from '../../../../shared/labelling/judges/alignmentSchema';

export type JudgeRunsView = z.infer<typeof judgeRunsViewSchema>;
export type JudgeRunSummary = z.infer<typeof judgeRunSummarySchema>;
export type AdjudicationView = z.infer<typeof adjudicationViewSchema>;
export type AdjudicationOverview = z.infer<typeof adjudicationOverviewSchema>;
export type { JudgeAlignment };

/** How a run is named on screen: its prompt version with its model. */
export const runName = (r: { promptVersion: string; model: string }) => `${r.promptVersion} · ${r.model}`;
