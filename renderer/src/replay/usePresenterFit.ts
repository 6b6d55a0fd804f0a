import { useEffect, useLayoutEffect, useReducer, type RefObject } from 'react';

/** The smallest the type may shrink to fit a round (of its viewport-based size): below this, the round scrolls instead. */
export const MIN_FIT = 0.7;
const STEPS = 7;

/** Whether any pane's round (or the pane itself) needs more height than it has. */
function overflows(root: HTMLElement): boolean {
  for (const el of root.querySelectorAll<HTMLElement>('.replay-pane, .replay-items')) if (el.scrollHeight > el.clientHeight + 1) return true;
  return false;
}

/**
 * The presenter view's type is sized from the viewport (CSS), times `--fit`: 1 when the round fits on one screen,
 * else the largest factor down to MIN_FIT that makes it fit, found by bisection over real layouts (a few reflows).
 * Only past MIN_FIT does the round scroll, within its own list. Re-fitted after every render (a round arriving, a
 * step, a highlight) and on resize; the factor is set on the element, so fitting never renders React again.
 */
export function usePresenterFit(ref: RefObject<HTMLElement | null>, enabled: boolean): void {
  const [, rerender] = useReducer((x: number) => x + 1, 0);
  useEffect(() => {
    if (!enabled) return;
    window.addEventListener('resize', rerender);
    return () => window.removeEventListener('resize', rerender);
  }, [enabled]);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    if (!enabled) return void root.style.removeProperty('--fit');
    const set = (f: number) => root.style.setProperty('--fit', f.toFixed(3));
    set(1);
    if (!overflows(root)) return;
    let lo = MIN_FIT;
    let hi = 1;
    for (let i = 0; i < STEPS; i++) {
      const mid = (lo + hi) / 2;
      set(mid);
      if (overflows(root)) hi = mid;
      else lo = mid;
    }
    set(lo);
  });
}
