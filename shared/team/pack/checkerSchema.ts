import { z } from 'zod';
import { regexSource } from './match.js';
import { idSchema, recipientSchema } from './scriptSchema.js';
import { workspacePathSchema } from './workspaceSchema.js';

const issue = z.enum(['Food', 'Water', 'Firewood']);
/** A CaSiNo side's ranking in the dataset's own shape: `{High: Water, Medium: Firewood, Low: Food}`. */
export const value2IssueSchema = z.strictObject({ High: issue, Medium: issue, Low: issue });

const textOrRegex = z
  .strictObject({
    path: workspacePathSchema,
    text: z.string().min(1).optional(),
    regex: regexSource.optional(),
    /** The regex may match over a line break (`.` too), within three consecutive lines: an entry written over two. */
    multiline: z.boolean().optional(),
  })
  .refine((r) => (r.text === undefined) !== (r.regex === undefined), {
    message: 'give exactly one of `text` or `regex`',
  })
  .refine((r) => r.multiline !== true || r.regex !== undefined, {
    message: '`multiline` applies to `regex` only (a `text` is matched as written)',
    path: ['multiline'],
  });

/**
 * One answer a task accepts from a set (a location, a tank, accept or refuse): the option as the checker names it,
 * or `{value, also}` with other ways a person writes it ("the main tank", "main 100LL tank").
 */
export const answerOptionSchema = z.union([
  z.string().min(1),
  z.strictObject({ value: z.string().min(1), also: z.array(z.string().min(1)).optional() }),
]);
export type AnswerOption = z.output<typeof answerOptionSchema>;

type FileMatchRule = { path: string; text?: string | undefined; regex?: string | undefined; multiline?: boolean | undefined };

/*
 * Leaf rules have no defaults on purpose: the rule type is recursive, and keeping input and output
 * the same keeps the recursive type exact.
 */
export type CheckRule =
  | { answer_equals: { value: string | number | boolean; field?: string | undefined; case_sensitive?: boolean | undefined } }
  | { file_unchanged: { path: string; sha256?: string | undefined } }
  | { file_contains: FileMatchRule }
  | { file_not_contains: FileMatchRule }
  | { hidden_tests_pass: { tests?: string[] | undefined } }
  | {
      message_mentions: {
        to: string;
        from?: string | undefined;
        facts?: string[] | undefined;
        keywords?: string[] | undefined;
        regex?: string[] | undefined;
        require?: 'all' | 'any' | undefined;
      };
    }
  | {
      deal: {
        counterpart: string;
        evaluated_values: z.output<typeof value2IssueSchema>;
        counterpart_values: z.output<typeof value2IssueSchema>;
        pass_at?: number | undefined;
      };
    }
  | { all: CheckRule[] }
  | { any: CheckRule[] }
  | { not: CheckRule };

export const checkRuleSchema: z.ZodType<CheckRule> = z.lazy(() =>
  z.union([
    z.strictObject({
      answer_equals: z.strictObject({
        value: z.union([z.string(), z.number(), z.boolean()]),
        field: z.string().min(1).optional(),
        case_sensitive: z.boolean().optional(),
      }),
    }),
    z.strictObject({
      file_unchanged: z.strictObject({
        path: workspacePathSchema,
        sha256: z.string().regex(/^[0-9a-f]{64}$/, 'expected a lowercase hex sha256').optional(),
      }),
    }),
    z.strictObject({ file_contains: textOrRegex }),
    z.strictObject({ file_not_contains: textOrRegex }),
    z.strictObject({ hidden_tests_pass: z.strictObject({ tests: z.array(workspacePathSchema).optional() }) }),
    z.strictObject({
      message_mentions: z.strictObject({
        to: recipientSchema,
        from: z.string().min(1).optional(),
        facts: z.array(idSchema).optional(),
        keywords: z.array(z.string().min(1)).optional(),
        regex: z.array(regexSource).optional(),
        require: z.enum(['all', 'any']).optional(),
      }),
    }),
    z.strictObject({
      deal: z.strictObject({
        counterpart: z.string().min(1),
        evaluated_values: value2IssueSchema,
        counterpart_values: value2IssueSchema,
        pass_at: z.union([z.literal(0.5), z.literal(1)]).optional(),
      }),
    }),
    z.strictObject({ all: z.array(checkRuleSchema).min(1) }),
    z.strictObject({ any: z.array(checkRuleSchema).min(1) }),
    z.strictObject({ not: checkRuleSchema }),
  ]),
);

export const checkerSchema = z.strictObject({
  pass_when: checkRuleSchema,
  /** The `score.outcome` text for a pass and a fail (a deal rule writes its own, e.g. `best_joint_deal joint=39/39`). */
  outcomes: z.strictObject({ pass: z.string().min(1), fail: z.string().min(1) }).default({ pass: 'pass', fail: 'fail' }),
});
export type Checker = z.output<typeof checkerSchema>;
