import type { RowMeta } from '../../shared/replay/transcriptRows.js';
import { Bad } from './jsonScanner.js';
import { Indexer, type ListKey, type Row } from './transcriptIndexer.js';

/**
 * One of the long lists as far as a file's head holds it: not reached yet, still going at the cut, or closed. Its rows
 * are a prefix: those up to and including the first row past the list's first round (the rest is only skipped).
 */
export interface HeadList {
  state: 'unseen' | 'open' | 'done';
  rows: RowMeta[];
}

export interface HeadIndex {
  top: Record<string, unknown>;
  keys: string[];
  messages: HeadList;
  tools: HeadList;
  message(i: number): unknown;
  tool(i: number): unknown;
}

/**
 * What the first `buf.length` bytes of a longer file hold: the top-level fields that end inside them, and in
 * `messages` and `tool_calls` the rows read whole up to the first one past the list's first round (a row cut at the
 * end is left for the full pass). Past that row a list is only skipped to its end, looking at brackets and quotes:
 * reading every row of a 3 MB list before the other one began cost most of a long file's first open (issue 26); and
 * once both lists are past their first round the pass stops (the second list is left 'open' with the rows read).
 * Null when the head is not the start of a JSON object this pass can follow, or holds the whole object before both
 * lists went past their first round (then the full pass is as quick). Used only to show a long run's first round early (main/replay/openFile.ts): the full pass
 * over the whole file always follows, and decides.
 */
export function indexHead(buf: Uint8Array): HeadIndex | null {
  const indexer = new Indexer(buf, true);
  try {
    indexer.run();
    return null;
  } catch (error) {
    if (!(error instanceof Bad || error instanceof SyntaxError) || !(indexer.ranOut() || indexer.enough)) return null;
  }
  const { top, keys, lists, open } = indexer.partial;
  const list = (key: ListKey): HeadList =>
    open?.key === key ? { state: 'open', rows: open.rows } : lists[key] ? { state: 'done', rows: lists[key] } : { state: 'unseen', rows: [] };
  const messages = list('messages');
  const tools = list('tool_calls');
  return { top, keys, messages, tools, message: (i) => indexer.parseRow(messages.rows as Row[], i), tool: (i) => indexer.parseRow(tools.rows as Row[], i) };
}
