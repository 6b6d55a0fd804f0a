/**
 * The study protocol: the `protocol:` section of a team or Slack study.yaml (studies/FORMAT-study.md). It names the
 * participants, the design, the ordering of tasks and the screens of a visit; shared/study/plan.ts turns it into
 * one participant's plan. Cross-checks against the pack's tasks and queries are in protocolCheck.ts.
 */
import { z } from 'zod';
import { taskVersionNames } from './model.js';
import { participantsSchema } from './codes.js';
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
