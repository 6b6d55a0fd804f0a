import { z } from 'zod';
import { problemsFromZod, type Problem } from '../problems.js';

export const queryCategories = ['AS', 'HA', 'SU', 'CI'] as const;
export type QueryCategory = (typeof queryCategories)[number];

/**
 * One SlackBench query as a study writes it in `queries.yaml`. Extra fields are kept (a study may carry notes or
 * `key_facts` for its own checks) because the library reads the same file with a looser schema.
 */
export const slackQuerySchema = z
  .looseObject({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'expected letters, digits, dots, dashes or underscores'),
    category: z.enum(queryCategories, { error: 'expected one of AS, HA, SU, CI' }),
    query: z.string().min(1),
    reference: z.string().min(1, 'a reference answer is needed to judge the answer'),
    guideline: z.string().min(1).optional(),
    /** SU only: what a good summary must contain; graded item by item. */
    checklist: z.array(z.string().min(1)).min(1).optional(),
    /** CI only: a folder, relative to the study, whose files override the export's files of the same path. */
    variant: z.string().min(1).optional(),
    timeLimitMinutes: z.number().positive().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.category === 'SU' && !q.checklist) {
      ctx.addIssue({ code: 'custom', path: ['checklist'], message: 'an SU query needs a checklist' });
    }
    if (q.category !== 'SU' && q.checklist) {
      ctx.addIssue({ code: 'custom', path: ['checklist'], message: 'only SU queries are graded by checklist' });
    }
  });
export type SlackQuery = z.infer<typeof slackQuerySchema>;

export const queriesFileSchema = z
  .object({ queries: z.array(slackQuerySchema).min(1, 'expected at least one query') })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.queries.forEach((q, i) => {
      if (seen.has(q.id)) ctx.addIssue({ code: 'custom', path: ['queries', i, 'id'], message: `duplicate id ${q.id}` });
      seen.add(q.id);
    });
  });
export type QueriesFile = z.infer<typeof queriesFileSchema>;

/** SlackBench's default time limit per query. */
export const DEFAULT_TIME_LIMIT_MINUTES = 20;

/** How a category is judged: a YES/NO match, an abstention check, or a per-item checklist. */
export type JudgingMode = 'match' | 'abstention' | 'checklist';

export function judgingModeOf(category: QueryCategory): JudgingMode {
  switch (category) {
    case 'HA':
      return 'abstention';
    case 'SU':
      return 'checklist';
    case 'AS':
    case 'CI':
      return 'match';
  }
}

export type QueriesParse = { ok: true; queries: SlackQuery[] } | { ok: false; problems: Problem[] };

/** Checks an already-parsed `queries.yaml`; `file` names it in every problem. */
export function parseQueries(file: string, data: unknown): QueriesParse {
  const parsed = queriesFileSchema.safeParse(data);
  if (parsed.success) return { ok: true, queries: parsed.data.queries };
  return { ok: false, problems: problemsFromZod(file, parsed.error) };
}
