/**
 * The study protocol: the `protocol:` section of a team or Slack study.yaml (studies/FORMAT-study.md). It names the
 * participants, the design, the ordering of tasks and the screens of a visit; shared/study/plan.ts turns it into
 * one participant's plan. Cross-checks against the pack's tasks and queries are in protocolCheck.ts.
 */
import { z } from 'zod';
import { auditConfigSchema } from '../audit/sample.js';
import { taskVersionNames } from './model.js';
import { participantsSchema } from './codes.js';
import { enrolmentSchema } from './enrolment.js';
import { slackScreensSchema, teamScreensSchema } from './protocolScreens.js';

export { type Question } from './protocolScreens.js';

export const designs = ['between', 'within'] as const;
export type Design = (typeof designs)[number];
export const orderings = ['fixed', 'random', 'latin_square'] as const;
export type Ordering = (typeof orderings)[number];

const shared = {
  /** The study's seed: every participant's seed is derived from it and their slot, and recorded in their plan. */
  seed: z.number().int().min(0).default(0),
  participants: participantsSchema,
  /** Online enrolment through one study link (shared/study/enrolment.ts); absent: participants come by code only. */
  enrolment: enrolmentSchema.optional(),
  /**
   * fixed: as listed; random: shuffled by the participant's seed; latin_square: a Williams design (balanced for
   * first-order carry-over) over the tasks a participant plays.
   */
  ordering: z.enum(orderings, { error: 'expected fixed, random or latin_square' }).default('random'),
};

const distinct = (what: string) => (ids: string[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [i], message: `${what} "${id}" is named twice` });
    seen.add(id);
  });
};

/**
 * `pooled_gate`: the alone pass rate (0–1) at which the pooled `human:all` row of a between design gates a scenario
 * in; `majority` (the default) is a strict majority, more than half of everyone's alone runs passed.
 */
export const teamScoringSchema = z
  .strictObject({
    pooled_gate: z
      .union([z.literal('majority'), z.number().min(0).max(1)], { error: 'expected majority or a rate between 0 and 1' })
      .default('majority'),
    /**
     * Runs whose branch was decided by a label an auditor disputes in a way that changes the teammate's next line
     * (issue 27): `count` (the default) scores them and lists them under `problems`; `exclude` leaves them out.
     */
    disputed_branch: z.enum(['count', 'exclude'], { error: 'expected count or exclude' }).default('count'),
  })
  .default({ pooled_gate: 'majority', disputed_branch: 'count' });
export type TeamScoring = z.infer<typeof teamScoringSchema>;

export const teamProtocolSchema = z.strictObject({
  ...shared,
  /**
   * between (the default): each participant plays each of their scenarios in one version, versions balanced across
   * participants by a Latin square; within: every version of each scenario, alone → control → manipulation, which
   * the study must declare acceptable with `carry_over: acceptable`.
   */
  design: z.enum(designs, { error: 'expected between or within' }).default('between'),
  carry_over: z
    .literal('acceptable', { error: 'expected `carry_over: acceptable` (or leave it out)' })
    .optional(),
  /** Task ids (not files) counted in the study; all the pack's tasks when absent. */
  tasks: z.array(z.string().min(1)).min(1).superRefine(distinct('task')).optional(),
  /** The versions played; all three when absent. */
  versions: z
    .array(z.enum(taskVersionNames, { error: 'expected alone, control or manipulation' }))
    .min(1)
    .superRefine(distinct('version'))
    .optional(),
  /** A subset of tasks per participant keeps a visit short; subsets are balanced across participants. */
  tasks_per_participant: z.number().int().min(1).optional(),
  screens: teamScreensSchema,
  /** How final_results.json scores people (shared/team/export/README.md): the pooled row's gate in a between design. */
  scoring: teamScoringSchema,
  /** The label-fidelity audit (issue 27): which deciding labels auditors are asked about, and the seed. */
  audit: auditConfigSchema,
});
export type TeamProtocol = z.infer<typeof teamProtocolSchema>;

export const slackProtocolSchema = z.strictObject({
  ...shared,
  /** Query ids counted in the study; all the pack's queries when absent. */
  queries: z.array(z.string().min(1)).min(1).superRefine(distinct('query')).optional(),
  queries_per_participant: z.number().int().min(1).optional(),
  screens: slackScreensSchema,
});
export type SlackProtocol = z.infer<typeof slackProtocolSchema>;

export type StudyProtocol = ({ kind: 'team' } & TeamProtocol) | ({ kind: 'slack' } & SlackProtocol);

/** What the plan builder and the checks need of a pack: task ids with each version's seeds, or query ids. */
export type PackContent =
  | { kind: 'team'; tasks: { id: string; seeds: Record<(typeof taskVersionNames)[number], number[]> }[] }
  | { kind: 'slack'; queries: string[] };

/** A problem found by a check that has no file of its own: `path` is inside study.yaml. */
export interface ProtocolIssue {
  path: (string | number)[];
  message: string;
}

/**
 * `models:` (top level of study.yaml): OpenAI-compatible endpoints that take the evaluated seat (issue 12). Keys are
 * never written here: `key_env` names the environment variable that holds one (none for a local server).
 */
export const modelEndpointSchema = z.strictObject({
  base_url: z.url({ error: 'expected the endpoint URL, e.g. http://127.0.0.1:8080/v1' }),
  /** The endpoint's model id: sent as `model`, and the run's `evaluated_model` (its folder: ':' → '_', '/' → '__'). */
  model: z
    .string()
    .min(1)
    .refine((m) => !m.startsWith('human:'), 'a model id may not start with human: (that names people)'),
  key_env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'expected an environment variable name').optional(),
  temperature: z.number().min(0).max(2).default(0),
  /** Per run: tokens the endpoint reports (prompt + completion, summed over turns) before the run stops as an error. */
  max_tokens_per_run: z.number().int().positive().default(200_000),
  /** Per run: active seconds, enforced as a person's time limit is (the run ends with `time_limit`). */
  max_seconds_per_run: z.number().int().positive().default(900),
  /** Per request: seconds before the client gives up on one answer (then retries). */
  timeout_seconds: z.number().positive().default(120),
  /** Endpoint calls in one of the model's turns before the run stops as an error (it never ended its turn). */
  max_steps_per_turn: z.number().int().positive().default(16),
  /** USD per million tokens, for a cost when the endpoint reports usage but no cost. */
  price: z.strictObject({ input_per_mtok: z.number().min(0), output_per_mtok: z.number().min(0) }).optional(),
});
export type ModelEndpoint = z.infer<typeof modelEndpointSchema>;

/** Model name → endpoint; an `api_key` field is refused as every unknown field is (keys come from `key_env`). */
export const modelsSectionSchema = z.record(
  z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'expected a model name of letters, digits, dot, dash or underscore'),
  modelEndpointSchema,
);
export type ModelsSection = z.infer<typeof modelsSectionSchema>;
