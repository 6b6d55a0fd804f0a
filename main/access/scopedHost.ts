import type { AccessScope } from '../../shared/contract/access.js';
import type { AppEvent } from '../../shared/contract/events.js';
import type { Result } from '../../shared/result.js';
import type { AppHandlers } from '../app/appServices.js';
import type { EventBus } from '../app/eventBus.js';
import type { Logger } from '../app/logger.js';
import { scopedDispatch } from './guard.js';
import type { OwnedSeat, Ownership } from './policy.js';
import { projectEvent } from './project.js';
import { seatMovedBy } from './ownership.js';

/** Only a study-log event naming the participant (a run started, a step moved on, a void) can change which run they own. */
const movesSeat = (event: AppEvent, participantId: string) => {
  const moved = seatMovedBy(event);
  return moved === 'all' || moved === participantId;
};

/**
 * What either host needs to serve one scope: calls through the guard, and the event stream filtered for it.
 * The browser host resolves the scope from a token; the desktop host from the window (windowScopes.ts).
 */
export class ScopedHost {
  constructor(
    private readonly handlers: AppHandlers,
    private readonly bus: EventBus,
    readonly ownership: Ownership,
    private readonly log: Logger,
    private readonly host: 'electron' | 'browser',
  ) {}

  call(scope: AccessScope, method: string, args: unknown): Promise<Result<unknown>> {
    return scopedDispatch(this.handlers, scope, this.ownership, method, args, { host: this.host }, this.log);
  }

  /**
   * Subscribes `send` to the events `scope` may see (null: none). The scope is asked for again on every event (a
   * window can enter or leave a kiosk); events are filtered one after another so they keep their order.
   */
  subscribe(scope: () => AccessScope | null, send: (event: AppEvent) => void): () => void {
    let queue = Promise.resolve();
    let open = true;
    // The participant's seat, looked up again only after a study-log event naming them: with twenty participants'
    // streams open, a lookup for every event (then every study event) on every stream was a main cost (issue 13).
    let seat: { participantId: string; owned: Promise<OwnedSeat | null> } | null = null;
    const seatOf = (participantId: string, event: AppEvent) => {
      if (!seat || seat.participantId !== participantId || movesSeat(event, participantId)) seat = { participantId, owned: this.ownership.participantSeat(participantId) };
      return seat.owned;
    };
    const unsubscribe = this.bus.subscribe((event) => {
      const current = scope();
      if (!current) return;
      if (current.kind === 'experimenter') {
        // Nothing to look up: keep the order by queueing behind any scoped lookups still running.
        queue = queue.then(() => (open ? send(event) : undefined));
        return;
      }
      queue = queue
        .then(async () => {
          const owned =
            current.kind === 'participant'
              ? { seat: await seatOf(current.participantId, event), sessions: [] }
              : { seat: null, sessions: await this.ownership.raterSessions(current.studyKey, current.rater) };
          const shown = projectEvent(current, event, owned);
          if (shown && open) send(shown);
        })
        .catch((err: unknown) => this.log.error('event filter failed', { error: String(err) }));
    });
    return () => {
      open = false;
      unsubscribe();
    };
  }
}
