import { fail, ok, type Result } from '../../shared/result.js';
import { abandonedVisits, decideEnrolment, type Enrolment } from '../../shared/study/enrolment.js';
import type { ParticipantState, StudyState } from '../../shared/study/fold.js';
import type { StudyEvent } from '../../shared/study/log.js';
import type { EnrolmentMap } from './enrolmentMap.js';
import type { Experimenter } from './experimenter.js';
import type { StudyContext } from './studyContext.js';

/**
 * Online enrolment over the study log (the decision itself is shared/study/enrolment.ts): abandoned visits are
 * recorded when anyone looks (an enrolment, the participants panel, the participant's own page), a new platform id
 * is added and started in the next free slot, and the platform id → participant map is kept in the data folder.
 */
export class EnrolmentService {
  constructor(
    private readonly c: StudyContext,
    private readonly experimenter: Experimenter,
    private readonly map: EnrolmentMap,
    private readonly now: () => number,
    /** Stops each abandoned visit's open run (handlers.ts): its clock must not keep counting, nor its seat stay live. */
    private readonly onAbandoned: (studyKey: string, abandoned: readonly ParticipantState[]) => void = () => {},
  ) {}

  /** Wall time (ms) of the participant's latest recorded action: their study events, or their latest run's log. */
  private lastActivity(p: ParticipantState): number {
    let last = Date.parse(p.lastEventAt);
    const run = p.runs.at(-1);
    const log = this.c.s.database.eventLog;
    if (run && log) {
      const { last: seq } = log.position(run.runId);
      const at = seq > 0 ? log.replayAfter(run.runId, seq - 1)[0]?.wallTime : undefined;
      if (at) last = Math.max(last, Date.parse(at));
    }
    return last;
  }

  /**
   * Records every enrolled visit of the study that has been idle for its window as abandoned (the runs stay in the
   * log; the writer moves ended ones to excluded/abandoned), and returns the study's state after. `only`: just
   * that participant (their own page asks).
   */
  sweep(studyKey: string, enrolment: Enrolment, only?: string): Result<StudyState> {
    const state = this.c.logs.state(studyKey);
    const now = this.now();
    // Their own page asks for one participant only: every participant's call must not read every run's log.
    const looked = only === undefined ? state : { ...state, participants: state.participants.filter((p) => p.id === only) };
    const idle = abandonedVisits(looked, enrolment, now, (p) => this.lastActivity(p));
    if (idle.length === 0) return ok(state);
    const events = idle.map(
      (p): StudyEvent => ({ kind: 'participant_abandoned', payload: { participantId: p.id, idleMinutes: Math.round(((now - this.lastActivity(p)) / 60_000) * 100) / 100 } }),
    );
    const appended = this.c.logs.append(studyKey, events);
    if (!appended.ok) return appended;
    this.c.s.log.info('enrolled visits abandoned', { count: idle.length });
    this.onAbandoned(studyKey, idle);
    return ok(this.c.logs.state(studyKey));
  }

  /** A visit to the study link with a platform id; `heldBy` is the participant whose capability the browser presented. */
  enrol(studyKey: string, platformId: string, heldBy: string | null): Result<{ participantId: string; returning: boolean }> {
    const source = this.c.source(studyKey);
    if (!source.ok) return fail(source.error.code, 'This study cannot be opened right now. Please try again later or contact the researcher.');
    const enrolment = source.value.protocol.enrolment;
    if (!enrolment) return fail('conflict', 'This study does not take participants through a study link.');
    const swept = this.sweep(studyKey, enrolment);
    if (!swept.ok) return swept;
    const decision = decideEnrolment({
      state: swept.value,
      enrolment,
      visits: this.map.visits(studyKey),
      platformId,
      heldBy,
      firstSlot: this.experimenter.firstSlot(source.value.protocol),
      erased: this.map.isErased(studyKey, platformId),
    });
    switch (decision.kind) {
      case 'refused':
        this.c.s.log.info('enrolment refused', { why: decision.why });
        return fail(decision.why === 'bad_id' ? 'bad_request' : 'conflict', decision.message);
      case 'return':
        return ok({ participantId: decision.participantId, returning: true });
      case 'new': {
        // The plan is fixed from a fresh read of the pack, as every start is.
        const fresh = this.c.source(studyKey, { fresh: true });
        if (!fresh.ok) return fail(fresh.error.code, 'This study cannot be opened right now. Please try again later or contact the researcher.');
        const enrolled = this.experimenter.enrol(studyKey, fresh.value, decision.slot, (participantId) => this.map.set(studyKey, platformId, participantId));
        if (!enrolled.ok) {
          this.c.s.log.warn('enrolment failed', { error: enrolled.error.message });
          return fail(enrolled.error.code, 'This study cannot take you right now. Please contact the researcher through the recruitment platform.');
        }
        return ok({ participantId: enrolled.value.participantId, returning: false });
      }
    }
  }
}
