import { readPackText } from './readPackText.js';
import type { z } from 'zod';
import type { Problem } from '../../shared/problems.js';
import { issuePath, readYamlDoc } from '../../shared/yamlDoc.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

/**
 * Reads a YAML (or JSON, which is YAML) file from a study pack and checks it against a schema. Every problem
 * names the file, the path inside it and, where the YAML tells us, the line.
 * `label` is how the file is named in messages (a path relative to the study folder reads best).
 */
export function readYamlFile<S extends z.ZodType>(file: string, schema: S, label = file): Parsed<z.output<S>> {
  const read = readPackText(file);
  if (!read.ok) {
    const message = read.reason === 'too_large' ? read.message : 'file not found or unreadable';
    return { ok: false, problems: [{ file: label, path: '', message }] };
  }
  return parseYamlText(read.text, schema, label);
}

export function parseYamlText<S extends z.ZodType>(text: string, schema: S, label: string): Parsed<z.output<S>> {
  const doc = readYamlDoc(text, label);
  if (!doc.ok) return doc;
  const parsed = schema.safeParse(doc.data);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, problems: parsed.error.issues.map((issue) => doc.at(issuePath(issue.path), issue.message)) };
}
