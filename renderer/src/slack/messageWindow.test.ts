import { describe, expect, it } from 'vitest';
import { addPage, rowAt, rowOffsets, visibleRows, type Page } from './messageWindow';

const msgs = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i }));
const page = (from: number, to: number, older: number | null, newer: number | null): Page<{ id: number }> => ({
  messages: msgs(from, to),
  olderCursor: older,
  newerCursor: newer,
});

describe('the loaded window of a channel', () => {
  it('prepends older pages and keeps the newer cursor', () => {
    const w = addPage(page(51, 100, 51, null), page(1, 50, null, 50), 'older');
    expect(w.messages.map((m) => m.id)).toEqual(msgs(1, 100).map((m) => m.id));
    expect(w.olderCursor).toBeNull();
    expect(w.newerCursor).toBeNull();
  });

  it('drops rows from the far end past the cap and turns that end into a cursor to load them again', () => {
    const w = addPage(page(51, 100, 51, null), page(1, 50, null, 50), 'older', 60);
    expect(w.messages.length).toBe(60);
    expect(w.messages[59]?.id).toBe(60);
    expect(w.newerCursor).toBe(60);
    const back = addPage(w, page(61, 80, 61, 80), 'newer', 60);
    expect(back.messages[0]?.id).toBe(21);
    expect(back.messages.at(-1)?.id).toBe(80);
    expect(back.olderCursor).toBe(21);
    expect(back.newerCursor).toBe(80);
  });

  it('ignores rows it already holds (a page that overlaps after a jump)', () => {
    const w = addPage(page(10, 20, 10, 20), page(15, 30, 15, null), 'newer');
    expect(w.messages.map((m) => m.id)).toEqual(msgs(10, 30).map((m) => m.id));
  });
});

describe('row geometry', () => {
  const heights: Record<number, number> = { 1: 40, 2: 100, 3: 40, 4: 60 };
  const offsets = rowOffsets([1, 2, 3, 4], (id) => heights[id] ?? 50);

  it('places rows by their measured heights', () => {
    expect(offsets).toEqual([0, 40, 140, 180, 240]);
  });

  it('finds the row at a height and the rows in view', () => {
    expect(rowAt(offsets, 0)).toBe(0);
    expect(rowAt(offsets, 39)).toBe(0);
    expect(rowAt(offsets, 40)).toBe(1);
    expect(rowAt(offsets, 239)).toBe(3);
    expect(rowAt(offsets, 1000)).toBe(3);
    expect(visibleRows(offsets, 50, 150, 0)).toEqual([1, 3]);
    expect(visibleRows([0], 0, 100)).toEqual([0, 0]);
  });

  it('keeps the DOM small at 100,000 rows: only the rows near the viewport are in range', () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => i);
    const big = rowOffsets(ids, () => 56);
    const [start, end] = visibleRows(big, 56 * 50_000, 56 * 50_000 + 800, 600);
    expect(end - start).toBeLessThan(40);
    expect(start).toBeGreaterThan(49_000);
  });
});
