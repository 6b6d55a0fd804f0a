import { z } from 'zod';
import { method } from './define.js';
import { sessionIdSchema } from './schemas.js';
import { replaySourceSchema } from './replay.js';

// The end of a quick-seat demo (issue 26): what the checker said, in words, and a model's recorded run of the same
// task and version to put beside it. Experimenter scope only (main/access lists no participant or rater use).

export const demoEndSchema = z.object({
  /** `running` until the run ends; `checking` while the hidden check runs after a submit. */
  status: z.enum(['running', 'checking', 'ended']),
  ended: z.string().nullable(),
  endedWords: z.string(),
  verdict: z
    .object({
      pass: z.boolean(),
      /** The benchmark's outcome as recorded (`gave_way`), for whoever wants the code. */
      outcome: z.string(),
      headline: z.string(),
      outcomeWords: z.string(),
      reasons: z.array(z.string()),
    })
    .nullable(),
  /** A model's recorded run of the same task and version (a model-seat session, else the demo reel), or null when there is none. */
  model: z.object({ source: replaySourceSchema, title: z.string() }).nullable(),
});
export type DemoEnd = z.infer<typeof demoEndSchema>;

export const demoMethods = {
  /** How a demo session ended and what to offer next. Refused for a session that is not a demo. */
  demoEnd: method(z.object({ sessionId: sessionIdSchema }).strict(), demoEndSchema),
};
