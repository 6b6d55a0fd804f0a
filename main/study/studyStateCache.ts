import type { StoredEvent } from '../../shared/contract/schemas.js';
import { applyStudyEvent, emptyStudyState, type StudyState } from '../../shared/study/fold.js';
import { parseStudyEvent } from '../../shared/study/log.js';
import type { EventLog } from '../db/eventLog.js';

interface Folded {
  state: StudyState;
  count: number;
  last: number;
}

/**
 * The study fold, kept per study log and caught up with only the events appended since (issue 13: every
 * participant call and every event filtered for a participant's stream asks for it; refolding the whole log each
 * time made a 20-participant lab session slower with every event). The fold is pure and its states are never
 * mutated, so a cached state can be handed out. Anything but appends (an erasure) folds the log again.
 */
export class StudyStateCache {
  private readonly folded = new Map<string, Folded>();

  state(log: EventLog, sessionId: string): StudyState {
    const { count, last } = log.tail(sessionId);
    const cached = this.folded.get(sessionId);
    if (cached && cached.count === count && cached.last === last) return cached.state;
    const appendsOnly = cached !== undefined && count - cached.count === last - cached.last && last > cached.last;
    const fresh = appendsOnly ? log.replayAfter(sessionId, cached.last) : log.replay(sessionId);
    const base = appendsOnly ? cached.state : emptyStudyState();
    const next = { state: foldOnto(base, fresh), count, last };
    // A catch-up that does not land on the counted tail (a concurrent erasure) is not trusted: fold it all again.
    if (appendsOnly && fresh.length !== count - cached.count) return this.refold(log, sessionId);
    this.folded.set(sessionId, next);
    return next.state;
  }

  forget(sessionId: string): void {
    this.folded.delete(sessionId);
  }

  private refold(log: EventLog, sessionId: string): StudyState {
    this.folded.delete(sessionId);
    return this.state(log, sessionId);
  }
}

/** The same steps as foldStudy, from a state already folded. */
function foldOnto(state: StudyState, events: readonly StoredEvent[]): StudyState {
  for (const e of events) {
    const parsed = parseStudyEvent(e);
    state = parsed.ok ? applyStudyEvent(state, parsed.event, e.wallTime) : { ...state, problems: [...state.problems, parsed.message] };
  }
  return state;
}
