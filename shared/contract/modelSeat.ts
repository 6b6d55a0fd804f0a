import { z } from 'zod';
import { method } from './define.js';
import { sessionIdSchema } from './schemas.js';
import { taskVersions } from '../team/pack/schema.js';
import { teamViewSchema } from '../team/viewSchema.js';

// The model seat (issue 12): the experimenter starts one model run of a team task and watches it play, read-only.
// Experimenter scope only (no participant or rater link may call these). Keys never cross the API: only whether the
// environment variable a model names is set.

export const modelSeatModelSchema = z.object({
  name: z.string(),
  model: z.string(),
  baseUrl: z.string(),
  keyEnv: z.string().nullable(),
  /** False when the model names a key variable that is not set: a run would be refused. */
  ready: z.boolean(),
});

export const modelStepViewSchema = z.object({
  round: z.number().int(),
  latencyMs: z.number(),
  tokens: z.number().nullable(),
  calls: z.array(z.object({ name: z.string(), arguments: z.string(), ok: z.boolean(), result: z.string() })),
});
export type ModelStepView = z.infer<typeof modelStepViewSchema>;

export const modelSeatMethods = {
  /** The study's configured models and the cells one could play. */
  modelSeatOptions: method(
    z.object({ studyKey: z.string().min(1) }).strict(),
    z.object({
      models: z.array(modelSeatModelSchema),
      tasks: z.array(
        z.object({
          taskId: z.string(),
          title: z.string(),
          versions: z.array(z.object({ version: z.enum(taskVersions), seeds: z.array(z.number().int()) })),
        }),
      ),
    }),
  ),
  /** Starts one run; answers once its session exists, while the model plays on in the background. */
  modelSeatStart: method(
    z
      .object({
        studyKey: z.string().min(1),
        model: z.string().min(1),
        taskId: z.string().min(1),
        version: z.enum(taskVersions),
        seed: z.number().int().min(0),
      })
      .strict(),
    z.object({ sessionId: sessionIdSchema }),
  ),
  /** What the watcher shows: the seat as the model sees it, its tool calls per step, and how the run stopped. */
  modelSeatWatch: method(
    z.object({ sessionId: sessionIdSchema }).strict(),
    z.object({
      view: teamViewSchema,
      model: z.object({ name: z.string(), id: z.string() }),
      steps: z.array(modelStepViewSchema),
      error: z.object({ reason: z.string(), message: z.string() }).nullable(),
      playing: z.boolean(),
    }),
  ),
};
