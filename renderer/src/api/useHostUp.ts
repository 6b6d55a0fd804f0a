import { useSyncExternalStore } from 'react';
import { api } from './client';

const subscribe = (changed: () => void) => api().onConnection(changed);
const snapshot = () => api().hostUp();

/**
 * Whether the host answers (issue 25): false from the moment the event stream drops or a call cannot reach it, true
 * again when the stream is back. A seat stops its local clock and its Send meanwhile: the host counts none of the
 * downtime, and nothing can be recorded.
 */
export function useHostUp(): boolean {
  return useSyncExternalStore(subscribe, snapshot);
}
