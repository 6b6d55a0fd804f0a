import { z } from 'zod';
import { method } from './define.js';
import { sessionIdSchema } from './schemas.js';
import { taskVersions } from '../team/pack/schema.js';

// Replay (issue 16): any run, round by round. A run is opened once on the host (a transcript file read by path, or a
// session's log) and kept there under a replay id; the page asks for one round at a time, so a 50 MB transcript never
// crosses the API in one body. Experimenter scope only: no participant or rater link may call these (main/access).

export const replayIdSchema = z.string().regex(/^rp-[a-z0-9]{6,40}$/, 'expected a replay id');

/** Where a run comes from: a transcript (benchmark JSON or a Harbor trajectory) on this machine, or a session. */
export const replaySourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('file'), path: z.string().min(1).max(4096) }).strict(),
  z.object({ kind: z.literal('session'), sessionId: sessionIdSchema }).strict(),
]);
export type ReplaySource = z.infer<typeof replaySourceSchema>;

export const replaySeatSchema = z.object({
  name: z.string(),
  /** The benchmark's seat kinds; `other` for a seat a file names without declaring it. */
  kind: z.enum(['evaluated', 'scripted', 'partner', 'environment', 'other']),
  role: z.string(),
});
export type ReplaySeat = z.infer<typeof replaySeatSchema>;

export const replayLabelSchema = z.object({
  final: z.string(),
  source: z.string(),
  raters: z.array(z.object({ rater: z.string(), label: z.string().nullable() })),
  /** The branch the scripted teammate took on this label, where the file names one (else the label itself). */
  branch: z.string().nullable(),
});
export type ReplayLabel = z.infer<typeof replayLabelSchema>;

export const replayItemSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message'),
    /** Index in the file's `messages` (or the step's index for a trajectory). */
    index: z.number().int(),
    seat: z.string(),
    text: z.string(),
    kind: z.string(),
    to: z.string().nullable(),
    label: replayLabelSchema.nullable(),
  }),
  z.object({
    type: z.literal('tool'),
    index: z.number().int(),
    /** The evaluated seat's tool call (benchmark names, or a Slack trajectory's tool). */
    name: z.string(),
    input: z.record(z.string(), z.unknown()),
    resultHead: z.string(),
    /** A send_message call whose message is in this round's chat (shown folded, not twice). */
    matchedMessage: z.boolean(),
  }),
]);
export type ReplayItem = z.infer<typeof replayItemSchema>;

export const replayVerdictSchema = z.object({
  pass: z.boolean(),
  outcome: z.string(),
  details: z.record(z.string(), z.unknown()),
});

export const replayFileStateSchema = z.object({
  path: z.string(),
  /** unchanged since the start, edited in an earlier round, edited in this round, or created during the run. */
  status: z.enum(['unchanged', 'edited', 'edited_now', 'created']),
  /** Whether its content at this moment is known (a benchmark file without its pack carries only hashes). */
  known: z.boolean(),
  /** Why the file is uncertain: an edit in a shape the viewer cannot apply, or one that did not fit the text before it. */
  uncertain: z.string().nullable(),
});

export const replayDiffSchema = z.object({
  path: z.string(),
  /** null: the content before the edit is not known, so no diff can be shown. */
  lines: z.array(z.object({ op: z.enum([' ', '+', '-']), text: z.string() })).nullable(),
  truncated: z.boolean(),
});

export const replayRoundSchema = z.object({
  index: z.number().int(),
  round: z.number().int(),
  /** In the order things happened: each tool call where the run made it among the round's messages. */
  items: z.array(replayItemSchema),
  /**
   * recorded: the file keeps the order (Teamseat's `after_message` on each tool call); inferred: a benchmark file keeps
   * only each call's round, so the viewer worked it out; given: nothing to interleave, or a source's own order.
   */
  order: z.enum(['recorded', 'inferred', 'given']),
  /** What in this round is not shown as the file has it (an unmatched send_message, an edit that cannot be applied). */
  notes: z.array(z.string()),
  files: z.array(replayFileStateSchema),
  diffs: z.array(replayDiffSchema),
});
export type ReplayRound = z.infer<typeof replayRoundSchema>;

export const replayHeaderSchema = z.object({
  id: replayIdSchema,
  source: replaySourceSchema,
  /** benchmark: a transcript file; session: a Teamseat team run; slack: a Slack run or a Harbor trajectory. */
  format: z.enum(['benchmark', 'session', 'slack']),
  title: z.string(),
  scenario: z.string().nullable(),
  dimension: z.string().nullable(),
  version: z.string().nullable(),
  seed: z.number().nullable(),
  evaluatedSeat: z.string(),
  /** `human:P07` or a model id; hidden in the presenter view. */
  evaluatedModel: z.string(),
  seats: z.array(replaySeatSchema),
  /** The round numbers in order; a replay steps through their indices. */
  rounds: z.array(z.object({ round: z.number().int(), messages: z.number().int(), tools: z.number().int() })),
  roundsRun: z.number().int().nullable(),
  ended: z.string().nullable(),
  verdict: replayVerdictSchema.nullable(),
  /** A Slack answer whose grade is still to come: who it waits for (shown instead of "no checker verdict"). */
  awaiting: z.string().optional(),
  /** Whether the file carries judge labels (a `labels` field). */
  hasLabels: z.boolean(),
  /** How the workspace was rebuilt: from the task pack, from the file alone (hashes, edits, final files), or none. */
  workspace: z.object({ from: z.enum(['pack', 'file', 'none']), note: z.string() }),
  /** What could not be placed (and what was kept but ignored), each naming where in the file. */
  problems: z.array(z.string()),
  demo: z.boolean(),
  /**
   * false: a long file whose first round was found in its head and sent at once, while the host reads the rest; this
   * outline then holds only that round, with no problems or verdict yet. replayOutline gives the whole one.
   */
  complete: z.boolean(),
  /** The first round (position 1), sent with the outline so the first paint needs no second request. */
  first: replayRoundSchema.nullable(),
});
export type ReplayHeader = z.infer<typeof replayHeaderSchema>;

export const replayRunRefSchema = z.object({
  source: replaySourceSchema,
  title: z.string(),
  detail: z.string(),
  scenario: z.string().nullable(),
  demo: z.boolean(),
});
export type ReplayRunRef = z.infer<typeof replayRunRefSchema>;

export const demoSessionSchema = z.object({ sessionId: sessionIdSchema, studyKey: z.string(), taskId: z.string(), version: z.enum(taskVersions), seed: z.number().int() });

export const replayMethods = {
  /** Opens a run on the host (a file by its path here, or a session) and returns its outline. */
  replayOpen: method(z.object({ source: replaySourceSchema }).strict(), replayHeaderSchema),
  /**
   * The whole outline of a run opened with `complete: false`, once the host has read the file to its end (the same
   * id; its `first` replaces the round sent early), or the error that reading it found.
   */
  replayOutline: method(z.object({ id: replayIdSchema }).strict(), replayHeaderSchema),
  /** One round of an opened run, with the workspace as it was at the end of that round. */
  replayRound: method(z.object({ id: replayIdSchema, index: z.number().int().min(0) }).strict(), replayRoundSchema),
  /** A workspace file's content at the end of round `index`, or why it is not known. */
  replayFile: method(
    z.object({ id: replayIdSchema, index: z.number().int().min(0), path: z.string().min(1).max(1000) }).strict(),
    z.object({ content: z.string().nullable(), note: z.string() }),
  ),
  /** Runs there are to replay: team and Slack sessions, demo sessions, and the demo reel's transcripts. */
  replayRuns: method(z.object({}).strict(), z.array(replayRunRefSchema)),
  /** Quick seat: a task in a version started as a demo session (never in a study's results or exports). */
  demoStart: method(
    z.object({ studyKey: z.string().min(1), taskId: z.string().min(1), version: z.enum(taskVersions), seed: z.number().int().min(0).optional() }).strict(),
    demoSessionSchema,
  ),
  /** The same task, version and seed again from its start, as a new demo session. */
  demoReset: method(z.object({ sessionId: sessionIdSchema }).strict(), demoSessionSchema),
};
