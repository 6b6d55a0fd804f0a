import { z } from 'zod';
import { matchFields } from './match.js';
import { idSchema, provenanceFields, recipientSchema, scriptSchema, TEAM_CHANNEL } from './scriptSchema.js';

const seatName = z
  .string()
  .min(1)
  .refine((n) => n !== TEAM_CHANNEL, { message: `"${TEAM_CHANNEL}" is the channel's name and cannot name a seat` });

/** A fact one seat knows. `keywords`/`regex` say how a message is recognised as mentioning it (for checkers). */
export const factSchema = z.strictObject({
  id: idSchema,
  text: z.string().min(1),
  ...matchFields,
  /** The id of the passage in the task's `provenance` this fact is taken from, or `fictional: true`. */
  ...provenanceFields,
});
export type Fact = z.output<typeof factSchema>;

/** A partner's reply to a question that matches its keywords (topics) or regexes. */
export const partnerReplySchema = z.strictObject({
  id: idSchema,
  ...matchFields,
  text: z.string().min(1),
  ...provenanceFields,
  /** Ids of this partner's facts the reply reveals. */
  reveals: z.array(idSchema).default([]),
  /** Say it only the first time it matches; later matches fall through to other replies or the default. */
  once: z.boolean().default(false),
});
export type PartnerReply = z.output<typeof partnerReplySchema>;

/** Conditions on the session so far; all those given must hold. */
export const triggerSchema = z
  .strictObject({
    file_edited: z.string().min(1).optional(),
    label: idSchema.optional(),
    line_said: idSchema.optional(),
    gave_way: z.boolean().optional(),
    fact_revealed: idSchema.optional(),
    tool_called: z.string().min(1).optional(),
    participant_said: z.strictObject(matchFields).optional(),
  })
  .refine((t) => Object.values(t).some((v) => v !== undefined), { message: 'a trigger needs at least one condition' });
export type Trigger = z.output<typeof triggerSchema>;

/** A round, or a window of rounds from which the seed picks one. */
export const roundSpecSchema = z.union([
  z.number().int().min(1),
  z
    .strictObject({ from: z.number().int().min(1), to: z.number().int().min(1) })
    .refine((w) => w.from <= w.to, { message: '`from` must not be after `to`' }),
]);
export type RoundSpec = z.output<typeof roundSpecSchema>;

export const environmentEventSchema = z
  .strictObject({
    id: idSchema,
    /** Fires at the start of this round (or the seed's pick from a window)… */
    round: roundSpecSchema.optional(),
    /** …and/or once these conditions hold (checked after every event; with `round`, from that round on). */
    when: triggerSchema.optional(),
    text: z.string().min(1),
    ...provenanceFields,
    to: recipientSchema.default(TEAM_CHANNEL),
  })
  .refine((e) => e.round !== undefined || e.when !== undefined, { message: 'an event needs `round`, `when` or both' });
export type EnvironmentEvent = z.output<typeof environmentEventSchema>;

const seatBase = { name: seatName, role: z.string().min(1) };

export const evaluatedSeatSchema = z.strictObject({
  ...seatBase,
  kind: z.literal('evaluated'),
  /** What the participant knows from the start (shown beside the instructions). */
  facts: z.array(factSchema).default([]),
});

export const scriptedSeatSchema = z.strictObject({
  ...seatBase,
  kind: z.literal('scripted'),
  persona: z.string().default(''),
  /** What the teammate knows; a `give_way: share_fact` names one of these. */
  facts: z.array(factSchema).default([]),
  script: scriptSchema,
});

export const partnerSeatSchema = z.strictObject({
  ...seatBase,
  kind: z.literal('partner'),
  persona: z.string().min(1),
  /** Private facts only this partner holds. */
  facts: z.array(factSchema).default([]),
  replies: z.array(partnerReplySchema).default([]),
  /** Said to a direct message that matches no reply. Channel messages that match nothing get no answer. */
  default_reply: z.string().min(1),
});

export const environmentDevices = ['clock', 'inbox', 'ci', 'monitor', 'other'] as const;
export const environmentSeatSchema = z.strictObject({
  ...seatBase,
  kind: z.literal('environment'),
  device: z.enum(environmentDevices).default('other'),
  events: z.array(environmentEventSchema).default([]),
});

export const seatSchema = z.discriminatedUnion('kind', [
  evaluatedSeatSchema,
  scriptedSeatSchema,
  partnerSeatSchema,
  environmentSeatSchema,
]);
export type Seat = z.output<typeof seatSchema>;
export type EvaluatedSeat = z.output<typeof evaluatedSeatSchema>;
export type ScriptedSeat = z.output<typeof scriptedSeatSchema>;
export type PartnerSeat = z.output<typeof partnerSeatSchema>;
export type EnvironmentSeat = z.output<typeof environmentSeatSchema>;

/** A version's change to a seat: its name plus the fields to replace (shallow); checked again after merging. */
export const seatPatchSchema = z.looseObject({ name: z.string().min(1) });
export type SeatPatch = z.output<typeof seatPatchSchema>;
