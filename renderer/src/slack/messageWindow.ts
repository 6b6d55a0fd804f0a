// The part of a long channel that is loaded, and where each loaded row sits. Pure, so the paging and trimming rules
// are tested without a browser; the list component only measures and scrolls.

/** A page as the main side returns it: oldest first, with keyset cursors (the boundary message ids). */
export interface Page<M> {
  messages: M[];
  olderCursor: number | null;
  newerCursor: number | null;
}

export type MessageWindow<M> = Page<M>;

/** Loaded rows beyond this are dropped from the far end, so memory stays flat however far one scrolls. */
export const MAX_LOADED = 1500;

/**
 * Adds a page at one end. When the window grows past `max`, rows at the other end are dropped and that end's cursor
 * becomes the boundary id, so scrolling back loads them again by keyset.
 */
export function addPage<M extends { id: number }>(
  w: MessageWindow<M>,
  page: Page<M>,
  side: 'older' | 'newer',
  max = MAX_LOADED,
): MessageWindow<M> {
  const seen = new Set(w.messages.map((m) => m.id));
  const fresh = page.messages.filter((m) => !seen.has(m.id));
  if (side === 'older') {
    let messages = [...fresh, ...w.messages];
    let newerCursor = w.newerCursor;
    if (messages.length > max) {
      messages = messages.slice(0, max);
      newerCursor = messages[messages.length - 1]?.id ?? null;
    }
    return { messages, olderCursor: page.olderCursor, newerCursor };
  }
  let messages = [...w.messages, ...fresh];
  let olderCursor = w.olderCursor;
  if (messages.length > max) {
    messages = messages.slice(messages.length - max);
    olderCursor = messages[0]?.id ?? null;
  }
  return { messages, olderCursor, newerCursor: page.newerCursor };
}

/** offsets[i] is the top of row i; offsets[n] the total height. */
export function rowOffsets(ids: readonly number[], heightOf: (id: number) => number): number[] {
  const out = new Array<number>(ids.length + 1);
  out[0] = 0;
  for (let i = 0; i < ids.length; i++) out[i + 1] = (out[i] ?? 0) + heightOf(ids[i] ?? 0);
  return out;
}

/** The first row whose bottom is below `y` (binary search over the offsets). */
export function rowAt(offsets: readonly number[], y: number): number {
  let lo = 0;
  let hi = Math.max(0, offsets.length - 2);
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((offsets[mid + 1] ?? 0) <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Rows [start, end) that intersect [top - overscan, bottom + overscan]. */
export function visibleRows(offsets: readonly number[], top: number, bottom: number, overscan = 600): [number, number] {
  const n = offsets.length - 1;
  if (n <= 0) return [0, 0];
  const start = rowAt(offsets, Math.max(0, top - overscan));
  const end = Math.min(n, rowAt(offsets, bottom + overscan) + 1);
  return [start, end];
}
