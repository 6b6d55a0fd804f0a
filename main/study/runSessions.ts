import type { SessionSummary, StoredEvent } from '../../shared/contract/schemas.js';
import type { EventLog } from '../db/eventLog.js';
import { foldRun, RUN_STARTED, type RunState } from '../slackSeat/runLog.js';
import { requestedEnd } from '../team/teamCheck.js';

/** One run session of a study as the results writer and the study service see it, read from its log. */
/**
 * `ended`: how the run's own log ended it (its results can be written). `over`: how it ended for the participant,
 * which comes first when a team run's check runs after the submit (issue 13): the plan may move on then.
 */
export type RunSession =
  | { seat: 'team'; session: SessionSummary; stored: StoredEvent[]; ended: string | null; over: string | null; rev: string; version: string; seed: number }
  | { seat: 'slack'; session: SessionSummary; stored: StoredEvent[]; ended: string | null; over: string | null; rev: string; run: RunState };

/** The session's seat and whether it ended, or null for a session that is neither a team nor a Slack run. */
export function readRunSession(session: SessionSummary, stored: StoredEvent[]): RunSession | null {
  const last = stored.at(-1);
  const rev = `${session.id}@${last?.seq ?? 0}`;
  if (stored[0]?.kind === RUN_STARTED) {
    const run = foldRun(stored);
    if (!run) return null;
    const ended = run.answer ? 'submitted' : null;
    return { seat: 'slack', session, stored, ended, over: ended, rev, run };
  }
  const started = stored.find((e) => e.kind === 'session_started');
  const p = started?.payload as { type?: string; version?: string; seed?: number } | undefined;
  if (p?.type !== 'session_started' || typeof p.version !== 'string' || typeof p.seed !== 'number') return null;
  const end = stored.find((e) => e.kind === 'ended')?.payload as { how?: string } | undefined;
  const ended = end?.how ?? null;
  return { seat: 'team', session, stored, ended, over: ended ?? requestedEnd(stored), rev, version: p.version, seed: p.seed };
}

/** Every team and Slack run session of a study (the study log itself lives under another key). */
export function runSessionsOf(log: EventLog, studyKey: string): RunSession[] {
  return log
    .listSessions(studyKey)
    .map((session) => readRunSession(session, log.replay(session.id)))
    .filter((r): r is RunSession => r !== null)
    .sort((a, b) => a.session.createdAt.localeCompare(b.session.createdAt) || a.session.id.localeCompare(b.session.id));
}
