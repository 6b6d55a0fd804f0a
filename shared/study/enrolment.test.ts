import { describe, expect, it } from 'vitest';
import { abandonedVisits, completionAddress, decideEnrolment, enrolmentSchema, holdsSlot, platformIdProblem, readEnrolAddress, type Enrolment } from './enrolment.js';
import { exclusionOf, foldStudy, participantStatus, type StudyState } from './fold.js';
import type { StoredStudyEvent } from './log.js';
import type { Plan } from './model.js';

const MINUTE = 60_000;
const T0 = Date.parse('2026-03-01T10:00:00Z');
const enrolment: Enrolment = { id_parameter: 'PROLIFIC_PID', cap: 4, abandon_after_minutes: 30 };

const planOf = (slot: number): Plan => ({
  participant: `P0${slot}`,
  studyVersion: 'v1',
  seed: 1,
  slot,
  steps: [{ kind: 'consent' }, { kind: 'run', cell: { kind: 'team', cell: 'c1', taskId: 't', version: 'control', seed: 0, practice: false } }, { kind: 'completion' }],
});

/**
 * The enrolment fold as the host runs it, over a real study log: each visit first records the visits idle past the
 * window as abandoned, then takes the decision and records what it says (the map of platform ids beside the log).
 */
class Study {
  events: StoredStudyEvent[] = [];
  visits = new Map<string, string>();
  /** Platform ids whose data was erased (the host keeps only their salted hashes; the decision is the same). */
  erased = new Set<string>();
  private ids = 0;
  constructor(readonly config: Enrolment = enrolment) {}

  get state(): StudyState {
    return foldStudy(this.events);
  }

  record(atMinute: number, kind: string, payload: Record<string, unknown>): void {
    this.events.push({ seq: this.events.length + 1, wallTime: new Date(T0 + atMinute * MINUTE).toISOString(), kind, payload });
  }

  visit(platformId: string, heldBy: string | null, atMinute: number) {
    const now = T0 + atMinute * MINUTE;
    for (const p of abandonedVisits(this.state, this.config, now, (x) => Date.parse(x.lastEventAt)))
      this.record(atMinute, 'participant_abandoned', { participantId: p.id, idleMinutes: (now - Date.parse(p.lastEventAt)) / MINUTE });
    const before = this.events.length;
    const decision = decideEnrolment({ state: this.state, enrolment: this.config, visits: this.visits, platformId, heldBy, firstSlot: 0, erased: this.erased.has(platformId) });
    if (decision.kind === 'new') {
      const participantId = (++this.ids).toString(16).padStart(24, '0');
      this.visits.set(platformId, participantId);
      this.record(atMinute, 'participant_added', { participantId, code: `K7QX-P0${this.ids}`, source: 'enrolled' });
      this.record(atMinute, 'participant_started', { participantId, plan: planOf(decision.slot), completionCode: 'DONE-1' });
      return { decision, participantId, recorded: this.events.length - before };
    }
    return { decision, participantId: decision.kind === 'return' ? decision.participantId : null, recorded: this.events.length - before };
  }

  /** A participant acts (consent), which keeps their visit alive. */
  act(participantId: string, atMinute: number): void {
    this.record(atMinute, 'consent_given', { participantId, step: 0 });
  }

  slots(): number[] {
    return this.state.participants.filter(holdsSlot).map((p) => p.plan!.slot).sort((a, b) => a - b);
  }
}

const PID = (n: number) => `5f${String(n).padStart(22, '0')}`;

describe('online enrolment', () => {
  it('a new id takes the next balanced slot, as a participant added through the link', () => {
    const study = new Study();
    const first = study.visit(PID(1), null, 0);
    const second = study.visit(PID(2), null, 1);
    expect(first.decision).toEqual({ kind: 'new', slot: 0 });
    expect(second.decision).toEqual({ kind: 'new', slot: 1 });
    const p = study.state.participants[0]!;
    expect(p.source).toBe('enrolled');
    expect(participantStatus(p)).toBe('active');
  });

  it('a returning browser that holds the capability gets its own visit back; nothing is recorded', () => {
    const study = new Study();
    const { participantId } = study.visit(PID(1), null, 0);
    const back = study.visit(PID(1), participantId, 5);
    expect(back.decision).toEqual({ kind: 'return', participantId });
    expect(back.recorded).toBe(0);
    expect(study.state.participants).toHaveLength(1);
  });

  it('knowing an id is not enough: without the capability (or with another participant’s) the visit is refused and nothing changes', () => {
    const study = new Study();
    const { participantId: mine } = study.visit(PID(1), null, 0);
    const { participantId: theirs } = study.visit(PID(2), null, 0);
    const before = JSON.stringify(study.events);
    for (const held of [null, theirs]) {
      const again = study.visit(PID(1), held, 2);
      expect(again.decision).toMatchObject({ kind: 'refused', why: 'other_browser' });
      expect((again.decision as { message: string }).message).toMatch(/another browser/);
    }
    expect(JSON.stringify(study.events)).toBe(before);
    expect(study.visits.get(PID(1))).toBe(mine);
  });

  it('the cap stops enrolment; a returning participant still gets in', () => {
    const study = new Study({ ...enrolment, cap: 2 });
    const a = study.visit(PID(1), null, 0);
    study.visit(PID(2), null, 0);
    const full = study.visit(PID(3), null, 1);
    expect(full.decision).toMatchObject({ kind: 'refused', why: 'cap' });
    expect(full.recorded).toBe(0);
    expect(study.visit(PID(1), a.participantId, 1).decision).toEqual({ kind: 'return', participantId: a.participantId });
  });

  it('a visit idle past the window is recorded abandoned, its runs excluded as abandoned, its slot refilled; nothing deleted', () => {
    const study = new Study();
    const a = study.visit(PID(1), null, 0);
    const b = study.visit(PID(2), null, 0);
    const c = study.visit(PID(3), null, 0);
    // C played a run and left; A and B keep acting.
    study.record(1, 'run_started', { participantId: c.participantId, step: 1, cell: 'c1', runId: 'r-c', attempt: 1, seat: 'team', practice: false });
    study.record(2, 'run_ended', { participantId: c.participantId, runId: 'r-c', how: 'submitted' });
    study.act(a.participantId!, 20);
    study.act(b.participantId!, 25);
    // Minute 33: C has been idle 31 minutes (abandoned), A 13 and B 8 (not).
    const d = study.visit(PID(4), null, 33);
    expect(d.decision).toEqual({ kind: 'new', slot: 2 });
    const state = study.state;
    const gone = state.participants.find((p) => p.id === c.participantId)!;
    expect(participantStatus(gone)).toBe('abandoned');
    expect(gone.abandoned?.idleMinutes).toBe(31);
    expect(gone.runs).toHaveLength(1);
    expect(exclusionOf(gone, gone.runs[0]!)).toBe('abandoned');
    expect(state.participants.filter((p) => participantStatus(p) === 'abandoned').map((p) => p.id)).toEqual([c.participantId]);
    // C coming back later finds its visit closed (its own browser), not a new slot.
    expect(study.visit(PID(3), c.participantId, 40).decision).toEqual({ kind: 'return', participantId: c.participantId });
  });

  it('the balance stays complete: after abandonments, the cap fills slots 0..cap-1 exactly once', () => {
    const study = new Study({ ...enrolment, cap: 6 });
    const outcomes: string[] = [];
    for (let n = 1; n <= 9; n++) {
      const r = study.visit(PID(n), null, n * 40);
      outcomes.push(r.decision.kind === 'refused' ? r.decision.why : `${r.decision.kind}:${'slot' in r.decision ? r.decision.slot : ''}`);
      // Every third participant walks away after enrolling; the others finish their visit at once.
      if (r.participantId && n % 3 !== 0) study.record(n * 40, 'step_advanced', { participantId: r.participantId, from: 0, to: 2, detour: false });
    }
    expect(outcomes).toEqual(['new:0', 'new:1', 'new:2', 'new:2', 'new:3', 'new:4', 'new:4', 'new:5', 'cap']);
    expect(study.slots()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(study.state.participants.filter((p) => participantStatus(p) === 'abandoned')).toHaveLength(2);
    // Every participant is still in the log: an abandoned visit is a fact, not a deletion.
    expect(study.state.participants).toHaveLength(8);
  });

  it('a participant who declined, withdrew or was voided frees their slot too', () => {
    const study = new Study();
    const a = study.visit(PID(1), null, 0);
    study.visit(PID(2), null, 0);
    study.record(1, 'consent_declined', { participantId: a.participantId });
    expect(study.visit(PID(3), null, 2).decision).toEqual({ kind: 'new', slot: 0 });
  });

  it('a person whose data was erased is refused in plain words, even with a free slot; nothing is recorded', () => {
    const study = new Study();
    const a = study.visit(PID(1), null, 0);
    // Their consent withdrawn and their data erased: the host forgets the id and keeps its salted hash only.
    study.visits.delete(PID(1));
    study.erased.add(PID(1));
    const before = study.events.length;
    for (const held of [null, a.participantId]) {
      const again = study.visit(PID(1), held, 5);
      expect(again.decision).toMatchObject({ kind: 'refused', why: 'erased' });
      expect((again.decision as { message: string }).message).toMatch(/deleted when you withdrew your consent/);
    }
    expect(study.events).toHaveLength(before);
    // Anyone else still enrols.
    expect(study.visit(PID(2), null, 6).decision).toMatchObject({ kind: 'new' });
  });

  it.each([
    ['', /no participant id/],
    ['Jane Smith', /looks like a name/],
    ['jane@example.org', /looks like a name or an e-mail/],
    ['<script>alert(1)</script>', /not valid/],
    ['a"onload="x1', /not valid/],
    ['JaneSmith', /not a platform id/],
    ['x'.repeat(65) + '1', /not a platform id/],
  ])('refuses the id %j in plain words and records nothing', (id, message) => {
    const study = new Study();
    const r = study.visit(id, null, 0);
    expect(r.decision).toMatchObject({ kind: 'refused', why: 'bad_id' });
    expect((r.decision as { message: string }).message).toMatch(message);
    expect(study.events).toHaveLength(0);
  });

  it('accepts the ids platforms hand out', () => {
    for (const id of ['5f2a9c0e1b3d4f5a6b7c8d9e', 'A1B2C3D4E5F6G7', '123456']) expect(platformIdProblem(id)).toBeNull();
  });
});

describe('the enrolment section of study.yaml', () => {
  it('refuses a completion address that is not https, naming the place', () => {
    const r = enrolmentSchema.safeParse({ ...enrolment, completion_url: 'http://app.prolific.com/submissions/complete?cc={code}' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['completion_url']);
    expect(r.error?.issues[0]?.message).toMatch(/https/);
    expect(enrolmentSchema.safeParse({ ...enrolment, completion_url: 'javascript:alert(1)' }).success).toBe(false);
  });

  it('puts the completion code into the address, encoded', () => {
    const config = enrolmentSchema.parse({ ...enrolment, completion_url: 'https://app.prolific.com/submissions/complete?cc={code}' });
    expect(completionAddress(config, 'DONE-1')).toBe('https://app.prolific.com/submissions/complete?cc=DONE-1');
    expect(completionAddress(undefined, 'DONE-1')).toBeNull();
  });
});

describe('the study link’s address', () => {
  it('reads the capability and the platform id wherever the platform put it', () => {
    expect(readEnrolAddress('', '#enrol=abc.def&PROLIFIC_PID=5f01').params.get('PROLIFIC_PID')).toBe('5f01');
    const appended = readEnrolAddress('', '#enrol=abc.def?PROLIFIC_PID=5f02&STUDY_ID=s1');
    expect(appended.link).toBe('abc.def');
    expect(appended.params.get('PROLIFIC_PID')).toBe('5f02');
    const query = readEnrolAddress('?PROLIFIC_PID=5f03&SESSION_ID=x', '#enrol=abc.def');
    expect([query.link, query.params.get('PROLIFIC_PID')]).toEqual(['abc.def', '5f03']);
    expect(readEnrolAddress('', '#/visit').link).toBeNull();
  });
});
