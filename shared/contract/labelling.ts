import { z } from 'zod';
import { method } from './define.js';
import { participantSchema, sessionIdSchema } from './schemas.js';
import { labellingItemSchema, messageItemSchema, VERDICTS, verdictItemSchema } from '../labelling/items.js';
import { checklistAnswersSchema } from '../labelling/session.js';
import { agreementReportSchema } from '../labelling/report-schema.js';

/** What a rater may be sent: an item without the judges' labels or its source (see blindItem). */
export const blindItemSchema = z.discriminatedUnion('kind', [
  messageItemSchema.omit({ judge: true, source: true }),
  verdictItemSchema.omit({ judge: true, source: true }),
]);

export const answerSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('label'),
    label: z.string(),
    ms: z.number(),
    at: z.string(),
    /** A graded verdict item's answer per checklist entry, by checklist id. */
    checklist: checklistAnswersSchema.optional(),
  }),
  z.object({ kind: z.literal('skip'), note: z.string(), at: z.string() }),
  z.object({ kind: z.literal('flag'), note: z.string(), at: z.string() }),
]);

export const progressSchema = z.object({
  practiceDone: z.number().int(),
  practiceTotal: z.number().int(),
  done: z.number().int(),
  total: z.number().int(),
});

/** What changes with every action; returned after the action is on disk. */
export const labellingStateSchema = z.object({
  answers: z.record(z.string(), answerSchema),
  /** The item Undo would take back. */
  lastAction: z.string().nullable(),
  progress: progressSchema,
  /** The expected answer of each practice item, only once the rater has answered it. */
  practiceAnswers: z.record(
    z.string(),
    z.object({ answer: z.string(), why: z.string().optional(), checklist: checklistAnswersSchema.optional() }),
  ),
});

export const labellingViewSchema = labellingStateSchema.extend({
  sessionId: sessionIdSchema,
  studyKey: z.string(),
  studyTitle: z.string(),
  rater: z.string(),
  /** Practice items first, then the rater's own items in their seeded order. */
  queue: z.array(z.object({ item: blindItemSchema, practice: z.boolean() })),
  /** The first item still without an answer; null when everything is answered. */
  resumeAt: z.string().nullable(),
  /** True when the rater had answered something before this opening. */
  resumed: z.boolean(),
});

export const raterProgressSchema = progressSchema.extend({
  rater: z.string(),
  sessionId: z.string().nullable(),
  /** The rater started on an item set that differs from the study's current one. */
  itemSetChanged: z.boolean(),
});

export const labellingOverviewSchema = z.object({
  studyKey: z.string(),
  studyId: z.string(),
  /** Raters named in study.yaml; when false any rater id may be typed. */
  fixedRaters: z.boolean(),
  raters: z.array(raterProgressSchema),
  assignment: z.object({
    mode: z.enum(['split', 'crossed', 'overlap']),
    shared: z.number().int().nullable(),
    seed: z.number().int(),
  }),
  sample: z.object({ perDimension: z.number().int(), seed: z.number().int() }).nullable(),
  items: z.number().int(),
  practice: z.number().int(),
});

export const labellingReportViewSchema = z.object({
  report: agreementReportSchema,
  /** Each rater's session behind the report, and whether it was labelled on the current item set. */
  sessions: z.array(raterProgressSchema),
  /** Items with a disagreement, in full (judge labels included): this is the researcher's view. */
  items: z.array(labellingItemSchema),
});

export const labellingExportSchema = z.object({ dir: z.string(), files: z.array(z.string()) });

const studyArg = z.object({ studyKey: z.string().min(1) }).strict();
const itemArg = { sessionId: sessionIdSchema, itemId: z.string().min(1).max(200) };
const note = z.string().trim().min(1, 'a note is required').max(1000);

/** Judge-validation labelling sessions (issue 4). */
export const labellingMethods = {
  /** The study page's start panel: each rater's progress and how items are assigned. */
  labellingOverview: method(studyArg, labellingOverviewSchema),
  /** Starts or resumes a rater's session. Items are sent blind. */
  openLabelling: method(
    z.object({ studyKey: z.string().min(1), rater: participantSchema }).strict(),
    labellingViewSchema,
  ),
  /**
   * `ms`: time from the item being shown to the label being confirmed. `checklist`: for a verdict item
   * with a checklist, a YES/NO for every entry (by checklist id), given with the overall verdict.
   */
  giveLabel: method(
    z
      .object({
        ...itemArg,
        label: z.string().min(1).max(200),
        ms: z.number().nonnegative().max(86_400_000),
        checklist: z.record(z.string().min(1).max(200), z.enum(VERDICTS)).optional(),
      })
      .strict(),
    labellingStateSchema,
  ),
  skipItem: method(z.object({ ...itemArg, note }).strict(), labellingStateSchema),
  flagItem: method(z.object({ ...itemArg, note }).strict(), labellingStateSchema),
  /** Takes back the session's latest answer, whichever item it was on. */
  undoLabel: method(
    z.object({ sessionId: sessionIdSchema }).strict(),
    labellingStateSchema.extend({ undone: z.string().nullable() }),
  ),
  /** The researcher's agreement report (judge labels included). Never called from the rater's screen. */
  labellingReport: method(studyArg, labellingReportViewSchema),
  /** Writes labels.csv, labels.jsonl, report.json and report.html under <dataDir>/exports/labelling/<study id>/. */
  exportLabelling: method(studyArg, labellingExportSchema),
};
