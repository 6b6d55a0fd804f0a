import { useLayoutEffect, useRef } from 'react';
import type { GradingItem } from '../../../../shared/contract/slack';

export interface GradingKeyHandlers {
  /** YES/NO answers: Y or N chooses the verdict. Checklists: Y or N answers the current item, then moves on. */
  yesNo(yes: boolean): void;
  /** Checklists: 1–9 tick or untick that item. */
  toggle(i: number): void;
  /** Checklists: ↑ / ↓ move the current item. */
  move(by: number): void;
  record(): void;
  /** Escape: step back from a confirmation. */
  cancel(): void;
}

const inField = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));
const isCheckbox = (t: EventTarget | null) => t instanceof HTMLInputElement && t.type === 'checkbox';

/**
 * The grading keys, the same on both kinds of answer: Y / N (and 1–9, ↑ / ↓ on a checklist), Enter records, Escape
 * steps back. Typing in a text field is left alone, Enter on a focused button is left to the button (it would record
 * twice), and a held-down Enter records once, not one answer after another.
 */
export function useGradingKeys(item: GradingItem | undefined, on: GradingKeyHandlers) {
  // Layout effects: the keys work from the moment the item is on screen, and always see the latest state.
  const handlers = useRef(on);
  useLayoutEffect(() => {
    handlers.current = on;
  });
  useLayoutEffect(() => {
    if (!item) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const h = handlers.current;
      const key = e.key.toLowerCase();
      if (inField(e.target) && !isCheckbox(e.target)) return;
      if (key === 'enter') {
        if (e.repeat || e.target instanceof HTMLButtonElement) return;
        e.preventDefault();
        h.record();
      } else if (key === 'escape') {
        h.cancel();
      } else if (key === 'y' || key === 'n') {
        e.preventDefault();
        h.yesNo(key === 'y');
      } else if (item.mode === 'checklist' && (key === 'arrowdown' || key === 'arrowup')) {
        e.preventDefault();
        h.move(key === 'arrowdown' ? 1 : -1);
      } else if (item.mode === 'checklist' && /^[1-9]$/.test(key) && Number(key) <= (item.checklist?.length ?? 0)) {
        e.preventDefault();
        h.toggle(Number(key) - 1);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [item]);
}
