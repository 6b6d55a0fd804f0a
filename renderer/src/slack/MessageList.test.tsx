// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MessageList } from './MessageList';
import type { Page } from './messageWindow';
import type { SlackMessage } from './types';

// jsdom lays nothing out: every row keeps the list's estimated height (58 px, nothing measures it), the scroller is
// given an 800 px viewport and its content's height here, and scrollTop stores what is set. Enough to check what the list loads and renders.
const VIEWPORT = 800;
const ROW = 58;
const HEAD = 96;

const message = (id: number): SlackMessage =>
  ({ id, ts: `${1_725_000_000 + id * 60}.000100`, userName: `u${id}`, text: `message ${id}` }) as unknown as SlackMessage;
const page = (from: number, to: number, older: number | null, newer: number | null): Page<SlackMessage> => ({
  messages: Array.from({ length: to - from + 1 }, (_, i) => message(from + i)),
  olderCursor: older,
  newerCursor: newer,
});

const rowIds = () => [...document.querySelectorAll<HTMLElement>('[data-row-id]')].map((el) => Number(el.dataset.rowId));
const list = () => screen.getByRole('log');
/** Where a row's top is on screen (relative to the viewport's top), from the spacer above the rendered rows. */
const screenTop = (id: number) => {
  const ids = rowIds();
  const k = ids.indexOf(id);
  if (k < 0) return undefined;
  const spacer = list().children[1] as HTMLElement;
  return HEAD + parseFloat(spacer.style.height) + k * ROW - list().scrollTop;
};

/** Runs the list's pending timers (its page loads wait one) once React has run the effects that set them. */
const settle = () =>
  act(async () => {
    await vi.runAllTimersAsync();
  });

function open(initial: Page<SlackMessage>, loadPage: (c: { before: number } | { after: number }) => Promise<Page<SlackMessage> | undefined>) {
  return render(<MessageList initial={initial} loadPage={loadPage} label="Messages" renderRow={(m) => <button type="button">{m.text}</button>} />);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('sk-list') ? VIEWPORT : 0;
  });
  // The list's content: its spacers and slots by their set heights, each rendered row at the estimate.
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
    if (!this.classList.contains('sk-list')) return 0;
    return [...this.children].reduce((sum, c) => sum + ((c as HTMLElement).dataset.rowId ? ROW : parseFloat((c as HTMLElement).style.height) || 0), 0);
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the message list of a channel', () => {
  it('opens at the newest message with those rows rendered, and loads no older page while the reader is far from the top', async () => {
    const loadPage = vi.fn(async () => page(1, 20, null, 21));
    open(page(101, 180, 101, null), loadPage);
    await settle();
    // The newest row is in the DOM at the bottom of the viewport, before any scroll event.
    expect(rowIds()).toContain(180);
    expect(screenTop(180)).toBe(VIEWPORT - ROW - 32);
    // 80 rows are 4,640 px: the reader at the bottom is thousands of pixels from the top, so nothing more is loaded.
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('keeps the rows in view where they are on screen when an older page arrives above them', async () => {
    let arrive: (p: Page<SlackMessage>) => void = () => {};
    const loadPage = vi.fn(() => new Promise<Page<SlackMessage> | undefined>((resolve) => (arrive = resolve)));
    open(page(101, 180, 101, null), loadPage);
    await settle();
    // The reader scrolls up near the top of what is loaded: the older page is asked for.
    const el = list();
    el.scrollTop = HEAD + 5 * ROW + 10;
    fireEvent.scroll(el);
    await settle();
    expect(loadPage).toHaveBeenCalledWith({ before: 101 });
    const inView = [106, 107, 110, 115];
    const before = inView.map(screenTop);
    expect(before.every((y) => y !== undefined)).toBe(true);

    await act(async () => arrive(page(21, 100, 21, 100)));
    await settle();
    // Same rows, same places, with no scroll event in between (the browser sends one only a frame later).
    expect(inView.map(screenTop)).toEqual(before);
    expect(rowIds()).toContain(100);
  });

  it('keeps the keyboard focus in the list when the row that had it scrolls out of the rendered rows', async () => {
    open(page(101, 180, 101, null), async () => undefined);
    await settle();
    const newest = screen.getByRole('button', { name: 'message 180' });
    newest.focus();
    expect(document.activeElement).toBe(newest);
    // Page Up, Page Up…: far enough up that the newest row is no longer rendered.
    const el = list();
    el.scrollTop = HEAD + 10 * ROW;
    fireEvent.scroll(el);
    await settle();
    expect(rowIds()).not.toContain(180);
    expect(document.activeElement).toBe(el);
  });
});
