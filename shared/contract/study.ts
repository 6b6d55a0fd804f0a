import { z } from 'zod';
import { method } from './define.js';
import { participantSchema, sessionIdSchema } from './schemas.js';
import { exclusionReasons, participantStatuses, taskVersionNames } from '../study/model.js';

/**
 * The study service (issue 17): the experimenter's methods over a study's participants, and the participant
 * (kiosk) methods. Participant methods are keyed by the participant's opaque id and never return version, seed,
 * labels, script position, checker outcome or paths: their result schemas have no such field, and are strict.
 */

/** Opaque, random, 24 hex characters: a participant's id in links and participant methods. */
export const participantIdSchema = z.string().regex(/^[a-f0-9]{24}$/, 'expected a participant id');
/** Opaque per step: the participant's screen sends back the token of the step it shows, so a double "Next" moves once. */
export const stepTokenSchema = z.string().regex(/^[a-f0-9]{16}$/, 'expected a step token');

const studyKey = { studyKey: z.string().min(1) };
const participant = { participantId: participantIdSchema };

// ---------------------------------------------------------------------------------------------------------------
// Questions (screener, manipulation check, exit questionnaire), as a participant page shows them.

export const questionSchema = z.discriminatedUnion('kind', [
  z.object({ id: z.string(), kind: z.literal('likert'), text: z.string(), required: z.boolean(), points: z.number().int().min(2), anchors: z.tuple([z.string(), z.string()]).nullable() }).strict(),
  z.object({ id: z.string(), kind: z.literal('choice'), text: z.string(), required: z.boolean(), choices: z.array(z.string()).min(1), multiple: z.boolean() }).strict(),
  z.object({ id: z.string(), kind: z.literal('text'), text: z.string(), required: z.boolean(), maxLength: z.number().int().positive() }).strict(),
]);
export type Question = z.infer<typeof questionSchema>;

/** An answer: a Likert point (1..points), a choice as its index, several choices as indexes, free text as a string. */
export const answerValueSchema = z.union([z.number().int().min(0), z.array(z.number().int().min(0)), z.string().max(10_000)]);
export const answersSchema = z.record(z.string(), answerValueSchema);
export type Answers = z.infer<typeof answersSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The participant's current screen.

/** What a run step's seat opens: the session id of the team or Slack run (random hex; nothing of the plan in it). */
export const runHandleSchema = z.object({ seat: z.enum(['team', 'slack']), runId: sessionIdSchema }).strict();
export type RunHandle = z.infer<typeof runHandleSchema>;

const common = { participantId: participantIdSchema, stepToken: stepTokenSchema, step: z.number().int().min(1), steps: z.number().int().min(1) };

export const participantScreenSchema = z.discriminatedUnion('screen', [
  z.object({ ...common, screen: z.literal('consent'), title: z.string(), text: z.string(), checkbox: z.string() }).strict(),
  z.object({ ...common, screen: z.literal('screener'), questions: z.array(questionSchema) }).strict(),
  z.object({ ...common, screen: z.literal('instructions'), text: z.string() }).strict(),
  z
    .object({
      ...common,
      screen: z.literal('run'),
      seat: z.enum(['team', 'slack']),
      /** A practice task: played, never scored. */
      practice: z.boolean(),
      title: z.string(),
      timeLimitSec: z.number().int().positive().nullable(),
      /** null until the participant starts it (participantStartRun); `ended` once it is over and Next is allowed. */
      run: runHandleSchema.extend({ ended: z.boolean() }).strict().nullable(),
    })
    .strict(),
  z.object({ ...common, screen: z.literal('manipulation_check'), questions: z.array(questionSchema) }).strict(),
  z.object({ ...common, screen: z.literal('break'), seconds: z.number().int().min(0), text: z.string() }).strict(),
  z.object({ ...common, screen: z.literal('questionnaire'), questions: z.array(questionSchema) }).strict(),
  z.object({ ...common, screen: z.literal('debrief'), text: z.string(), canWithdraw: z.boolean() }).strict(),
  z
    .object({
      ...common,
      screen: z.literal('completion'),
      code: z.string(),
      text: z.string(),
      /** An enrolled participant's way back to the recruitment platform, with the completion code in it (or null). */
      redirect: z.string().nullable(),
    })
    .strict(),
  /** The visit is over or cannot go on: declined consent, withdrawn, voided, finished, or not started yet. */
  z
    .object({
      participantId: participantIdSchema,
      screen: z.literal('closed'),
      reason: z.enum(['declined', 'screened_out', 'withdrawn', 'void', 'finished', 'not_started', 'erased', 'abandoned']),
      message: z.string(),
    })
    .strict(),
]);
export type ParticipantScreen = z.infer<typeof participantScreenSchema>;

// ---------------------------------------------------------------------------------------------------------------
// What the experimenter sees.

export const studyRunRowSchema = z.object({
  runId: z.string(),
  cell: z.string(),
  seat: z.enum(['team', 'slack']),
  taskOrQuery: z.string(),
  version: z.enum(taskVersionNames).nullable(),
  seed: z.number().int().nullable(),
  attempt: z.number().int().min(1),
  practice: z.boolean(),
  ended: z.boolean(),
  voided: z.boolean(),
  /** Whether this run is the one in transcripts/ (or slack/); otherwise why not. */
  counted: z.boolean(),
  excluded: z.enum(exclusionReasons).nullable(),
});
export type StudyRunRow = z.infer<typeof studyRunRowSchema>;

export const participantRowSchema = z.object({
  participantId: participantIdSchema,
  code: z.string(),
  status: z.enum(participantStatuses),
  addedAt: z.string(),
  startedAt: z.string().nullable(),
  /** Where they are: step n of m and the kind of screen. */
  progress: z.object({ step: z.number().int(), steps: z.number().int(), screen: z.string() }).nullable(),
  /** The plan's study version and seed (experimenter only). */
  plan: z.object({ studyVersion: z.string(), seed: z.number().int(), slot: z.number().int() }).nullable(),
  runs: z.array(studyRunRowSchema),
  /** A run cell the experimenter asked to be played again, not yet started. */
  rerunPending: z.string().nullable(),
});
export type ParticipantRow = z.infer<typeof participantRowSchema>;

export const studyOverviewSchema = z.object({
  studyKey: z.string(),
  studyId: z.string(),
  studyVersion: z.string(),
  resultsDir: z.string(),
  participants: z.array(participantRowSchema),
  /** Problems that do not stop the study, e.g. a participant count that leaves a balance cycle incomplete. */
  warnings: z.array(z.string()),
  /** This station's id (in its generated codes) and its first plan slot (`participants.station_slots`). */
  station: z.object({ id: z.string(), firstSlot: z.number().int().min(0) }),
  /** Participants come through one study link (`protocol.enrolment`). */
  online: z.boolean(),
});
export type StudyOverview = z.infer<typeof studyOverviewSchema>;

export const erasureAuditSchema = z.object({
  at: z.string(),
  participantId: participantIdSchema,
  events: z.number().int(),
  sessions: z.number().int(),
  /** Relative to the data folder. */
  workspaces: z.array(z.string()),
  /** Result files removed (counted: their names carry the code). */
  files: z.number().int(),
  /** Other files derived from the person: their exports, re-judging reports, the study's bundles. */
  derived: z.number().int(),
  /** Copies of the database (migration backups, set-aside databases), deleted since they hold the person too. */
  copies: z.number().int(),
});
export type ErasureAudit = z.infer<typeof erasureAuditSchema>;

export const studyMethods = {
  /** Every participant of a study with status, progress and runs. */
  studyParticipants: method(z.object(studyKey).strict(), studyOverviewSchema),
  /** Adds generated codes (`count`) or a pasted list (`codes`, one per line); a duplicate is refused with its line. */
  studyAddParticipants: method(
    z
      .object({ ...studyKey, count: z.number().int().min(1).max(500).optional(), codes: z.string().max(100_000).optional() })
      .strict()
      .refine((a) => (a.count === undefined) !== (a.codes === undefined), 'give either count or codes'),
    z.array(participantRowSchema),
  ),
  /** Fixes the participant's plan (recorded with its seed, slot and study version); returns the id their link uses. */
  studyStartParticipant: method(z.object({ ...studyKey, ...participant }).strict(), z.object({ participantId: participantIdSchema })),
  /** Voids a run (`runId`) or the whole participant (a test run, a wrong id): its files move to excluded/void. */
  studyVoid: method(z.object({ ...studyKey, ...participant, runId: sessionIdSchema.optional(), reason: z.string().trim().min(1).max(500) }).strict(), participantRowSchema),
  studyWithdraw: method(z.object({ ...studyKey, ...participant, reason: z.string().trim().min(1).max(500) }).strict(), participantRowSchema),
  /** Only while the participant has no finished run (after that: void and start again). */
  studyCorrectCode: method(z.object({ ...studyKey, ...participant, code: participantSchema }).strict(), participantRowSchema),
  /** The cell is played again as a new numbered attempt when the participant next reaches a run. */
  studyRerunCell: method(z.object({ ...studyKey, ...participant, cell: z.string().min(1), reason: z.string().trim().min(1).max(500) }).strict(), participantRowSchema),
  studyChooseAttempt: method(z.object({ ...studyKey, ...participant, cell: z.string().min(1), attempt: z.number().int().min(1) }).strict(), participantRowSchema),
  /** Removes the participant's events, sessions, workspaces and result files; `confirmCode` must repeat their code. */
  studyErase: method(z.object({ ...studyKey, ...participant, confirmCode: z.string().min(1) }).strict(), erasureAuditSchema),
  /** Re-derives results/<study id>/ from the log (also done at startup and as each run ends). */
  studyWriteResults: method(
    z.object(studyKey).strict(),
    z.object({ dir: z.string(), written: z.array(z.string()), moved: z.array(z.string()), removed: z.array(z.string()), problems: z.array(z.string()) }),
  ),

  // ----- the participant (kiosk) side: keyed by the participant id alone -----
  participantStep: method(z.object(participant).strict(), participantScreenSchema),
  participantConsent: method(z.object({ ...participant, stepToken: stepTokenSchema, agree: z.boolean() }).strict(), participantScreenSchema),
  /** The answers of the current screener, manipulation check or questionnaire (by question id). */
  participantAnswer: method(z.object({ ...participant, stepToken: stepTokenSchema, answers: answersSchema }).strict(), participantScreenSchema),
  participantNext: method(z.object({ ...participant, stepToken: stepTokenSchema }).strict(), participantScreenSchema),
  /** Starts the current run step's session, or returns the one already started (a reload resumes it). */
  participantStartRun: method(z.object({ ...participant, stepToken: stepTokenSchema }).strict(), participantScreenSchema),
  /** Withdrawal of the data, offered at the debrief. */
  participantWithdraw: method(z.object({ ...participant, stepToken: stepTokenSchema }).strict(), participantScreenSchema),
};
