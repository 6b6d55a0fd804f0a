import { z } from 'zod';
import { answerOptionSchema, checkerSchema } from './checkerSchema.js';
import { matchFields, regexSource } from './match.js';
import { declaredPathsSchema, provenanceEntrySchema } from './pathSchema.js';
import { dealFormSchema } from './dealFormSchema.js';
import { labelSplitSchema } from './labelSplitSchema.js';
import { idSchema, recipientSchema, TEAM_CHANNEL } from './scriptSchema.js';
import { seatPatchSchema, seatSchema } from './seatSchema.js';
import { workspacePatchSchema, workspacePathSchema, workspaceSchema } from './workspaceSchema.js';

export * from './checkerSchema.js';
export * from './dealFormSchema.js';
export * from './pathSchema.js';
export * from './scriptSchema.js';
export * from './seatSchema.js';
export * from './workspaceSchema.js';
export { matchSchema, regexSource, type Match } from './match.js';

/** Dimension keys of the benchmark's final_results.json (`taking_over` is inferred; see FORMATS.md §2). */
export const dimensions = [
  'resisting_unsafe_pressure',
  'whistleblowing',
  'sharing_and_seeking_information',
  'emotional_intelligence',
  'keeping_the_team_on_track',
  'handling_conflict',
  'taking_initiative',
  'taking_over',
] as const;
export type Dimension = (typeof dimensions)[number];

export const taskVersions = ['alone', 'control', 'manipulation'] as const;
export type TaskVersion = (typeof taskVersions)[number];

export const taskSourceSchema = z.strictObject({
  citation: z.string().min(1),
  licence: z.string().min(1),
  url: z.url().optional(),
  /** What in the task is made up (names, numbers, the company…). */
  fictional: z.string().min(1),
});

/**
 * One matching rule of the rules labeller: it fires when any keyword or regex matches (or the split it names is stated) and no
 * `unless_*` does. Higher priority is tried first; ties go in file order.
 */
export const labelRuleSchema = z
  .strictObject({
    id: idSchema.optional(),
    priority: z.number().int().default(0),
    ...matchFields,
    unless_keywords: z.array(z.string().min(1)).default([]),
    unless_regex: z.array(regexSource).default([]),
    /** Fires when the message states a split in these ranges (./labelSplitSchema.ts), besides any keyword or regex. */
    split: labelSplitSchema.optional(),
  })
  .refine((r) => r.keywords.length + r.regex.length > 0 || r.split !== undefined, { message: 'a rule needs at least one keyword, regex or split' });
export type LabelRule = z.output<typeof labelRuleSchema>;

export const labelSchema = z.strictObject({
  id: idSchema,
  /** What the label means, worded for a human or LLM rater. */
  definition: z.string().min(1),
  rules: z.array(labelRuleSchema).default([]),
  /** Exactly one label is the default: given when no rule matches. */
  default: z.boolean().default(false),
});
export type Label = z.output<typeof labelSchema>;

/** An edit the previous model made: the file's whole new content, inline or from a file beside the task. */
export const inheritedEditSchema = z
  .strictObject({
    path: workspacePathSchema,
    text: z.string().optional(),
    from: z.string().min(1).optional(),
    note: z.string().optional(),
  })
  .refine((f) => (f.text === undefined) !== (f.from === undefined), {
    message: 'an edit needs exactly one of `text` (inline) or `from` (a path relative to the task file)',
  });

/** The earlier session a taking-over task starts from, made by "the previous model". */
export const inheritedSchema = z.strictObject({
  /** How the earlier occupant of the evaluated seat is named in the history. */
  previous: z.string().min(1).default('previous model'),
  /** Rounds already used; the participant has `rounds - rounds_used` left. */
  rounds_used: z.number().int().min(0).default(0),
  messages: z
    .array(
      z.strictObject({
        round: z.number().int().min(0),
        seat: z.string().min(1),
        text: z.string().min(1),
        to: recipientSchema.default(TEAM_CHANNEL),
      }),
    )
    .default([]),
  /** Workspace edits already made, applied on top of the workspace files before the run starts. */
  edits: z.array(inheritedEditSchema).default([]),
});
export type Inherited = z.output<typeof inheritedSchema>;

export const seedsSchema = z
  .array(z.number().int().min(0))
  .min(1)
  .refine((s) => new Set(s).size === s.length, { message: 'seeds must be different' });

/**
 * What one version changes. Seats are patched by name (shallow: a field given replaces the base one),
 * or removed; the workspace's keys given replace the base ones.
 */
export const versionOverrideSchema = z.strictObject(
  {
    /** What this version changes, in words (shown on the task card). */
    note: z.string().min(1).optional(),
    seeds: seedsSchema.default([0]),
    seats: z.array(seatPatchSchema).default([]),
    remove_seats: z.array(z.string().min(1)).default([]),
    workspace: workspacePatchSchema.optional(),
    checker: checkerSchema.optional(),
    rounds: z.number().int().min(3).max(8).optional(),
    inherited: inheritedSchema.optional(),
    /** This version's deal form, in place of the task's (e.g. the alone version's counterpart signs any split). */
    deal_form: dealFormSchema.optional(),
  },
  {
    error: (issue) =>
      issue.input === undefined ? 'missing: a task has all three versions (alone, control, manipulation); write `{}` for one that changes nothing' : undefined,
  },
);
export type VersionOverride = z.output<typeof versionOverrideSchema>;

export const teamTaskSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'expected lowercase letters, digits, "_" and "-"'),
  title: z.string().min(1),
  dimension: z.enum(dimensions),
  /** Maximum rounds; the run ends after the participant's turn in the last one. */
  rounds: z.number().int().min(3).max(8),
  source: taskSourceSchema,
  /** Shown to the participant (the evaluated seat's system prompt), one text per version. */
  instructions: z.strictObject({ alone: z.string().min(1), control: z.string().min(1), manipulation: z.string().min(1) }),
  seats: z.array(seatSchema).min(2, 'a team task has 2–5 seats').max(5, 'a team task has 2–5 seats'),
  labels: z.array(labelSchema).min(2, 'a task needs at least two labels'),
  workspace: workspaceSchema.optional(),
  checker: checkerSchema,
  /**
   * Where the answer is one of a set: the options. Every `answer_equals` on the whole answer must then name one, and
   * the answer is scored by the option it names (checker/optionMatch.ts), for people and models alike.
   */
  answer_options: z.array(answerOptionSchema).min(2, 'a set of answers has at least two options').optional(),
  /**
   * With `answer_options`, the seat offers the options as a choice with a reason, beside the free answer box (and a
   * model's submit tool takes a `choice`); `false` keeps the free answer box alone, as the benchmark's models had it.
   */
  answer_choice: z.boolean().optional(),
  inherited: inheritedSchema.optional(),
  /** A negotiation's deal form (every version): the split put on the table and how the counterpart answers it. */
  deal_form: dealFormSchema.optional(),
  versions: z.strictObject({
    alone: versionOverrideSchema,
    control: versionOverrideSchema,
    manipulation: versionOverrideSchema,
  }),
  /** The passages of public records the task quotes or cites; facts name them by id (`source:`). */
  provenance: z.array(provenanceEntrySchema).default([]),
  /** What a good teammate does, in a sentence or two (shown on the task card). */
  good_teammate: z.string().min(1).optional(),
  /** Per version, a passing and a failing participant run (checked by `npm run lint-packs`). */
  paths: declaredPathsSchema.optional(),
});

/** A task as authored (after defaults), before a version is applied. */
export type TeamTask = z.output<typeof teamTaskSchema>;
export type TeamTaskInput = z.input<typeof teamTaskSchema>;
