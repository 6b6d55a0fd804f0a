import { z } from 'zod';
import { idSchema, provenanceFields } from './scriptSchema.js';

/**
 * A path inside the workspace: relative, forward slashes, no `..` segment. Checked here so no task can
 * name a file outside its per-session copy.
 */
export const workspacePathSchema = z
  .string()
  .min(1)
  .superRefine((p, ctx) => {
    const problem = workspacePathProblem(p);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export function workspacePathProblem(p: string): string | null {
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p) || p.startsWith('\\')) return `"${p}" is absolute; use a path relative to the workspace`;
  if (p.includes('\\')) return `"${p}" uses a backslash; use forward slashes`;
  if (p.split('/').some((s) => s === '..')) return `"${p}" escapes the workspace with ".."`;
  if (p.split('/').some((s) => s === '')) return `"${p}" has an empty segment`;
  return null;
}

/** A file given inline (`text`) or read from a path relative to the task file (`from`). */
export const workspaceFileSchema = z
  .strictObject({
    path: workspacePathSchema,
    text: z.string().optional(),
    from: z.string().min(1).optional(),
  })
  .refine((f) => (f.text === undefined) !== (f.from === undefined), {
    message: 'a file needs exactly one of `text` (inline) or `from` (a path relative to the task file)',
  });
export type WorkspaceFile = z.output<typeof workspaceFileSchema>;

export const inboxItemSchema = z.strictObject({
  id: idSchema,
  round: z.number().int().min(1),
  from: z.string().min(1),
  subject: z.string().min(1),
  body: z.string(),
  ...provenanceFields,
});
export type InboxItem = z.output<typeof inboxItemSchema>;

export const workspaceToolNames = ['list_files', 'read_file', 'edit_file', 'grep', 'run_tests', 'submit'] as const;
export type WorkspaceToolName = (typeof workspaceToolNames)[number];

export const workspaceSchema = z.strictObject({
  files: z.array(workspaceFileSchema).default([]),
  inbox: z.array(inboxItemSchema).default([]),
  /** Python unittest files the participant never sees; `hidden_tests_pass` runs them against the final files. */
  hidden_tests: z.array(workspaceFileSchema).default([]),
  tools: z.array(z.enum(workspaceToolNames)).default([...workspaceToolNames]),
});
export type Workspace = z.output<typeof workspaceSchema>;

/** A version's change to the workspace: each key given replaces the base one (no defaults, so absent keys stay). */
export const workspacePatchSchema = z.strictObject({
  files: z.array(workspaceFileSchema).optional(),
  inbox: z.array(inboxItemSchema).optional(),
  hidden_tests: z.array(workspaceFileSchema).optional(),
  tools: z.array(z.enum(workspaceToolNames)).optional(),
});
export type WorkspacePatch = z.output<typeof workspacePatchSchema>;
