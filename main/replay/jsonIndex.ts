import type { TranscriptRows } from '../../shared/replay/transcriptRows.js';
import { Bad } from './jsonScanner.js';
import { Indexer } from './transcriptIndexer.js';

/**
 * A benchmark transcript indexed without parsing it whole (issue 26: 48 MB took 175 ms to JSON.parse, before any
 * round could be shown). One pass over the bytes (transcriptIndexer.ts) finds each top-level field and, in `messages`
 * and `tool_calls`, each row's byte range, its round, its seat or tool name and whether its fields have the format's
 * types. The small top-level fields are parsed; a row is parsed when its round is shown. Returns null when the text is
 * not a JSON object this pass can follow (the caller then parses it whole, for JSON's own error message), so the index
 * is never looser than JSON.parse about what it accepts. A long file's head is read by headIndex.ts.
 */
export function indexTranscript(buf: Uint8Array): TranscriptRows | null {
  try {
    return new Indexer(buf).run();
  } catch (error) {
    // A SyntaxError from parsing a small field: the whole-file parse names the place.
    if (error instanceof Bad || error instanceof SyntaxError) return null;
    throw error;
  }
}

/**
 * Where a text that is not whole JSON stops, when it is cut short (the bytes end inside a value): the row or field it
 * ends in, for an error that names the place ("messages[812]"). Null when it is not cut short but wrong elsewhere.
 */
export function whereCut(buf: Uint8Array): string | null {
  const indexer = new Indexer(buf);
  try {
    indexer.run();
    return null;
  } catch (error) {
    if (!(error instanceof Bad || error instanceof SyntaxError) || !indexer.ranOut()) return null;
  }
  const { open, keys } = indexer.partial;
  if (open) return `${open.key}[${open.rows.length}]`;
  const last = keys.at(-1);
  return last === undefined ? 'the top-level object' : `the field "${last}" or after it`;
}
