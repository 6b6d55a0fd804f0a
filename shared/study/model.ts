/**
 * The objects of a human baseline study, one model for every feature that touches them (see the README's
 * "Studies" section):
 *
 *   Study (study.yaml: protocol) -> Participant (code) -> Plan (ordered steps, fixed at start) -> Run (a session)
 *
 * This file holds only the shapes they share. The protocol schema and the plan builder are in protocol.ts and
 * plan.ts; the study log, its fold and the results writer are on the main side (main/study/).
 */
import { z } from 'zod';

export const taskVersionNames = ['alone', 'control', 'manipulation'] as const;
export type TaskVersionName = (typeof taskVersionNames)[number];

/**
 * One thing a participant plays: a team task in one version and seed, or a Slack query. `cell` is the cell's
 * index-free id inside the plan ("c1", "c2", …): it is how the experimenter names a cell, and it never reaches a
 * participant page (their addresses use an opaque step token instead).
 */
export const planCellSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('team'),
    cell: z.string(),
    taskId: z.string(),
    version: z.enum(taskVersionNames),
    seed: z.number().int().min(0),
    /** Practice cells are played but never scored or counted. */
    practice: z.boolean().default(false),
    timeLimitSec: z.number().int().positive().optional(),
    /** Seconds before the time limit at which the participant is warned. */
    timeWarningSec: z.number().int().nonnegative().optional(),
  }),
  z.object({
    kind: z.literal('slack'),
    cell: z.string(),
    queryId: z.string(),
    practice: z.boolean().default(false),
    timeLimitSec: z.number().int().positive().optional(),
    /** Seconds before the time limit at which the participant is warned. */
    timeWarningSec: z.number().int().nonnegative().optional(),
  }),
]);
export type PlanCell = z.infer<typeof planCellSchema>;

/** The screens of a visit, in order. Runs carry their cell; the others name the protocol section they show. */
export const planStepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('consent') }),
  z.object({ kind: z.literal('screener') }),
  z.object({ kind: z.literal('instructions') }),
  z.object({ kind: z.literal('practice'), cell: planCellSchema }),
  z.object({ kind: z.literal('run'), cell: planCellSchema }),
  /** A manipulation check after the run of `cell` (the questions are in the protocol). */
  z.object({ kind: z.literal('manipulation_check'), cell: z.string() }),
  z.object({ kind: z.literal('break'), seconds: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('questionnaire') }),
  z.object({ kind: z.literal('debrief') }),
  z.object({ kind: z.literal('completion') }),
]);
export type PlanStep = z.infer<typeof planStepSchema>;

/** A participant's plan, fixed when they start and recorded in the study log as `plan_fixed`. */
export const planSchema = z.object({
  participant: z.string(),
  /** The content hash of the study pack the plan was built from: editing a pack mid-study makes a new version. */
  studyVersion: z.string(),
  /** The seed the ordering and assignment were drawn with, recorded so the plan can be rebuilt and checked. */
  seed: z.number().int(),
  /** The participant's place in the balancing (Latin-square row, seed rotation). */
  slot: z.number().int().min(0),
  steps: z.array(planStepSchema),
});
export type Plan = z.infer<typeof planSchema>;

export const participantStatuses = ['invited', 'active', 'finished', 'declined', 'withdrawn', 'void', 'abandoned'] as const;
export type ParticipantStatus = (typeof participantStatuses)[number];

/** Why a run is not counted; the results writer puts it under results/<study>/excluded/<reason>/. */
export const exclusionReasons = ['pilot', 'void', 'withdrawn', 'practice', 'superseded', 'abandoned'] as const;
export type ExclusionReason = (typeof exclusionReasons)[number];
