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
    /** Events still being filtered behind an async lookup: while there are any, the next one waits its turn. */
    let pending = 0;
    let open = true;
    // The participant's seat, looked up again only after a study-log event naming them: with twenty participants'
    // streams open, a lookup for every event (then every study event) on every stream was a main cost (issue 13).
    let seat: { participantId: string; owned: Promise<OwnedSeat | null>; known?: { value: OwnedSeat | null } } | null = null;
    const seatOf = (participantId: string, event: AppEvent) => {
      if (!seat || seat.participantId !== participantId || movesSeat(event, participantId)) {
        const looked: NonNullable<typeof seat> = { participantId, owned: this.ownership.participantSeat(participantId) };
        void looked.owned.then((value) => (looked.known = { value }), () => undefined);
        seat = looked;
      }
      return seat.owned;
    };
    const enqueue = (work: () => void | Promise<void>) => {
      pending++;
      queue = queue
        .then(work)
        .catch((err: unknown) => this.log.error('event filter failed', { error: String(err) }))
        .finally(() => pending--);
    };
    const unsubscribe = this.bus.subscribe((event) => {
      const current = scope();
      // An enrolment link's page listens to nothing (project.ts): no stream work for it at all.
      if (!current || current.kind === 'enrolment') return;
      if (current.kind === 'experimenter') {
        // Nothing to look up: keep the order by queueing behind any scoped lookups still running.
        if (pending === 0) return open ? send(event) : undefined;
        return enqueue(() => (open ? send(event) : undefined));
      }
      // A participant whose seat is known and not moved by this event: filtered at once, in order (nothing queued).
      if (current.kind === 'participant' && pending === 0 && seat?.known && seat.participantId === current.participantId && !movesSeat(event, current.participantId)) {
        const shown = projectEvent(current, event, { seat: seat.known.value, sessions: [] });
        if (shown && open) send(shown);
        return;
      }
      enqueue(async () => {
        const owned =
          current.kind === 'participant'
            ? { seat: await seatOf(current.participantId, event), sessions: [] }
            : current.kind === 'rater'
              ? { seat: null, sessions: await this.ownership.raterSessions(current.studyKey, current.rater) }
              : { seat: null, sessions: (await this.ownership.auditSessions?.(current.studyKey, current.auditor)) ?? [] };
        const shown = projectEvent(current, event, owned);
        if (shown && open) send(shown);
      });
    });
    return () => {
      open = false;
      unsubscribe();
    };
  }
}
