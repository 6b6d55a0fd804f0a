import { randomUUID } from 'node:crypto';
import { ok, type Result } from '../../shared/result.js';
import type {
  ComparisonScreenView,
  ComparisonSource,
  ComparisonTable,
  ComparisonView,
} from '../../shared/contract/comparison.js';
import { comparisonCsv } from '../../shared/comparison/tables.js';
import { rankRows, visibleView, type RankedRows } from '../../shared/comparison/visible.js';

export interface ComparisonRequest {
  studyKey: string;
  sources: readonly ComparisonSource[];
  fixture: boolean;
  viewId?: string | undefined;
}

interface Held {
  key: string;
  view: ComparisonView;
  ranked: RankedRows;
}

/**
 * Comparisons the host has read, held by id so a search or a CSV export reuses the rows the screen is showing
 * instead of reading a 90 MB import again (issue 28). A request without a known id (a new source, the screen opened
 * again) reads the sources afresh. Few are held: one 16,000-row comparison is a few hundred MB of objects.
 */
export function heldComparisons(
  build: (r: ComparisonRequest) => Result<ComparisonView>,
  capacity = 2,
) {
  const held = new Map<string, Held>();
  const keyOf = (r: ComparisonRequest) => JSON.stringify([r.studyKey, r.sources, r.fixture]);

  function get(r: ComparisonRequest): Result<Held & { id: string }> {
    const key = keyOf(r);
    const found = r.viewId === undefined ? undefined : held.get(r.viewId);
    if (r.viewId !== undefined && found?.key === key) {
      // Most recently used last: the first entry is the one dropped.
      held.delete(r.viewId);
      held.set(r.viewId, found);
      return ok({ ...found, id: r.viewId });
    }
    const built = build(r);
    if (!built.ok) return built;
    for (const [id, h] of held) if (h.key === key) held.delete(id);
    const id = randomUUID();
    const entry = { key, view: built.value, ranked: rankRows(built.value) };
    held.set(id, entry);
    while (held.size > capacity) held.delete(held.keys().next().value!);
    return ok({ ...entry, id });
  }

  return {
    /** The rows the screen draws for `search`, and how many of how many. */
    screen(r: ComparisonRequest & { search: string }): Result<ComparisonScreenView> {
      const h = get(r);
      if (!h.ok) return h;
      const v = visibleView(h.value.view, r.search, undefined, h.value.ranked);
      return ok({
        ...v.view,
        viewId: h.value.id,
        shown: { note: v.shown.note, total: v.total, drawn: v.drawn, search: r.search.trim() },
      });
    },
    /** A table of every row as CSV. */
    csv(r: ComparisonRequest & { table: ComparisonTable }): Result<{ csv: string; rows: number; viewId: string }> {
      const h = get(r);
      if (!h.ok) return h;
      const csv = comparisonCsv[r.table](h.value.view);
      // Records end in CRLF and a cell's own line breaks are LF: CRLFs less the header's are the rows.
      return ok({ csv, rows: csv.split('\r\n').length - 2, viewId: h.value.id });
    },
    /** For tests: how many comparisons are held. */
    size: () => held.size,
  };
}
