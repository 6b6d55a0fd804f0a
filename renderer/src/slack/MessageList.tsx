import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
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

/** Where the reader is: a row and how far into it, or pinned to the bottom as a chat reads. */
type Anchor = { kind: 'bottom' } | { kind: 'row'; id: number; delta: number };

/**
 * A long conversation, virtualised: only rows near the viewport are in the DOM, heights are measured as rows
 * appear, pages load by keyset cursor at either edge, and the reader's place is kept when rows are added above.
 */
export function MessageList({ initial, loadPage, focusId, renderRow, label, head }: Props) {
  const [win, setWin] = useState<MessageWindow<SlackMessage>>(initial);
  const [viewport, setViewport] = useState({ top: 0, height: 800 });
  const [heights, setHeights] = useState<ReadonlyMap<number, number>>(() => new Map());
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<Anchor>(focusId === undefined && initial.newerCursor === null ? { kind: 'bottom' } : { kind: 'row', id: focusId ?? initial.messages[0]?.id ?? 0, delta: focusId === undefined ? 0 : -80 });
  const loading = useRef<'older' | 'newer' | null>(null);
  /** Where the layout effect last put the scroll position (a scroll event there is ours, not the reader's). */
  const placed = useRef(-1);

  const ids = useMemo(() => win.messages.map((m) => m.id), [win.messages]);
  const heightOf = (id: number) => heights.get(id) ?? ESTIMATE;
  const offsets = rowOffsets(ids, heightOf);
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
            setHeights((prev) => {
              let next: Map<number, number> | undefined;
              for (const [id, h] of sizes) {
                if (h > 0 && prev.get(id) !== h) (next ??= new Map(prev)).set(id, h);
              }
              return next ?? prev;
            });
          }),
    [],
  );
  useEffect(() => () => observer?.disconnect(), [observer]);
  const measure = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el || !observer) return;
      observer.observe(el);
      return () => observer.unobserve(el);
    },
    [observer],
  );

  // After every layout change (rows added above, rows measured), put the anchor row back where the reader saw it.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const a = anchor.current;
    const i = a.kind === 'row' ? ids.indexOf(a.id) : -1;
    const want = a.kind === 'bottom' ? total - el.clientHeight : i >= 0 ? HEAD + (offsets[i] ?? 0) + a.delta : el.scrollTop;
    if (Math.abs(el.scrollTop - want) > 1) el.scrollTop = Math.max(0, want);
    placed.current = el.scrollTop;
  });

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
    // Our own scroll (above) is no reason to move the anchor: before rows are measured the page can be shorter than
    // the estimate, the browser stops short of the bottom, and reading that as the reader's choice left the newest
    // messages below the fold once the taller rows were measured.
    const ours = Math.abs(top - placed.current) <= 1;
    const atEnd = top + el.clientHeight >= Math.min(total, el.scrollHeight) - 4 && win.newerCursor === null;
    if (atEnd || (ours && anchor.current.kind === 'bottom')) anchor.current = { kind: 'bottom' };
    else {
      const i = rowAt(offsets, top - HEAD);
      const id = ids[i];
      if (id !== undefined) anchor.current = { kind: 'row', id, delta: top - HEAD - (offsets[i] ?? 0) };
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
    <div className="sk-list" ref={attachScroller} onScroll={onScroll} role="log" aria-label={label}>
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
