import { z } from 'zod';
import { taskVersions } from '../pack/schema.js';
import { recipientSchema, TEAM_CHANNEL } from '../pack/scriptSchema.js';

// Verdict test runs (issue 23): whole runs a person might play, written blind from a task's brief (its
// instructions, seats, lines and label definitions, never its rules, checkers or declared paths), each with the
// verdict the task's own instructions and dimension say it deserves. `npm run verdict-check` plays them through the
// HTTP API and reports how often the app's verdict agrees. Strict on what the replay depends on (version, messages,
// answer, expect), lenient on the rest: unknown fields are ignored, so a writer's notes never stop a file loading.
// Documented in studies/FORMAT-team.md ("Verdict test runs").

export const verdictIntents = ['does_the_thing', 'opposite_with_right_words', 'opposite', 'mixed'] as const;
export const verdictExpects = ['pass', 'fail'] as const;
export type VerdictExpect = (typeof verdictExpects)[number];

export const verdictMessageSchema = z.object({
  /** `team`, or a seat's name for a direct message. */
  to: recipientSchema.default(TEAM_CHANNEL),
  text: z.string().trim().min(1, 'expected the message text'),
});

/** A deal's packages as the seat's deal form submits them (negotiation tasks), or the answer box's text. */
const answerSchema = z.union([z.string(), z.record(z.string(), z.number().int().min(0).max(3))], {
  error: 'expected the answer as text (or, in a negotiation, the packages you get: { Food: n, Water: n, Firewood: n })',
});

export const verdictRunSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'expected a kebab-case id (lower-case words joined by "-")'),
  version: z.enum(taskVersions, { error: `expected one of the task's versions: ${taskVersions.join(', ')}` }),
  /** What the writer meant the run to test: usually one of `verdictIntents`; any word is kept, for reading. */
  intent: z.string().min(1),
  expect: z.enum(verdictExpects, { error: 'expected pass or fail' }),
  why: z.string().optional(),
  messages: z.array(verdictMessageSchema).default([]),
  /** What the participant submits at the end; absent only for a task with no answer box. */
  answer: answerSchema.optional(),
});
export type VerdictRun = z.output<typeof verdictRunSchema>;

export const verdictTestFileSchema = z
  .object({
    task: z.string().min(1),
    written_by: z.string().optional(),
    runs: z.array(verdictRunSchema).min(1, 'an empty file: write at least one run'),
  })
  .superRefine((file, ctx) => {
    const seen = new Map<string, number>();
    file.runs.forEach((r, i) => {
      const first = seen.get(r.id);
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: ['runs', i, 'id'], message: `the id "${r.id}" is also used by runs[${first}]` });
      else seen.set(r.id, i);
    });
  });
export type VerdictTestFile = z.output<typeof verdictTestFileSchema>;

/** Where a team pack keeps a task's verdict test runs, relative to the pack folder. */
export const VERDICT_TESTS_DIR = 'verdict-tests';
export const verdictTestFileOf = (taskId: string): string => `${VERDICT_TESTS_DIR}/${taskId}.yaml`;
