import type { Result } from '../../shared/result.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import type { OwnedSeat, Ownership } from './policy.js';

type Call = (args: unknown, ctx: { host: 'electron' | 'browser' | 'test' }) => Result<unknown> | Promise<Result<unknown>>;

/**
 * What a participant or rater owns, read from the study's own answer (the participant's current screen) and the
 * session list, never from anything the page sends. A participant owns the run of the step they are on, and
 * only while they are on it.
 */
export function createOwnership(s: AppServices, handlers: AppHandlers): Ownership {
  const named = (name: string): Call | undefined => (handlers as unknown as Record<string, Call | undefined>)[name];
  return {
    async participantSeat(participantId) {
      const step = named('participantStep');
      if (!step) return null;
      const screen = await step({ participantId }, { host: s.options.host });
      if (!screen.ok) return null;
      const v = screen.value as { screen: string; run?: { seat: 'team' | 'slack'; runId: string } | null };
      if (v.screen !== 'run' || !v.run) return null;
      if (v.run.seat === 'team') return { kind: 'team', sessionId: v.run.runId } satisfies OwnedSeat;
      const run = await handlers.slackRunView({ runId: v.run.runId }, { host: s.options.host });
      return run.ok ? { kind: 'slack', runId: v.run.runId, workspaceId: run.value.workspaceId } : null;
    },
    async raterSessions(studyKey, rater) {
      const log = s.database.eventLog;
      if (!log) return [];
      return log
        .listSessions(studyKey)
        .filter((x) => x.participant === rater)
        .map((x) => x.id);
    },
  };
}
