import { randomUUID } from 'node:crypto';
import { fail, ok, type Result } from '../../shared/result.js';
import type { ConsoleQueueItem } from '../../shared/contract/console.js';
import type { EventBus } from '../app/eventBus.js';

/** How long a console's lease lasts without a renewal: a console renews it every few seconds while its page is open. */
export const LEASE_MS = 8_000;

/** How a waiting message was settled: the experimenter's pick, or the study's timeout. */
export type Settled = { by: 'experimenter'; label: string; consoleId: string } | { by: 'timeout' };

interface Waiting {
  item: ConsoleQueueItem;
  sessionId: string;
  labels: readonly string[];
  settle(outcome: Settled): void;
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * The host's side of the experimenter's console: the messages of each session waiting for the experimenter's label
 * (in memory: a message asked again after a restart is asked anew), and which console holds each session's lease.
 * Every change of a queue is announced on the bus as `console.queue`, which only the experimenter's stream carries.
 */
export class ConsoleHub {
  private readonly waiting = new Map<string, Waiting[]>();
  private readonly leases = new Map<string, { consoleId: string; until: number }>();

  constructor(
    private readonly bus: EventBus,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Puts a message in its session's queue; the promise settles with the experimenter's pick, or `timeout` after
   * `timeoutMs` (null: it waits for the experimenter however long it takes).
   */
  ask(sessionId: string, message: { messageIndex: number; round: number; to: string; text: string }, labels: readonly string[], timeoutMs: number | null): Promise<Settled> {
    return new Promise<Settled>((resolve) => {
      const askedAt = this.now();
      const entry: Waiting = {
        sessionId,
        labels,
        item: {
          requestId: randomUUID(),
          ...message,
          askedAt: new Date(askedAt).toISOString(),
          fallbackAt: timeoutMs === null ? null : new Date(askedAt + timeoutMs).toISOString(),
        },
        timer: null,
        settle: (outcome) => {
          if (entry.timer) clearTimeout(entry.timer);
          const list = this.waiting.get(sessionId) ?? [];
          const rest = list.filter((w) => w !== entry);
          if (rest.length) this.waiting.set(sessionId, rest);
          else this.waiting.delete(sessionId);
          resolve(outcome);
          this.announce(sessionId);
        },
      };
      if (timeoutMs !== null) entry.timer = setTimeout(() => entry.settle({ by: 'timeout' }), timeoutMs);
      this.waiting.set(sessionId, [...(this.waiting.get(sessionId) ?? []), entry]);
      this.announce(sessionId);
    });
  }

  queue(sessionId: string): ConsoleQueueItem[] {
    return (this.waiting.get(sessionId) ?? []).map((w) => w.item);
  }

  /** The experimenter's pick, from the console holding the lease, for a message still waiting. */
  decide(sessionId: string, consoleId: string, requestId: string, label: string): Result<void> {
    if (this.role(sessionId, consoleId) !== 'driver') return fail('conflict', 'Another console drives this session; this one is read-only.');
    const entry = (this.waiting.get(sessionId) ?? []).find((w) => w.item.requestId === requestId);
    if (!entry) return fail('conflict', 'This message is no longer waiting: it was labelled already (the time ran out, or another console labelled it).');
    if (!entry.labels.includes(label)) return fail('bad_request', `"${label}" is not one of this task's labels (${entry.labels.join(', ')}).`);
    entry.settle({ by: 'experimenter', label, consoleId });
    return ok(undefined);
  }

  /**
   * The console's role, renewing its lease when it holds it or taking the lease when nobody holds it or the holder's
   * lapsed (its page is gone). A second console open on the same session is a viewer.
   */
  claim(sessionId: string, consoleId: string): 'driver' | 'viewer' {
    const held = this.leases.get(sessionId);
    const now = this.now();
    if (held && held.consoleId !== consoleId && held.until > now) return 'viewer';
    this.leases.set(sessionId, { consoleId, until: now + LEASE_MS });
    return 'driver';
  }

  /** The role without renewing anything. */
  role(sessionId: string, consoleId: string): 'driver' | 'viewer' {
    const held = this.leases.get(sessionId);
    return held && held.consoleId === consoleId && held.until > this.now() ? 'driver' : 'viewer';
  }

  release(sessionId: string, consoleId: string): boolean {
    const held = this.leases.get(sessionId);
    if (!held || held.consoleId !== consoleId) return false;
    this.leases.delete(sessionId);
    return true;
  }

  /** The app is closing: timers stop; waiting sessions are asked again when they are reopened. */
  close(): void {
    for (const list of this.waiting.values()) for (const w of list) if (w.timer) clearTimeout(w.timer);
    this.waiting.clear();
  }

  private announce(sessionId: string): void {
    this.bus.emit({ type: 'console.queue', sessionId });
  }
}
