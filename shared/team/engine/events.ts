import { z } from 'zod';
import { pausedBySchema } from '../../pause.js';
import { giveWayKinds, packagesSchema, taskVersions } from '../pack/schema.js';
import { answerVias } from '../pack/answerChoice.js';

/** How a run ended. */
export const endHows = ['submitted', 'max_rounds', 'walked_away', 'deal_accepted', 'script_ended', 'abandoned', 'time_limit'] as const;
export type EndHow = (typeof endHows)[number];

const seat = z.string().min(1);
const to = z.string().min(1);

/** Why a seat's message was said: which line, reply, event or rule produced it. */
export const messageSourceSchema = z.object({
  /** `live`: a partner seat played by an endpoint said it (issue 14); the scripted fallback keeps `reply`/`default_reply`. */
  // `experimenter`: written from the experimenter's console as a partner seat (issue 14).
  // `deal_form`: the evaluated seat's offer through the deal form; `deal_answer`: the counterpart's answer to one.
  kind: z.enum(['line', 'give_way', 'action', 'final', 'reply', 'default_reply', 'event', 'inherited', 'submit', 'live', 'experimenter', 'deal_form', 'deal_answer']),
  id: z.string().optional(),
});
export type MessageSource = z.infer<typeof messageSourceSchema>;

export const scriptStatuses = ['waiting', 'running', 'finished', 'silent'] as const;
export type ScriptStatus = (typeof scriptStatuses)[number];

export const scriptTransitionKinds = ['wait', 'open', 'next', 'repeat', 'goto', 'give_way', 'action', 'final'] as const;

/**
 * The session log. A session's state is a fold over these, in order; the engine's effects are
 * appended as events too, so a run can be re-derived from its log.
 */
export const sessionEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('session_started'),
    task_id: z.string().min(1),
    version: z.enum(taskVersions),
    seed: z.number().int().min(0),
    participant: z.string().min(1),
    /** Active time (pauses and crashes excluded) after which the run ends with `time_limit`. */
    time_limit_sec: z.number().int().positive().optional(),
    /** How long before the limit the participant is warned (default: 2 minutes or 10%, whichever is less). */
    time_warning_sec: z.number().int().positive().optional(),
  }),
  z.object({ type: z.literal('round_started'), round: z.number().int().min(1) }),
  z.object({
    type: z.literal('seat_message'),
    seat,
    text: z.string(),
    to,
    source: messageSourceSchema.optional(),
    /** Ids of facts this message reveals. */
    reveals: z.array(z.string()).optional(),
    /** Only for inherited history: the round it was said in; otherwise the current round. */
    round: z.number().int().min(0).optional(),
  }),
  /** One scripted seat's turn: which transition the label chose and where its script now stands. */
  z.object({
    type: z.literal('script_step'),
    seat,
    label: z.string().nullable(),
    transition: z.enum(scriptTransitionKinds),
    line: z.string().optional(),
    status: z.enum(scriptStatuses),
    gave_way: z.object({ what: z.enum(giveWayKinds), fact: z.string().optional() }).optional(),
    action: z.string().optional(),
    ends: z.enum(endHows).optional(),
  }),
  z.object({ type: z.literal('participant_message'), text: z.string().min(1), to }),
  z.object({
    type: z.literal('label_decided'),
    label: z.string().min(1),
    source: z.enum(['rules', 'experimenter', 'llm']),
    rule: z.string().optional(),
    raw: z.unknown().optional(),
  }),
  z.object({
    type: z.literal('tool_call'),
    name: z.string().min(1),
    input: z.record(z.string(), z.unknown()),
    result_head: z.string(),
  }),
  z.object({
    type: z.literal('file_edited'),
    seat,
    path: z.string().min(1),
    /** Hashes of the content before and after; null before when the file was created. */
    before: z.string().nullable(),
    after: z.string(),
  }),
  z.object({ type: z.literal('inbox_arrived'), item: z.string().min(1) }),
  /** `via: deal_form`: the evaluated seat's offer through the deal form (issue 23), answered by the counterpart at once. */
  // `from_answer`: the offer was read from the participant's typed answer (deal/splitInWords.ts), recorded just before it.
  z.object({ type: z.literal('deal_proposed'), seat, evaluated_gets: packagesSchema, via: z.literal('deal_form').optional(), from_answer: z.literal(true).optional() }),
  z.object({ type: z.literal('deal_accepted'), seat }),
  /** The counterpart turned down the offer through the deal form (its own offer, if it has one, goes back on the table). */
  z.object({ type: z.literal('deal_rejected'), seat }),
  z.object({ type: z.literal('walked_away'), seat }),
  /** `by`: who paused (issue 25); absent in logs written before, where pausedByOf() reads the reason. */
  /**
   * `idle_before`: the pause began at the event before it (an abandoned visit, issue 25): the time since that event
   * was nobody's, so it is downtime, not time on task.
   */
  z.object({ type: z.literal('paused'), reason: z.string().min(1), by: pausedBySchema.optional(), idle_before: z.literal(true).optional() }),
  z.object({ type: z.literal('resumed'), reason: z.string().min(1) }),
  /** The participant was warned that the time limit is near. */
  z.object({ type: z.literal('time_warning'), remaining_ms: z.number().int().min(0) }),
  /** The time limit was reached: the run ends (checker, then `ended: time_limit`). */
  z.object({ type: z.literal('time_up'), limit_ms: z.number().int().positive() }),
  /**
   * `answer` is what the checker scores (a choice is recorded as its text: pack/answerChoice.ts). `via` (issue 23):
   * a text answer was an offered option picked (`choice`, with the option and the reason written beside it) or typed
   * in the answer box; `offered`: the options in the order shown, when the seat offered a choice. Absent in older logs.
   */
  z.object({
    type: z.literal('submitted'),
    answer: z.unknown().optional(),
    via: z.enum(answerVias).optional(),
    choice: z.object({ option: z.string(), reason: z.string().optional() }).optional(),
    offered: z.array(z.string()).optional(),
  }),
  z.object({
    type: z.literal('checked'),
    score: z.object({ pass: z.boolean(), outcome: z.string(), details: z.record(z.string(), z.unknown()) }),
  }),
  z.object({ type: z.literal('ended'), how: z.enum(endHows) }),
]);
export type SessionEvent = z.infer<typeof sessionEventSchema>;
export type SessionEventType = SessionEvent['type'];
export type EventOf<T extends SessionEventType> = Extract<SessionEvent, { type: T }>;
