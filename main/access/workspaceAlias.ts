import type { OwnedSeat, Ownership } from './policy.js';

/**
 * The name a participant's page knows their run's Slack workspace by. The real id (`slack-demo.ci-humidity`) names
 * the query's variant, i.e. its condition; the alias is made from the run's random id, so it tells nothing and
 * never matches another run's (a page caching by workspace cannot mix two variants up).
 */
export const workspaceAlias = (runId: string): string => `ws-${runId}`;

/** The alias of an owned Slack seat's workspace, or null. */
export const seatAlias = (seat: OwnedSeat | null): string | null => (seat?.kind === 'slack' ? workspaceAlias(seat.runId) : null);

/** The workspace id a call's arguments name, if any (browse calls, status, user look-ups). */
export function sentWorkspaceId(args: unknown): string | null {
  if (typeof args !== 'object' || args === null || !('workspaceId' in args)) return null;
  const sent = (args as { workspaceId: unknown }).workspaceId;
  return typeof sent === 'string' ? sent : null;
}

/** One call's view of what the caller owns: the seat is looked up once, however many checks ask for it. */
export function onceOwnership(owned: Ownership): Ownership {
  const seats = new Map<string, Promise<OwnedSeat | null>>();
  return {
    participantSeat(participantId) {
      let seat = seats.get(participantId);
      if (!seat) seats.set(participantId, (seat = owned.participantSeat(participantId)));
      return seat;
    },
    raterSessions: (studyKey, rater) => owned.raterSessions(studyKey, rater),
    auditSessions: async (studyKey, auditor) => (await owned.auditSessions?.(studyKey, auditor)) ?? [],
    studyAlias: (studyKey) => owned.studyAlias(studyKey),
  };
}
