import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { addPage, rowAt, rowOffsets, visibleRows, type MessageWindow, type Page } from './messageWindow';
import type { SlackMessage } from './types';

/** Before a row is measured, it is assumed to be this tall (a one-line message with its name). */
const ESTIMATE = 58;
/** Load the next page when the viewport is this close to the loaded edge. */
const EDGE = 1200;
/** Fixed slots above and below the rows (the conversation's start, or a loading line), so offsets never jump. */
const HEAD = 96;
const TAIL = 32;

interface Props {
  /** The first page, already loaded: the newest, or the page around a date or a search result. */
  initial: Page<SlackMessage>;
  /** Loads a page by keyset cursor; undefined when the load failed (the caller shows why). */
  loadPage(cursor: { before: number } | { after: number }): Promise<Page<SlackMessage> | undefined>;
  /** Scroll this message into view at the start; without it the list opens at the newest message. */
  focusId?: number | undefined;
  renderRow(m: SlackMessage, prev: SlackMessage | undefined): ReactNode;
  label: string;
  /** Shown above the oldest message once the start of the conversation is loaded. */
  head?: ReactNode;
}

/** The rendered rows' heights where they differ from `known`, as a new map; undefined when none does. */
function measureRendered(scroller: HTMLElement, known: ReadonlyMap<number, number>): Map<number, number> | undefined {
  let next: Map<number, number> | undefined;
  for (const row of scroller.querySelectorAll<HTMLElement>(':scope > [data-row-id]')) {
    const id = Number(row.dataset.rowId);
    const h = row.getBoundingClientRect().height;
    if (h > 0 && known.get(id) !== h) (next ??= new Map(known)).set(id, h);
  }
  return next;
}

/**
 * Where the reader is: pinned to the bottom as a chat reads, or a row and where the viewport's top is from that row's
 * top or end edge. The reader's place is kept by the row's end: what a row gains or loses at its top when the page
 * above arrives (its day line, its name once it continues the message before) then moves nothing below it.
 */
type Anchor = { kind: 'bottom' } | { kind: 'row'; id: number; edge: 'top' | 'end'; delta: number };

/**
 * A long conversation, virtualised: only rows near the viewport are in the DOM, heights are measured as rows
 * appear, pages load by keyset cursor at either edge, and the reader's place is kept when rows are added above.
 */
export function MessageList({ initial, loadPage, focusId, renderRow, label, head }: Props) {
  const [win, setWin] = useState<MessageWindow<SlackMessage>>(initial);
  const [viewport, setViewport] = useState({ top: 0, height: 800 });
  const [heights, setHeights] = useState<ReadonlyMap<number, number>>(() => new Map());
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<Anchor>(focusId === undefined && initial.newerCursor === null ? { kind: 'bottom' } : { kind: 'row', id: focusId ?? initial.messages[0]?.id ?? 0, edge: 'top', delta: focusId === undefined ? 0 : -80 });
  const loading = useRef<'older' | 'newer' | null>(null);
  /** A row that held the keyboard focus was unrendered: the list takes the focus. */
  const focusLost = useRef(false);
  /** Where the layout effect last put the scroll position (a scroll event there is ours, not the reader's). */
  const placed = useRef(-1);

  const ids = useMemo(() => win.messages.map((m) => m.id), [win.messages]);
  const offsets = useMemo(() => rowOffsets(ids, (id) => heights.get(id) ?? ESTIMATE), [ids, heights]);
  const rowsHeight = offsets[offsets.length - 1] ?? 0;
  const total = HEAD + rowsHeight + TAIL;
  const [start, end] = visibleRows(offsets, viewport.top - HEAD, viewport.top - HEAD + viewport.height);

  const observer = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            // The exact (fractional) height: offsetHeight rounds, and the rounding adds up over the rows above.
            const sizes = entries.map((e) => [Number((e.target as HTMLElement).dataset.rowId), e.borderBoxSize[0]?.blockSize ?? e.target.getBoundingClientRect().height] as const);
            // Rendered and re-anchored before the browser paints: otherwise one frame shows the rows below a newly
            // measured row moved, and a click in that frame lands on another row.
            flushSync(() =>
              setHeights((prev) => {
                let next: Map<number, number> | undefined;
                for (const [id, h] of sizes) {
                  if (h > 0 && prev.get(id) !== h) (next ??= new Map(prev)).set(id, h);
                }
                return next ?? prev;
              }),
            );
          }),
    [],
  );
  useEffect(() => () => observer?.disconnect(), [observer]);
  const measure = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el) return;
      observer?.observe(el);
      return () => {
        observer?.unobserve(el);
        // Called before the row leaves the DOM (scrolled out of the rendered range). Focus inside it would fall to
        // the page, and the keys that scroll the list (Page Up, arrows) would stop after one page.
        if (el.contains(el.ownerDocument.activeElement)) focusLost.current = true;
      };
    },
    [observer],
  );

  // After every layout change (rows added above, rows measured, the viewport resized or scrolled), put the anchor row
  // back where the reader saw it.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (focusLost.current) {
      focusLost.current = false;
      el.focus({ preventScroll: true });
    }
    // Rows just rendered are measured before anything is placed: placed by estimated heights, the rows under the
    // pointer moved once their real heights came in. This re-renders at once, before the browser paints.
    const measured = measureRendered(el, heights);
    if (measured) return setHeights(measured);
    const a = anchor.current;
    const i = a.kind === 'row' ? ids.indexOf(a.id) : -1;
    const edge = (k: number) => HEAD + (offsets[k] ?? 0);
    const want = a.kind === 'bottom' ? total - el.clientHeight : i >= 0 ? edge(a.edge === 'top' ? i : i + 1) + a.delta : el.scrollTop;
    if (Math.abs(el.scrollTop - want) > 1) el.scrollTop = Math.max(0, want);
    placed.current = el.scrollTop;
    // A row placed by its top (a search hit, a jump) is kept where it is shown, by its end, once its height is known.
    if (a.kind === 'row' && a.edge === 'top' && i >= 0 && heights.has(a.id)) anchor.current = { ...a, edge: 'end', delta: el.scrollTop - edge(i + 1) };
    // The rows to render follow the position just set, in this same frame. Waiting for the scroll event (a frame
    // later) rendered the rows of the old position for a frame, and made the first render look like a reader at
    // the very top, so an older page was loaded as soon as a channel opened.
    const now = { top: el.scrollTop, height: el.clientHeight || viewport.height };
    if (now.top !== viewport.top || now.height !== viewport.height) setViewport(now);
  }, [ids, heights, offsets, total, viewport.top, viewport.height]);

  const load = useCallback(
    async (side: 'older' | 'newer') => {
      const cursor = side === 'older' ? win.olderCursor : win.newerCursor;
      if (cursor === null || loading.current) return;
      loading.current = side;
      const page = await loadPage(side === 'older' ? { before: cursor } : { after: cursor });
      loading.current = null;
      if (page) setWin((w) => addPage(w, page, side));
    },
    [win.olderCursor, win.newerCursor, loadPage],
  );

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const top = el.scrollTop;
    // Our own scroll (above) is no reason to move the anchor: read as the reader's, it left the newest messages
    // below the fold once taller rows were measured, and after a page loaded above it moved the anchor to whichever
    // row was at the top before the rows there were measured, so the row under the pointer moved.
    const ours = Math.abs(top - placed.current) <= 1;
    const atEnd = top + el.clientHeight >= Math.min(total, el.scrollHeight) - 4 && win.newerCursor === null;
    if (!ours && atEnd) anchor.current = { kind: 'bottom' };
    else if (!ours) {
      const i = rowAt(offsets, top - HEAD);
      const id = ids[i];
      if (id !== undefined) anchor.current = { kind: 'row', id, edge: 'end', delta: top - HEAD - (offsets[i + 1] ?? 0) };
    }
    setViewport({ top, height: el.clientHeight });
  };

  // Keep loading while the loaded rows do not reach past the viewport's edges (also fills a short first page).
  useEffect(() => {
    const el = scroller.current;
    const height = el?.clientHeight ?? 0;
    if (height === 0) return;
    const side = viewport.top < EDGE && win.olderCursor !== null ? 'older' : total - (viewport.top + height) < EDGE && win.newerCursor !== null ? 'newer' : null;
    if (!side) return;
    const t = setTimeout(() => void load(side), 0);
    return () => clearTimeout(t);
  }, [viewport, total, win.olderCursor, win.newerCursor, load]);

  // The viewport's size comes from the element itself (and changes with the window and the thread pane).
  const attachScroller = useCallback((el: HTMLDivElement | null) => {
    scroller.current = el;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setViewport({ top: el.scrollTop, height: el.clientHeight || 800 }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  return (
    // Focusable, so the keys scroll it (Page Up loads older pages) whether or not a row's button has the focus.
    <div className="sk-list" ref={attachScroller} onScroll={onScroll} role="log" aria-label={label} tabIndex={0}>
      <div className="sk-list-head" style={{ height: HEAD }}>
        {win.olderCursor === null ? (head ?? null) : <p className="sk-loading muted small">Loading earlier messages…</p>}
      </div>
      <div style={{ height: offsets[start] ?? 0 }} />
      {win.messages.slice(start, end).map((m, k) => (
        // flow-root keeps a row's margins (a day separator's) inside the measured box instead of collapsing out of it.
        <div key={m.id} data-row-id={m.id} ref={measure} style={{ display: 'flow-root' }}>
          {renderRow(m, win.messages[start + k - 1])}
        </div>
      ))}
      <div style={{ height: rowsHeight - (offsets[end] ?? rowsHeight) }} />
      <div className="sk-list-tail" style={{ height: TAIL }}>
        {win.newerCursor !== null ? <p className="sk-loading muted small">Loading newer messages…</p> : null}
      </div>
      {win.messages.length === 0 ? <p className="muted sk-empty">No messages in this conversation.</p> : null}
    </div>
  );
}
