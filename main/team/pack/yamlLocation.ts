import { isCollection, LineCounter, parseDocument } from 'yaml';
import type { Document } from 'yaml';

/** A YAML document with what is needed to point a problem at a line. */
export interface LocatedDocument {
  doc: Document;
  lines: LineCounter;
}

export function parseLocated(text: string): LocatedDocument {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  return { doc, lines };
}

/** Turns `seats[2].script.lines[0].on.complies` back into its parts. */
export function parsePath(path: string): Array<string | number> {
  const parts: Array<string | number> = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (m[2] !== undefined) parts.push(Number(m[2]));
    else if (m[1] !== undefined) parts.push(m[1]);
  }
  return parts;
}

/**
 * The 1-based line and column of the node at a path, or of its nearest existing ancestor (a missing
 * key is reported where its parent is).
 */
export function locate(located: LocatedDocument, path: ReadonlyArray<string | number>): { line: number; col: number } | null {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = located.doc.getIn(path.slice(0, depth), true) as { range?: [number, number, number] } | undefined;
    if (node && typeof node === 'object' && node.range) {
      // For a collection, point at its first entry rather than the whitespace before it.
      const offset = isCollection(node) && depth > 0 ? keyOffset(located, path.slice(0, depth)) ?? node.range[0] : node.range[0];
      return located.lines.linePos(offset);
    }
  }
  return null;
}

/** Offset of the key that holds the value at `path` (so `seats[0].script` points at `script:`). */
function keyOffset(located: LocatedDocument, path: ReadonlyArray<string | number>): number | null {
  const parent = located.doc.getIn(path.slice(0, -1), true);
  const last = path[path.length - 1];
  if (!isCollection(parent) || typeof last !== 'string') return null;
  for (const item of parent.items as Array<{ key?: { value?: unknown; range?: [number, number, number] } }>) {
    if (item.key && item.key.value === last && item.key.range) return item.key.range[0];
  }
  return null;
}
