import { z } from 'zod';
import { fail, ok, type Result } from '../../shared/result.js';
import { errorHead } from './resultHeads.js';
import type { ToolCall, WorkspaceToolName, WorkspaceTools } from './tools.js';

const path = z.string().min(1).max(1024);

/** Argument schemas for tool calls arriving from outside (the UI over IPC, a replayed log). */
const toolInputs = {
  list_files: z.strictObject({ path: path.optional() }),
  read_file: z.strictObject({ path }),
  edit_file: z.strictObject({ path, content: z.string() }),
  grep: z.strictObject({
    pattern: z.string().min(1).max(500),
    regex: z.boolean().optional(),
    ignoreCase: z.boolean().optional(),
    path: path.optional(),
    maxMatches: z.number().int().positive().max(10_000).optional(),
  }),
  run_tests: z.strictObject({}),
  submit: z.strictObject({ message: z.string().max(100_000).optional() }),
} satisfies Record<WorkspaceToolName, z.ZodType>;

export function isWorkspaceToolName(name: unknown): name is WorkspaceToolName {
  return typeof name === 'string' && Object.hasOwn(toolInputs, name);
}

function rejected(name: WorkspaceToolName, input: unknown, error: z.ZodError): ToolCall<never> {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  const result = fail('bad_request', `${name}: ${where}${issue?.message ?? 'bad arguments'}`);
  const recorded =
    typeof input === 'object' && input !== null ? { ...(input as Record<string, unknown>) } : {};
  return { name, input: recorded, result, result_head: errorHead(result.error) };
}

/** A tool's arguments checked against its schema, or an error naming the argument. */
export function parseToolInput<N extends WorkspaceToolName>(name: N, input: unknown): Result<z.infer<(typeof toolInputs)[N]>> {
  const args = toolInputs[name].safeParse(input ?? {});
  if (args.success) return ok(args.data as z.infer<(typeof toolInputs)[N]>);
  const issue = args.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return fail('bad_request', `${name}: ${where}${issue?.message ?? 'bad arguments'}`);
}

/** Validates a tool call's arguments, then runs it; a bad call is recorded as a failed call, not thrown. */
export async function callWorkspaceTool(
  tools: WorkspaceTools,
  name: WorkspaceToolName,
  input: unknown,
): Promise<ToolCall<unknown>> {
  const raw = input ?? {};
  switch (name) {
    case 'list_files': {
      const args = toolInputs.list_files.safeParse(raw);
      return args.success ? tools.list_files(args.data) : rejected(name, input, args.error);
    }
    case 'read_file': {
      const args = toolInputs.read_file.safeParse(raw);
      return args.success ? tools.read_file(args.data) : rejected(name, input, args.error);
    }
    case 'edit_file': {
      const args = toolInputs.edit_file.safeParse(raw);
      return args.success ? tools.edit_file(args.data) : rejected(name, input, args.error);
    }
    case 'grep': {
      const args = toolInputs.grep.safeParse(raw);
      return args.success ? tools.grep(args.data) : rejected(name, input, args.error);
    }
    case 'run_tests': {
      const args = toolInputs.run_tests.safeParse(raw);
      return args.success ? tools.run_tests() : rejected(name, input, args.error);
    }
    case 'submit': {
      const args = toolInputs.submit.safeParse(raw);
      return args.success ? tools.submit(args.data) : rejected(name, input, args.error);
    }
  }
}
