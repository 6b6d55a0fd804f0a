import { z } from 'zod';
import { method } from './define.js';
import { queryCategorySchema, runSummarySchema } from './slack.js';

/**
 * The Results screen (issue 9): a team or Slack study's scores, experimenter scope only. Not on a participant's or a
 * rater's list in main/access/policy.ts, so a link's call is refused before it reaches the handler.
 */

const rate = z.number().nullable();
const interval = z.tuple([rate, rate]);

/** The checker run again on the transcript's final state, against the study's own pack; the recorded score is used. */
export const recheckSchema = z.discriminatedUnion('status', [
  z.object({ status: z.enum(['agrees', 'disagrees']), pass: z.boolean(), outcome: z.string(), reason: z.string() }),
  z.object({ status: z.literal('not_rechecked'), why: z.string() }),
]);

/** One counted team run, as its transcript in results/<study id>/transcripts/ scores it. */
export const teamResultRunSchema = z.object({
  /** The run's session, to open it read-only; null for a transcript the app did not record (copied in). */
  runId: z.string().nullable(),
  model: z.string(),
  participant: z.string(),
  dimension: z.string(),
  task: z.string(),
  version: z.enum(['alone', 'control', 'manipulation']),
  seed: z.number().int(),
  pass: z.boolean(),
  /** The run's value in the rule: the conflict score, else 1 for a pass and 0 for a fail. */
  value: z.number(),
  outcome: z.string(),
  /** One line: `joint=37/39`, `tests/test_plateau.py was changed`, `gave_way`. */
  reason: z.string(),
  recheck: recheckSchema.nullable(),
});
export type TeamResultRun = z.infer<typeof teamResultRunSchema>;

export const dimensionScoreSchema = z.object({
  test: rate,
  test_ci: interval,
  alone: rate,
  baseline: rate,
  teamwork_loss: rate,
  n_gated: z.number().int(),
  n_scenarios: z.number().int(),
  n_complete: z.number().int(),
  n_baseline: z.number().int(),
  gating: z.string().nullable(),
  n_participants: z.number().int().nullable(),
});
export type DimensionScore = z.infer<typeof dimensionScoreSchema>;

export const scoreRowSchema = z.object({
  model: z.string(),
  dimensions: z.record(z.string(), dimensionScoreSchema),
  overall: z.object({
    score: rate,
    ci: interval,
    baseline: rate,
    teamwork_loss: rate,
    n_gated: z.number().int(),
    n_scenarios: z.number().int(),
    n_scenarios_complete: z.number().int(),
  }),
});
export type ScoreRow = z.infer<typeof scoreRowSchema>;

export const teamResultsSchema = z.object({
  kind: z.literal('team'),
  studyKey: z.string(),
  title: z.string(),
  design: z.enum(['within', 'between']),
  /** The pooled row's gate in words (`a strict majority (> 0.5)`). */
  pooledGate: z.string(),
  dimensions: z.array(z.string()),
  runs: z.array(teamResultRunSchema),
  rows: z.array(scoreRowSchema),
  problems: z.array(z.string()),
  /** Planned runs absent and not played yet; `voidedRuns`: absent because voided with no attempt played again (issue 25). */
  missingRuns: z.number().int(),
  voidedRuns: z.number().int().optional(),
  /** Set when the runs were re-checked against the study's pack: how many, and how many disagree. */
  recheck: z.object({ rechecked: z.number().int(), disagree: z.number().int(), notRechecked: z.number().int(), used: z.string() }).nullable(),
});
export type TeamResults = z.infer<typeof teamResultsSchema>;

export const categoryScoreSchema = z.object({ n: z.number().int(), graded: z.number().int(), ungraded: z.number().int(), passRate: rate, ci: interval });
export const slackScoreSchema = z.object({
  categories: z.record(queryCategorySchema, categoryScoreSchema),
  overall: rate,
  overallCi: interval,
  missing: z.array(queryCategorySchema),
});
export type SlackScore = z.infer<typeof slackScoreSchema>;

export const slackResultsSchema = z.object({
  kind: z.literal('slack'),
  studyKey: z.string(),
  title: z.string(),
  /** Counted runs only: pilots, practice, void, withdrawn and superseded attempts are left out (and counted below). */
  runs: z.array(runSummarySchema),
  all: slackScoreSchema,
  byParticipant: z.array(z.object({ participant: z.string(), score: slackScoreSchema })),
  leftOut: z.record(z.string(), z.number().int()),
});
export type SlackResults = z.infer<typeof slackResultsSchema>;

export const studyResultsSchema = z.discriminatedUnion('kind', [teamResultsSchema, slackResultsSchema]);
export type StudyResults = z.infer<typeof studyResultsSchema>;

export const resultsMethods = {
  /** A team or Slack study's results; `recheck` runs the study's own checker again on each team transcript. */
  studyResults: method(z.object({ studyKey: z.string().min(1), recheck: z.boolean().optional() }).strict(), studyResultsSchema),
};
