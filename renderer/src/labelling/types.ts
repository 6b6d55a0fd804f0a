import type { z } from 'zod';
import type {
  blindItemSchema,
  labellingOverviewSchema,
  labellingReportViewSchema,
  labellingStateSchema,
  labellingViewSchema,
} from '../../../shared/contract/labelling';

export type LabellingView = z.infer<typeof labellingViewSchema>;
export type LabellingState = z.infer<typeof labellingStateSchema>;
export type LabellingOverview = z.infer<typeof labellingOverviewSchema>;
export type ReportView = z.infer<typeof labellingReportViewSchema>;
export type ShownItem = z.infer<typeof blindItemSchema>;
