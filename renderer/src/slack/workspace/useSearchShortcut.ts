import { useEffect, type RefObject } from 'react';

/** Shown beside the search box and announced through aria-keyshortcuts. */
export const SEARCH_SHORTCUTS = { label: 'Ctrl+K or /', aria: 'Control+K Meta+K /' };

const typing = (el: Element | null): boolean =>
  el instanceof HTMLElement && (el.isContentEditable || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || (el.tagName === 'INPUT' && !['button', 'checkbox', 'radio', 'submit', 'reset'].includes((el as HTMLInputElement).type)));

/**
 * Slack's keys for search: Ctrl+K (Cmd+K on a Mac) anywhere, and `/` when the person is not typing in a field.
 * Neither reaches behind an open dialog (the answer or pause dialog keeps the keyboard).
 */
export function useSearchShortcut(input: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey) return;
      const ctrlK = (e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'k';
      const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !typing(document.activeElement);
      if (!ctrlK && !slash) return;
      const el = input.current;
      if (!el || el.disabled || document.querySelector('[aria-modal="true"]')) return;
      e.preventDefault();
      el.focus();
      el.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [input]);
}
