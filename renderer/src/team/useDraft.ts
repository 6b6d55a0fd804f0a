import { useCallback, useState } from 'react';

/**
 * Text a person is typing, kept in this tab's session storage as they type (issue 25): a host outage, a reconnect, a
 * cover that comes and goes or a reload of the tab never takes it. Cleared once it is sent. Storage that refuses
 * (a private window's quota) leaves the draft in memory only.
 */
export function useDraft(key: string): [string, (text: string) => void] {
  const storageKey = `teamseat.draft.${key}`;
  const [draft, setDraftOnly] = useState(() => {
    try {
      return sessionStorage.getItem(storageKey) ?? '';
    } catch {
      return '';
    }
  });
  const setDraft = useCallback(
    (text: string) => {
      setDraftOnly(text);
      try {
        if (text) sessionStorage.setItem(storageKey, text);
        else sessionStorage.removeItem(storageKey);
      } catch {
        // Kept in memory only.
      }
    },
    [storageKey],
  );
  return [draft, setDraft];
}
