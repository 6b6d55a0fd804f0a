import type { StoredEvent } from '../../shared/contract/schemas.js';
import { applyStudyEvent, emptyStudyState, type StudyState } from '../../shared/study/fold.js';
import { parseStudyEvent } from '../../shared/study/log.js';
import type { EventLog } from '../db/eventLog.js';

interface Folded {
  state: StudyState;
  last: number;
  losses: number;
}

/**
 * The study fold, kept per study log and caught up with only the events appended since (issue 13: every
 * participant call and every event filtered for a participant's stream asks for it; refolding the whole log each
 * time made a 20-participant lab session slower with every event). The fold is pure and its states are never
 * mutated, so a cached state can be handed out. Anything but appends (an erasure, a rolled-back group: EventLog.position's `losses`) folds the log again.
 */
export class StudyStateCache {
  private readonly folded = new Map<string, Folded>();

  state(log: EventLog, sessionId: string): StudyState {
    const { last, losses } = log.position(sessionId);
    const cached = this.folded.get(sessionId);
    if (cached && cached.losses === losses && cached.last === last) return cached.state;
    const appendsOnly = cached !== undefined && cached.losses === losses && last > cached.last;
    const fresh = appendsOnly ? log.replayAfter(sessionId, cached.last) : log.replay(sessionId);
    const base = appendsOnly ? cached.state : emptyStudyState();
    const next = { state: foldOnto(base, fresh), last, losses };
    this.folded.set(sessionId, next);
    return next.state;
  }

  forget(sessionId: string): void {
    this.folded.delete(sessionId);
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
