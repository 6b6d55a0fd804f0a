import { z } from 'zod';
import { taskVersions, workspaceToolNames } from './pack/schema.js';
import { endHows } from './engine/events.js';
import { pausedBySchema } from '../pause.js';

/**
 * What the participant's screen may know of a session. Built only by participantView(): scripts, labels,
 * checker rules, partners' private facts and the seat kinds that would reveal who is scripted never appear.
 */
export const teamViewSchema = z.object({
  sessionId: z.string(),
  studyKey: z.string(),
  taskId: z.string(),
  taskTitle: z.string(),
  version: z.enum(taskVersions),
  seed: z.number().int(),
  participant: z.string(),
  /** When the session was created (ISO time), for the elapsed-time clock. */
  startedAt: z.string(),
  /** When the run ended (ISO time), so a reopened run shows its real length. */
  endedAt: z.string().nullable(),
  /**
   * Active time as of this response: pauses, crash gaps and the time after the end are not counted. The screen
   * ticks it on only while `running`; at `warnAtMs` / `limitMs` it asks main again (main enforces the limit).
   */
  clock: z.object({
    activeMs: z.number().int().min(0),
    running: z.boolean(),
    limitMs: z.number().int().positive().nullable(),
    warnAtMs: z.number().int().min(0).nullable(),
  })
    .optional(),
  /** Set once the time-limit warning was given: the time that was left then. */
  timeWarning: z.object({ remainingMs: z.number().int().min(0) }).nullable().optional(),
  instructions: z.string(),
  you: z.object({ name: z.string(), role: z.string(), facts: z.array(z.string()) }),
  teammates: z.array(z.object({ name: z.string(), role: z.string(), system: z.boolean() })),
  /** `team` first, then one direct-message channel per teammate who can be written to. */
  channels: z.array(z.string()),
  messages: z.array(
    z.object({
      index: z.number().int(),
      round: z.number().int(),
      from: z.string(),
      to: z.string(),
      text: z.string(),
      mine: z.boolean(),
      system: z.boolean(),
    }),
  ),
  round: z.number().int(),
  rounds: z.number().int(),
  /** `checking`: the run is over for the participant and its work is being checked (nothing of the result is here). */
  status: z.enum(['your_turn', 'waiting', 'paused', 'checking', 'ended']),
  /** The pause in force: its reason as the seat shows it, and who set it (the seat offers Resume only for its own). */
  pausedReason: z.string().nullable(),
  pausedBy: pausedBySchema.nullable().optional(),
  ended: z.enum(endHows).nullable(),
  deal: z
    .object({
      proposal: z.object({ from: z.string(), youGet: z.record(z.string(), z.number()), theyGet: z.record(z.string(), z.number()) }).nullable(),
      accepted: z.boolean(),
      /** The deal form (issue 23): who answers an offer, and the items split with how many packages of each. */
      form: z.object({ counterpart: z.string(), items: z.array(z.object({ name: z.string(), count: z.number().int() })) }).nullable().optional(),
    })
    .nullable(),
  workspace: z.object({ tools: z.array(z.enum(workspaceToolNames)) }).nullable(),
  /**
   * Where the answer is one of a set and the task offers it as a choice (issue 23): the options' values in the order
   * this run shows them (the ways of writing them and which one passes stay in main). Absent or null: a typed answer.
   */
  answerChoice: z.object({ options: z.array(z.string()).min(2) }).nullable().optional(),
  inbox: z.array(z.object({ id: z.string(), from: z.string(), subject: z.string(), body: z.string() })),
});
export type TeamView = z.infer<typeof teamViewSchema>;

/** A live run at a glance (TeamSession.glance): the fields of its view the dashboard reads. */
export type TeamGlance = Pick<TeamView, 'status' | 'round' | 'rounds' | 'clock'>;
