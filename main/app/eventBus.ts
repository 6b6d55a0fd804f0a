import type { AppEvent } from '../../shared/contract/events.js';

/** Fan-out of the main → UI stream to every connected window or browser tab. */
export class EventBus {
  private readonly listeners = new Set<(e: AppEvent) => void>();

  subscribe(listener: (e: AppEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: AppEvent): void {
    for (const l of this.listeners) l(event);
  }
}
