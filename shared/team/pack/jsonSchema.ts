import { z } from 'zod';
import { teamTaskSchema } from './schema.js';

/**
 * JSON Schema of a task file for editors (e.g. the YAML language server's `# yaml-language-server:
 * $schema=` comment). The input side is described: fields with defaults are optional to write.
 */
export function teamTaskJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(teamTaskSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}
