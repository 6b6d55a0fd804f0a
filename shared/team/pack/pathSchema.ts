import { z } from 'zod';
import { idSchema, recipientSchema, TEAM_CHANNEL } from './scriptSchema.js';
import { workspacePathSchema } from './workspaceSchema.js';

/**
 * One passage of a public record a task is built on. `quote` is the passage as read, verbatim; without
 * it the entry only cites the record (by id and section) and no fact may name it as its `source`.
 */
export const provenanceEntrySchema = z.strictObject({
  id: idSchema,
  /** The record: report number, paper, dataset id. */
  record: z.string().min(1),
  /** Where in it: section, page, dialogue id, field. */
  where: z.string().min(1),
  url: z.url().optional(),
  quote: z.string().min(1).optional(),
});
export type ProvenanceEntry = z.output<typeof provenanceEntrySchema>;

/** One thing the participant does on a declared path, as they would through the seat (chat, tools, submit). */
export const pathTurnSchema = z.union([
  z.strictObject({ say: z.string().min(1), to: recipientSchema.default(TEAM_CHANNEL) }),
  z.strictObject({
    tool: z.enum(['list_files', 'read_file', 'grep', 'run_tests']),
    input: z.record(z.string(), z.unknown()).default({}),
  }),
  z
    .strictObject({
      /** A workspace file the participant rewrites (`content`) or changes in one place (`replace`). */
      edit: workspacePathSchema,
      content: z.string().optional(),
      replace: z.strictObject({ find: z.string().min(1), with: z.string() }).optional(),
    })
    .refine((e) => (e.content === undefined) !== (e.replace === undefined), {
      message: 'an edit needs exactly one of `content` or `replace: {find, with}`',
    }),
  z.strictObject({ submit: z.union([z.string(), z.record(z.string(), z.number().int().min(0).max(3))]) }),
  z.strictObject({ accept_deal: z.literal(true) }),
  /** An offer through the deal form: what the participant's side gets (the counterpart gets the rest). */
  z.strictObject({ offer: z.record(z.string(), z.number().int().min(0).max(3)) }),
]);
export type PathTurn = z.output<typeof pathTurnSchema>;

/** A participant's whole run, and how the checker must score it. */
export const declaredPathSchema = z.strictObject({
  /** What the path shows, for the task card. */
  note: z.string().min(1).optional(),
  turns: z.array(pathTurnSchema).min(1),
  /** Also required of the checker's outcome text, when given. */
  outcome: z.string().min(1).optional(),
});
export type DeclaredPath = z.output<typeof declaredPathSchema>;

const versionPaths = z.strictObject({ pass: declaredPathSchema, fail: declaredPathSchema });
export type VersionPaths = z.output<typeof versionPaths>;

/** Per version, a run that passes and one that fails (the pack linter plays both, every manipulation seed). */
export const declaredPathsSchema = z.strictObject({ alone: versionPaths, control: versionPaths, manipulation: versionPaths });
export type DeclaredPaths = z.output<typeof declaredPathsSchema>;
