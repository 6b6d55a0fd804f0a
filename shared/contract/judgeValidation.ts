import { z } from 'zod';
import { method } from './define.js';
import { participantSchema, sessionIdSchema } from './schemas.js';
import { blindItemSchema } from './labelling.js';
import { judgeAlignmentSchema } from '../labelling/judges/alignmentSchema.js';

const studyArg = z.object({ studyKey: z.string().min(1) }).strict();

export const judgeRunSummarySchema = z.object({
  runId: z.string(),
  promptVersion: z.string(),
  templateHash: z.string(),
  model: z.string(),
  baseUrl: z.string(),
  startedAt: z.string(),
  items: z.number().int(),
  labelled: z.number().int(),
  unparseable: z.number().int(),
  errors: z.number().int(),
  pending: z.number().int(),
  /** Judging now, in this app; an unfinished run that is not running can be resumed. */
  running: z.boolean(),
});

export const judgeRunsViewSchema = z.object({
  studyKey: z.string(),
  /** Newest first. */
  runs: z.array(judgeRunSummarySchema),
  /** Each prompt version named so far, with its template (a version name always means one template). */
  versions: z.array(z.object({ promptVersion: z.string(), templateHash: z.string(), template: z.string() })),
  defaultTemplate: z.string(),
  /** From Settings; the key itself never leaves main. */
  endpoint: z.object({ baseUrl: z.string(), model: z.string(), keySet: z.boolean() }),
});

export const adjudicationQueueItemSchema = z.object({
  item: blindItemSchema,
  /** The distinct labels the raters chose, sorted; not who chose which, nor how many. */
  shown: z.array(z.string()),
  /** The adjudicator's current decision, if any. */
  decided: z.object({ label: z.string(), note: z.string().optional() }).nullable(),
});

export const adjudicationViewSchema = z.object({
  sessionId: sessionIdSchema,
  studyKey: z.string(),
  studyTitle: z.string(),
  adjudicator: z.string(),
  queue: z.array(adjudicationQueueItemSchema),
  done: z.number().int(),
  total: z.number().int(),
});

export const consensusRowSchema = z.object({
  itemId: z.string(),
  label: z.string().nullable(),
  source: z.enum(['agreed', 'adjudicated', 'pending']),
  raters: z.record(z.string(), z.string()),
  stale: z.boolean(),
  note: z.string().optional(),
});

export const adjudicationOverviewSchema = z.object({
  studyKey: z.string(),
  adjudicator: z.string().nullable(),
  consensus: z.array(consensusRowSchema),
  /** Items only one rater labelled: no consensus is formed for them. */
  singleRater: z.number().int(),
});

const versionName = z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/, 'a version name of letters, digits, dot, dash or underscore (at most 40)');

/** Judges and adjudication in judge-validation (labelling) studies (issue 10 item 4). Experimenter only, but openAdjudication/adjudicate/labellingRole. */
export const judgeValidationMethods = {
  /** The study's judge runs side by side and the endpoint from Settings; cheap, so a screen may poll it. */
  judgeRuns: method(studyArg, judgeRunsViewSchema),
  /** Each run against people, the recorded judges and the consensus, with the disagreement table (bootstrap: ~1 s). */
  judgeAlignment: method(studyArg, judgeAlignmentSchema),
  /** Starts a judge run in the background and returns at once; it is recorded before the first request. */
  startJudgeRun: method(
    z
      .object({
        studyKey: z.string().min(1),
        promptVersion: versionName,
        template: z.string().min(1).max(20_000),
        baseUrl: z.string().trim().min(1).max(500),
        model: z.string().trim().min(1).max(200),
        concurrency: z.number().int().min(1).max(16).optional(),
      })
      .strict(),
    judgeRunSummarySchema,
  ),
  /** Judges the run's items that have no label yet (after a restart, or endpoint errors). */
  resumeJudgeRun: method(z.object({ studyKey: z.string().min(1), runId: z.string().min(1) }).strict(), judgeRunSummarySchema),
  /** Names the study's adjudicator (once); their link is a rater link under this id. */
  nameAdjudicator: method(z.object({ studyKey: z.string().min(1), adjudicator: participantSchema }).strict(), adjudicationOverviewSchema),
  adjudicationOverview: method(studyArg, adjudicationOverviewSchema),
  /** Whether this person of a labelling study labels or adjudicates (a rater link asks before it opens a screen). */
  labellingRole: method(
    z.object({ studyKey: z.string().min(1), person: participantSchema }).strict(),
    z.object({ role: z.enum(['rater', 'adjudicator']) }),
  ),
  /** The adjudicator's queue: disagreements only, blind to the judges and to who gave which label. */
  openAdjudication: method(z.object({ studyKey: z.string().min(1), adjudicator: participantSchema }).strict(), adjudicationViewSchema),
  /** Records the consensus label of one item; returns once it is on disk. */
  adjudicate: method(
    z
      .object({
        sessionId: sessionIdSchema,
        itemId: z.string().min(1).max(200),
        label: z.string().min(1).max(200),
        ms: z.number().nonnegative().max(86_400_000),
        note: z.string().trim().max(1000).optional(),
      })
      .strict(),
    adjudicationViewSchema,
  ),
};
