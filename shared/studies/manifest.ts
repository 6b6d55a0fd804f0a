import { z } from 'zod';
import { modelsSectionSchema, slackProtocolSchema, teamProtocolSchema, type StudyProtocol } from '../study/protocol.js';
import { studyLabellerSchema } from '../team/console/consoleSchema.js';
import { partnersSectionSchema } from '../team/partners/partnersSchema.js';

export const studyKinds = ['team', 'slack', 'labelling'] as const;
export type StudyKind = (typeof studyKinds)[number];

const source = z.object({
  citation: z.string().min(1),
  licence: z.string().min(1),
  url: z.string().optional(),
  /** What in the study is made up. Research material must say so. */
  fictional: z.string().optional(),
});

/** Who labels a labelling study and which items each rater sees (see shared/labelling/sampling.ts). */
const labellingSetup = {
  /** Rater ids; when absent, the researcher types one when starting a session. */
  raters: z
    .array(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/, 'expected a rater id of letters, digits, dot, dash or underscore'))
    .min(1)
    .refine((r) => new Set(r).size === r.length, 'rater ids must be distinct')
    .optional(),
  /** Default when absent: crossed (every rater labels every item), seed 0. */
  assignment: z
    .object({
      mode: z.enum(['split', 'crossed', 'overlap'], { error: 'expected split, crossed or overlap' }),
      /** Items every rater labels (overlap mode only). */
      shared: z.number().int().nonnegative().optional(),
      seed: z.number().int().nonnegative().default(0),
    })
    .strict()
    .refine((a) => a.mode !== 'overlap' || a.shared !== undefined, { message: 'overlap needs `shared: <number of items>`', path: ['shared'] })
    .optional(),
  /** Stratified draw from the item file: this many items per dimension, at most one per task. */
  sample: z.object({ perDimension: z.number().int().positive(), seed: z.number().int().nonnegative().default(0) }).strict().optional(),
  /** Items with their answer, shown with feedback before the real ones. */
  practice: z.string().min(1).optional(),
};

/**
 * `grading:` of a Slack study (issue 25 item 3): how many people grade each answer. With two, each answer's two
 * graders grade blind to each other, a third settles a disagreement, and the result is shared/judge/grades.ts's rule.
 */
export const slackGradingSchema = z
  .strictObject({
    graders_per_answer: z.union([z.literal(1), z.literal(2)], { error: 'expected 1 or 2 graders per answer' }).default(1),
    /** The one grader id who settles disagreements (never one of an answer's two graders); any other grader when absent. */
    third_grader: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/, 'expected a grader id of letters, digits, dot, dash or underscore')
      .optional(),
  })
  .refine((g) => g.third_grader === undefined || g.graders_per_answer === 2, {
    message: 'third_grader settles disagreements between two graders: set graders_per_answer: 2',
    path: ['third_grader'],
  });
export type SlackGrading = z.infer<typeof slackGradingSchema>;

/** Sections kept for the issues that build on the study protocol: accepted and checked to be a mapping, not used yet. */
const reserved = (forWhat: string) =>
  z
    .record(z.string(), z.unknown(), { error: `reserved for ${forWhat}: expected a mapping (nothing in it is used yet)` })
    .optional()
    .describe(`Reserved for ${forWhat}; accepted, not used yet.`);

const base = {
  schema: z.literal('teamseat/study@1', { error: 'expected `schema: teamseat/study@1`' }),
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'expected lowercase letters, digits and dashes'),
  title: z.string().min(1),
  description: z.string().default(''),
  source: source.optional(),
  /** Who labels a team study's messages: a judge panel or the experimenter's console (shared/team/console/consoleSchema.ts). */
  labeller: studyLabellerSchema.optional(),
  /** Partner seats played live by an endpoint (shared/team/partners/partnersSchema.ts, main/partners). */
  partners: partnersSectionSchema.optional(),
  scoring: reserved('scoring'),
  /** Endpoints that take the evaluated seat (shared/study/protocol.ts, main/modelSeat). */
  models: modelsSectionSchema.optional(),
};

/**
 * `study.yaml`, the entry point of every study pack (studies/FORMAT-study.md). Per-kind content is validated by that
 * kind's loader; a team or Slack study with a `protocol:` can be run with participants. Unknown fields are errors,
 * so a misspelt section never passes silently.
 */
export const studyManifestSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ ...base, kind: z.literal('team'), tasks: z.array(z.string().min(1)).min(1), protocol: teamProtocolSchema.optional() }),
    z.strictObject({
      ...base,
      kind: z.literal('slack'),
      export: z.string().min(1),
      queries: z.string().min(1),
      /** A bare git repository (default `repo.git`) and a documents folder (default `docs`). */
      repo: z.string().min(1).optional(),
      docs: z.string().min(1).optional(),
      protocol: slackProtocolSchema.optional(),
      /** How many people grade each answer; one when absent. */
      grading: slackGradingSchema.optional(),
    }),
    z.strictObject({ ...base, kind: z.literal('labelling'), items: z.string().min(1), ...labellingSetup }),
  ],
  { error: 'expected `kind:` team, slack or labelling' },
);
export type StudyManifest = z.infer<typeof studyManifestSchema>;

/** The protocol of a team or Slack study, with its kind, or null when the study has none. */
export function protocolOf(manifest: StudyManifest): StudyProtocol | null {
  if (manifest.kind === 'team' && manifest.protocol) return { kind: 'team', ...manifest.protocol };
  if (manifest.kind === 'slack' && manifest.protocol) return { kind: 'slack', ...manifest.protocol };
  return null;
}

export const STUDY_MANIFEST_FILE = 'study.yaml';
