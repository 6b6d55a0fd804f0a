import { useEffect, useState } from 'react';
import type { TeamView } from '../../../shared/team/viewSchema';

type Message = TeamView['messages'][number];

/**
 * Teammates' new lines appear one at a time after a short "typing" pause (settings.typingDelayMs), the way a
 * chat reads; the participant's own lines and anything already there when the screen opened show at once.
 * Display only: every line is already committed to the log.
 */
export function useTypingReveal(messages: Message[], delayMs: number): { shown: Message[]; typing: Message | null } {
  // Mounted once the view is loaded, so what is already there counts as seen.
  const [count, setCount] = useState(messages.length);
  useEffect(() => {
    const nextMessage = messages[count];
    if (!nextMessage) return;
    // The participant's own lines (and everything, with the delay off) show on the next tick.
    const wait = nextMessage.mine || delayMs === 0 ? 0 : delayMs;
    const timer = setTimeout(() => setCount((c) => c + 1), wait);
    return () => clearTimeout(timer);
  }, [messages, count, delayMs]);
  const pending = messages[count];
  return { shown: messages.slice(0, count), typing: pending && !pending.mine ? pending : null };
}
