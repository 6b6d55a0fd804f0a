import type { Result } from '../../shared/result.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import type { OwnedSeat, Ownership } from './policy.js';
import { studyEventSchemas } from '../../shared/study/log.js';
import type { AppEvent } from '../../shared/contract/events.js';
import { AUDIT_TASK, auditLogKey } from '../../shared/audit/session.js';

/**
 * Whose seat a study-log event can move: the participant it names (every study event names one); `'all'` for a
 * study event that names nobody; null for any other event.
 */
export function seatMovedBy(e: AppEvent): string | 'all' | null {
  if (e.type !== 'session.event' || !Object.hasOwn(studyEventSchemas, e.event.kind)) return null;
  const named = (e.event.payload as { participantId?: unknown } | null)?.participantId;
  return typeof named === 'string' ? named : 'all';
}

type Call = (args: unknown, ctx: { host: 'electron' | 'browser' | 'test' }) => Result<unknown> | Promise<Result<unknown>>;

/**
 * What a participant or rater owns, read from the study's own answer (the participant's current screen) and the
 * session list, never from anything the page sends. A participant owns the run of the step they are on, and
 * only while they are on it.
 */
export function createOwnership(s: AppServices, handlers: AppHandlers, studyAlias: (studyKey: string) => string): Ownership {
  const named = (name: string): Call | undefined => (handlers as unknown as Record<string, Call | undefined>)[name];
  // Every call a participant makes asks for their seat: kept until the next study-log event naming them, the only
  // thing that moves a participant (issue 13). A lookup that started before such an event is not kept.
  const seats = new Map<string, Promise<OwnedSeat | null>>();
  let generation = 0;
  const moves = new Map<string, number>();
  const movesOf = (participantId: string) => generation + (moves.get(participantId) ?? 0);
  s.closers.push(
    s.bus.subscribe((e) => {
      const moved = seatMovedBy(e);
      if (moved === 'all') {
        generation++;
        seats.clear();
      } else if (moved !== null) {
        moves.set(moved, (moves.get(moved) ?? 0) + 1);
        seats.delete(moved);
      }
    }),
  );
  const lookUp = async (participantId: string): Promise<OwnedSeat | null> => {
    const step = named('participantStep');
    if (!step) return null;
    const screen = await step({ participantId }, { host: s.options.host });
    if (!screen.ok) return null;
    const v = screen.value as { screen: string; run?: { seat: 'team' | 'slack'; runId: string } | null };
    if (v.screen !== 'run' || !v.run) return null;
    if (v.run.seat === 'team') return { kind: 'team', sessionId: v.run.runId } satisfies OwnedSeat;
    const run = await handlers.slackRunView({ runId: v.run.runId }, { host: s.options.host });
    return run.ok ? { kind: 'slack', runId: v.run.runId, workspaceId: run.value.workspaceId } : null;
  };
  return {
    participantSeat(participantId) {
      const cached = seats.get(participantId);
      if (cached) return cached;
      const at = movesOf(participantId);
      const seat = lookUp(participantId);
      // Not kept: a lookup overtaken by a study-log event, a failed one, or "no seat" (asked again next time).
      void seat.then(
        (owned) => (at === movesOf(participantId) && owned !== null ? undefined : seats.delete(participantId)),
        () => seats.delete(participantId),
      );
      seats.set(participantId, seat);
      return seat;
    },
    async raterSessions(studyKey, rater) {
      const log = s.database.eventLog;
      if (!log) return [];
      return log
        .listSessions(studyKey)
        .filter((x) => x.participant === rater)
        .map((x) => x.id);
    },
    async auditSessions(studyKey, auditor) {
      const log = s.database.eventLog;
      if (!log) return [];
      return log
        .listSessions(auditLogKey(studyKey))
        .filter((x) => x.participant === auditor && x.taskId === AUDIT_TASK)
        .map((x) => x.id);
    },
    studyAlias,
  };
}
