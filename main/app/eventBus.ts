import type { AppEvent } from '../../shared/contract/events.js';

/** Fan-out of the main → UI stream to every connected window or browser tab. */
export class EventBus {
  private readonly listeners = new Set<(e: AppEvent) => void>();
  /** With group commit (main/db/groupCommit.ts) events wait for their commit; without it they go at once. */
  private gate: (deliver: () => void) => void = (deliver) => deliver();

  /** Holds each event back until `gate` lets it through (the host's group commit). */
  setGate(gate: (deliver: () => void) => void): void {
    this.gate = gate;
  }

  subscribe(listener: (e: AppEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: AppEvent): void {
    this.gate(() => {
      for (const l of this.listeners) l(event);
    });
  }
}
