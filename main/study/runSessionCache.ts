import type { StoredEvent } from '../../shared/contract/schemas.js';
import type { EventLog } from '../db/eventLog.js';
import { readRunSession, type RunSession } from './runSessions.js';

interface Kept {
  studyKey: string;
  stored: StoredEvent[];
  count: number;
  last: number;
  run: RunSession | null;
}

/**
 * A study's run sessions as runSessionsOf reads them, with each session's log kept and caught up with only the
 * events appended since (issue 13: the results writer read every run's whole log again at every run's end, so a
 * lab session of twenty participants stalled the host longer at each end). A session whose tail did not move is
 * handed back as it was; anything but appends (an erasure) reads that session's log again.
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
    const { count, last } = log.tail(session.id);
    const cached = this.kept.get(session.id);
    if (cached && cached.count === count && cached.last === last) return cached.run;
    const appendsOnly = cached !== undefined && count - cached.count === last - cached.last && last > cached.last;
    let stored = appendsOnly ? [...cached.stored, ...log.replayAfter(session.id, cached.last)] : log.replay(session.id);
    // A catch-up that does not land on the counted tail (a concurrent erasure) is not trusted: read it all again.
    if (stored.length !== count) stored = log.replay(session.id);
    const run = readRunSession(session, stored);
    this.kept.set(session.id, { studyKey: session.studyKey, stored, count: stored.length, last: stored.at(-1)?.seq ?? 0, run });
    return run;
  }
}
