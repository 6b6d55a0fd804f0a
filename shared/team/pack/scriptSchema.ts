import { z } from 'zod';

/** Ids of lines, facts, labels, replies and events: short, stable, safe in paths and logs. */
export const idSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'expected an id of letters, digits, "_" and "-" (starting with a letter or digit)');

/** Where a message goes: the team channel, or a seat's name for a direct message. */
export const TEAM_CHANNEL = 'team';
export const recipientSchema = z.string().min(1);

/** CaSiNo packages one side receives: 0–3 of each issue. */
export const packagesSchema = z.strictObject({
  Food: z.number().int().min(0).max(3),
  Water: z.number().int().min(0).max(3),
  Firewood: z.number().int().min(0).max(3),
});

export const giveWayKinds = ['share_fact', 'stop_pushing', 'hand_over'] as const;
export type GiveWayKind = (typeof giveWayKinds)[number];

export const giveWaySchema = z
  .strictObject({
    what: z.enum(giveWayKinds),
    /** The line the teammate says as it gives way. */
    text: z.string().min(1),
    /** For `share_fact`: the id of the fact the line reveals. */
    fact: idSchema.optional(),
    to: recipientSchema.default(TEAM_CHANNEL),
  })
  .refine((g) => g.what !== 'share_fact' || g.fact !== undefined, {
    message: 'give_way with what: share_fact needs `fact: <fact id>`',
    path: ['fact'],
  });
export type GiveWay = z.output<typeof giveWaySchema>;

const actionText = { text: z.string().min(1).optional(), to: recipientSchema.default(TEAM_CHANNEL) };

/** Something the scripted teammate does itself. Every action finishes its script (see FORMAT-team.md). */
export const actionSchema = z.discriminatedUnion('do', [
  z
    .strictObject({
      do: z.literal('edit_file'),
      path: z.string().min(1),
      /** The whole new content of the file… */
      content: z.string().optional(),
      /** …or one replacement in it. */
      replace: z.strictObject({ find: z.string().min(1), with: z.string() }).optional(),
      ...actionText,
    })
    .refine((a) => (a.content === undefined) !== (a.replace === undefined), {
      message: 'edit_file needs exactly one of `content` or `replace: {find, with}`',
    }),
  z.strictObject({ do: z.literal('walk_away'), ...actionText }),
  z.strictObject({ do: z.literal('accept_deal'), ...actionText }),
  z.strictObject({ do: z.literal('submit_deal'), evaluated_gets: packagesSchema, ...actionText }),
  z.strictObject({ do: z.literal('end_run'), ...actionText }),
]);
export type ScriptAction = z.output<typeof actionSchema>;
export type ActionKind = ScriptAction['do'];
/** Actions after which the run is over. */
export const endingActions: ReadonlySet<ActionKind> = new Set(['walk_away', 'accept_deal', 'end_run']);

/**
 * What the scripted teammate does next, given the label of the participant's last message:
 * `next` line, `repeat` this line, `goto` a line, `give_way`, or an `action`.
 */
export const transitionSchema = z.union([
  z.literal('next'),
  z.literal('repeat'),
  z.strictObject({ goto: idSchema }),
  z.strictObject({ give_way: giveWaySchema }),
  z.strictObject({ action: actionSchema }),
]);
export type Transition = z.output<typeof transitionSchema>;

/** Where what a line states comes from: a passage of the task's `provenance`, or made up (the pack linter asks for one). */
export const provenanceFields = { source: idSchema.optional(), fictional: z.boolean().optional() };

export const scriptLineSchema = z.strictObject({
  id: idSchema,
  text: z.string().min(1),
  ...provenanceFields,
  to: recipientSchema.default(TEAM_CHANNEL),
  /** label id → transition; a label not listed moves to the `next` line. */
  on: z.record(z.string(), transitionSchema).default({}),
});
export type ScriptLine = z.output<typeof scriptLineSchema>;

/** What the teammate does on its turns once the script is finished (after the last line, a give-way or an action). */
export const finalRuleSchema = z.union([
  z.literal('silent'),
  z.literal('repeat_last'),
  z.strictObject({ say: z.string().min(1), to: recipientSchema.default(TEAM_CHANNEL) }),
  z.strictObject({ action: actionSchema }),
]);
export type FinalRule = z.output<typeof finalRuleSchema>;

export const scriptSchema = z.strictObject({
  /** Whether the first line is said unprompted in round 1 (true) or in reply to the participant's first message. */
  opens: z.boolean().default(true),
  lines: z.array(scriptLineSchema).min(1, 'a script needs at least one line'),
  /** Used when the participant's last message was not to the team channel or this seat (no label). */
  no_reply: transitionSchema.default('repeat'),
  final: finalRuleSchema.default('silent'),
});
export type Script = z.output<typeof scriptSchema>;
