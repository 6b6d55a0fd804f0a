import { readPackText } from './readPackText.js';
import { LineCounter, parseDocument, isNode } from 'yaml';
import type { z } from 'zod';
import { formatPath, type Problem } from '../../shared/problems.js';

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
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((e) => ({
        file: label,
        path: '',
        line: e.linePos?.[0]?.line,
        message: `not valid YAML: ${(e.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '')}`,
      })),
    };
  }
  let data: unknown;
  try {
    data = doc.toJS();
  } catch (e) {
    // An alias with no anchor, or aliases multiplying past yaml's limit (a "billion laughs" file), throw here.
    return { ok: false, problems: [{ file: label, path: '', message: `not valid YAML: ${(e as Error).message}` }] };
  }
  const parsed = schema.safeParse(data);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => {
      const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      return { file: label, path: formatPath(path), line: lineOf(doc, lines, path), message: issue.message };
    }),
  };
}

/** The line of the deepest node that exists along the path (a missing key points at its parent). */
function lineOf(doc: ReturnType<typeof parseDocument>, lines: LineCounter, path: (string | number)[]) {
  for (let n = path.length; n >= 0; n--) {
    const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
    if (isNode(node) && node.range) return lines.linePos(node.range[0]).line;
  }
  return undefined;
}
