import { isNode, LineCounter, parseDocument } from 'yaml';
import { formatPath, type Problem } from './problems.js';

/** A YAML file's data, and a way to name the line of any path inside it in a problem. */
export type YamlDoc =
  | { ok: true; data: unknown; at(path: ReadonlyArray<string | number>, message: string): Problem; lineOf(path: ReadonlyArray<string | number>): number | undefined }
  | { ok: false; problems: Problem[] };

/**
 * Parses YAML (or JSON, which is YAML) text, keeping where each node sits: every problem names the file (`label`), the
 * path inside it and, where the YAML tells us, the line. Schema checks come after, with `at` for their problems.
 */
export function readYamlDoc(text: string, label: string, options: { uniqueKeys?: boolean } = {}): YamlDoc {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, ...(options.uniqueKeys ? { uniqueKeys: true } : {}) });
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
  // The line of the deepest node that exists along the path (a missing key points at its parent).
  const lineOf = (path: ReadonlyArray<string | number>): number | undefined => {
    for (let n = path.length; n >= 0; n--) {
      const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
      if (isNode(node) && node.range) return lines.linePos(node.range[0]).line;
    }
    return undefined;
  };
  return { ok: true, data, lineOf, at: (path, message) => ({ file: label, path: formatPath([...path]), line: lineOf(path), message }) };
}

/** A zod issue's path without symbols, as `at` takes it. */
export const issuePath = (path: ReadonlyArray<PropertyKey>): Array<string | number> => path.filter((p): p is string | number => typeof p !== 'symbol');
