import { z } from 'zod';
import { method } from './define.js';
import { participantSchema, sessionIdSchema } from './schemas.js';
import { taskVersions, workspaceToolNames } from '../team/pack/schema.js';
import { teamViewSchema } from '../team/viewSchema.js';
import { answerChoiceSchema } from '../team/pack/answerChoice.js';


const session = { sessionId: sessionIdSchema };
const toolResultSchema = z.object({
  name: z.enum(workspaceToolNames),
  ok: z.boolean(),
  /** What the person sees: file content, grep lines, test output, or the error. */
  output: z.string(),
  resultHead: z.string(),
  files: z.array(z.string()).optional(),
});
export type ToolResult = z.infer<typeof toolResultSchema>;

/** The team seat (issue 3): a person in the evaluated seat of a Collaborative Intelligence task. */
export const teamMethods = {
  teamStart: method(
    z
      .object({
        studyKey: z.string().min(1),
        taskId: z.string().min(1),
        participant: participantSchema,
        version: z.enum(taskVersions),
        seed: z.number().int().min(0),
        /** Active time after which the run ends (until runs start from a plan cell, which carries its own). */
        timeLimitSec: z.number().int().positive().max(86_400).optional(),
        timeWarningSec: z.number().int().positive().max(86_400).optional(),
      })
      .strict(),
    teamViewSchema,
  ),
  /** The seeds a version runs with (the manipulation has at least three). */
  teamVersions: method(
    z.object({ studyKey: z.string().min(1), taskId: z.string().min(1) }).strict(),
    z.array(z.object({ version: z.enum(taskVersions), seeds: z.array(z.number().int()) })),
  ),
  teamView: method(z.object(session).strict(), teamViewSchema),
  teamSend: method(
    z.object({ ...session, text: z.string().trim().min(1).max(10_000), to: z.string().min(1) }).strict(),
    teamViewSchema,
  ),
  teamTool: method(
    z.object({ ...session, name: z.enum(workspaceToolNames).exclude(['submit']), input: z.record(z.string(), z.unknown()) }).strict(),
    z.object({ result: toolResultSchema, view: teamViewSchema }),
  ),
  teamAcceptDeal: method(z.object(session).strict(), teamViewSchema),
  /**
   * An offer through the deal form (issue 23): how many packages of each item each side gets. Counts that do not add
   * up are refused in plain words and nothing is recorded; the counterpart's answer is in the view returned.
   */
  teamOfferDeal: method(
    z.object({ ...session, youGet: z.record(z.string().max(40), z.number()), theyGet: z.record(z.string().max(40), z.number()) }).strict(),
    teamViewSchema,
  ),
  teamSubmit: method(
    z
      .object({
        ...session,
        answer: z.union([z.string().max(10_000), z.record(z.string(), z.number().int().min(0).max(3))]).optional(),
        /** An offered option picked, with an optional reason (issue 23): instead of `answer`, never with it. */
        choice: answerChoiceSchema.optional(),
      })
      .strict(),
    teamViewSchema,
  ),
  teamPause: method(z.object({ ...session, reason: z.string().trim().min(1).max(500) }).strict(), teamViewSchema),
  teamResume: method(z.object({ ...session, reason: z.string().trim().min(1).max(500) }).strict(), teamViewSchema),
  /**
   * A finished run's workspace files as its log records them at the end (read-only viewing: nothing is recorded).
   * Refused while the run is live, where reads go through the recorded tools.
   */
  teamWorkspaceFiles: method(
    z.object(session).strict(),
    z.object({ files: z.array(z.object({ path: z.string(), text: z.string() })) }),
  ),
  /** Writes the finished run in the benchmark's transcript layout under <data dir>/results/. */
  teamExport: method(z.object(session).strict(), z.object({ path: z.string(), score: z.object({ pass: z.boolean(), outcome: z.string() }) })),
};
