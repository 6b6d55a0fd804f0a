import type { StoredEvent } from '../../shared/contract/schemas.js';
import type { EventLog } from '../db/eventLog.js';
import { readRunSession, type RunSession } from './runSessions.js';

interface Kept {
  studyKey: string;
  stored: StoredEvent[];
  last: number;
  losses: number;
  run: RunSession | null;
}

/**
 * A study's run sessions as runSessionsOf reads them, with each session's log kept and caught up with only the
 * events appended since (issue 13: the results writer read every run's whole log again at every run's end, so a
 * lab session of twenty participants stalled the host longer at each end). A session whose position did not move
 * is handed back as it was; anything but appends (an erasure: EventLog.position's `losses`) reads its log again.
 */
export class RunSessionCache {
  private readonly kept = new Map<string, Kept>();

  runs(log: EventLog, studyKey: string): RunSession[] {
    const seen = new Set<string>();
    const runs: RunSession[] = [];
    for (const session of log.listSessions(studyKey)) {
      seen.add(session.id);
      const run = this.session(log, session);
      if (run) runs.push(run);
    }
    // Sessions gone from the study (erased) are let go; other studies' sessions are kept for their own passes.
    for (const [id, kept] of this.kept) if (kept.studyKey === studyKey && !seen.has(id)) this.kept.delete(id);
    return runs.sort((a, b) => a.session.createdAt.localeCompare(b.session.createdAt) || a.session.id.localeCompare(b.session.id));
  }

  /** One run session, caught up with what its log gained since it was last read (a participant's screen asks). */
  session(log: EventLog, session: RunSession['session']): RunSession | null {
    const { last, losses } = log.position(session.id);
    const cached = this.kept.get(session.id);
    if (cached && cached.losses === losses && cached.last === last) return cached.run;
    const appendsOnly = cached !== undefined && cached.losses === losses && last > cached.last;
    const stored = appendsOnly ? [...cached.stored, ...log.replayAfter(session.id, cached.last)] : log.replay(session.id);
    const run = readRunSession(session, stored);
    this.kept.set(session.id, { studyKey: session.studyKey, stored, last, losses, run });
    return run;
  }
}
