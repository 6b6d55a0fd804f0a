import type { z } from 'zod';

/**
 * One thing wrong with a file from outside (a study pack, an import, settings).
 * Always names the file, the place inside it and what was expected.
 */
export interface Problem {
  file: string;
  /** A dotted/indexed path inside the file, e.g. `tasks[2].seats[0].kind`; empty for the whole file. */
  path: string;
  message: string;
  /** 1-based line in the file, when the reader could tell. */
  line?: number;
}

export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

export function problemsFromZod(file: string, error: z.ZodError): Problem[] {
  return error.issues.map((issue) => ({ file, path: formatPath(issue.path), message: issue.message }));
}

export function describeProblem(p: Problem): string {
  const where = p.line ? `${p.file}:${p.line}` : p.file;
  return p.path ? `${where} at ${p.path}: ${p.message}` : `${where}: ${p.message}`;
}
