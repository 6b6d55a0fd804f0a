import { z } from 'zod';
import { method } from './define.js';
import { participantIdSchema, participantRowSchema } from './study.js';
import { sessionIdSchema } from './schemas.js';

/**
 * The experimenter's live dashboard of a study (issue 13): participants × plan cells, each cell's status, where each
 * participant is, and notices that ask for the experimenter. Experimenter scope only (not on any link's list).
 */
/** `checking`: the participant has submitted and moved on; the run's hidden tests still run (issue 13). */
export const cellStatuses = ['not_started', 'in_progress', 'paused', 'checking', 'done', 'void', 'abandoned', 'excluded'] as const;
export type CellStatus = (typeof cellStatuses)[number];

export const dashboardCellSchema = z.object({
  cell: z.string(),
  /** The title of this participant's task in the cell: a cell id is a place in each one's own order, not a task. */
  task: z.string(),
  status: z.enum(cellStatuses),
  /** The latest attempt's run (open it read-only in the run viewer), or null before one starts. */
  runId: sessionIdSchema.nullable(),
  attempt: z.number().int().nullable(),
  /** For a run in progress: its round of rounds (team seat) and active time (the run's own clock, team or Slack); null otherwise. */
  round: z.number().int().nullable(),
  rounds: z.number().int().nullable(),
  activeMs: z.number().nullable(),
});
export type DashboardCell = z.infer<typeof dashboardCellSchema>;

export const noticeKinds = ['idle', 'time_limit_near', 'waiting_for_label', 'run_error'] as const;
export const dashboardNoticeSchema = z.object({ kind: z.enum(noticeKinds), text: z.string() });
export type DashboardNotice = z.infer<typeof dashboardNoticeSchema>;

export const dashboardParticipantSchema = z.object({
  /** The same row the participants panel shows, so its actions (void, withdraw, correct, rerun, erase) work as they are. */
  row: participantRowSchema,
  cells: z.array(dashboardCellSchema),
  /** The task and plan cell being played now, or what screen they are on. */
  current: z.object({ cell: z.string().nullable(), task: z.string().nullable(), screen: z.string() }).nullable(),
  /** The run in progress can be paused (a team run) or resumed. */
  pausable: z.enum(['pause', 'resume']).nullable(),
  notices: z.array(dashboardNoticeSchema),
});
export type DashboardParticipant = z.infer<typeof dashboardParticipantSchema>;

export const dashboardViewSchema = z.object({
  studyKey: z.string(),
  title: z.string(),
  /** Plan cells in plan order (union over participants: a between design gives each a different set). */
  /** A column's label is its task when every participant plays the same task there, else its place ("Task 2"). */
  cells: z.array(z.object({ cell: z.string(), label: z.string(), practice: z.boolean(), sameTask: z.boolean() })),
  participants: z.array(dashboardParticipantSchema),
  /** When this view was read (host time): notices such as "idle for N minutes" are as of then. */
  at: z.string(),
});
export type DashboardView = z.infer<typeof dashboardViewSchema>;

const who = { studyKey: z.string().min(1), participantId: participantIdSchema };

export const dashboardMethods = {
  dashboardView: method(z.object({ studyKey: z.string().min(1) }).strict(), dashboardViewSchema),
  /** Pauses the participant's run in progress (its clock stops; every action is refused until resumed). */
  dashboardPause: method(z.object({ ...who, reason: z.string().trim().min(1).max(500) }).strict(), dashboardParticipantSchema),
  dashboardResume: method(z.object({ ...who }).strict(), dashboardParticipantSchema),
};
