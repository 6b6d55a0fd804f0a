import crypto from 'node:crypto';
import type { ParticipantRow, StudyOverview } from '../../shared/contract/study.js';
import { unvalidatedRulesRefusal } from './rulesGate.js';
import { fail, ok, type Result } from '../../shared/result.js';
import { participantCodeProblem, participantCodes, parsePastedCodes, slotOfCode } from '../../shared/study/codes.js';
import { currentStepIndex, exclusionOf, hasFinishedRun, participantStatus, currentStep, type ParticipantState } from '../../shared/study/fold.js';
import type { StudyEvent } from '../../shared/study/log.js';
import type { PlanCell } from '../../shared/study/model.js';
import { buildPlan } from '../../shared/study/plan.js';
import type { StudyProtocol } from '../../shared/study/protocol.js';
import { balanceWarnings, protocolParticipants } from '../../shared/study/planBalance.js';
import { participantSchema } from '../../shared/contract/schemas.js';
import { stationId } from './station.js';
import type { StudyContext } from './studyContext.js';
import type { StudyProtocolSource } from './protocolSource.js';
import { nextFreeSlot } from '../../shared/study/enrolment.js';

const newParticipantId = () => crypto.randomBytes(12).toString('hex');

export function participantRow(p: ParticipantState): ParticipantRow {
  const cells = new Map<string, PlanCell>((p.plan?.steps ?? []).flatMap((s) => (s.kind === 'run' || s.kind === 'practice' ? [[s.cell.cell, s.cell] as const] : [])));
  const index = currentStepIndex(p);
  return {
    participantId: p.id,
    code: p.code,
    status: participantStatus(p),
    addedAt: p.addedAt,
    startedAt: p.startedAt,
    progress: p.plan && index !== null ? { step: Math.min(index + 1, p.plan.steps.length), steps: p.plan.steps.length, screen: currentStep(p)?.kind ?? 'finished' } : null,
    plan: p.plan ? { studyVersion: p.plan.studyVersion, seed: p.plan.seed, slot: p.plan.slot } : null,
    runs: p.runs.map((r) => {
      const cell = cells.get(r.cell);
      const excluded = r.endedHow === null ? null : exclusionOf(p, r);
      return {
        runId: r.runId,
        cell: r.cell,
        seat: r.seat,
        taskOrQuery: cell ? (cell.kind === 'team' ? cell.taskId : cell.queryId) : '?',
        version: cell?.kind === 'team' ? cell.version : null,
        seed: cell?.kind === 'team' ? cell.seed : null,
        attempt: r.attempt,
        practice: r.practice,
        ended: r.endedHow !== null,
        voided: r.voided !== null,
        counted: r.endedHow !== null && excluded === null,
        excluded,
      };
    }),
    rerunPending: p.detour?.cell ?? null,
  };
}

/** The experimenter's operations on a study's participants; each records study events, which the writer follows. */
export class Experimenter {
  constructor(private readonly c: StudyContext) {}

  overview(studyKey: string): Result<StudyOverview> {
    const source = this.c.source(studyKey, { fresh: true });
    if (!source.ok) return source;
    const seeded = this.seed(studyKey, source.value.protocol);
    if (!seeded.ok) return seeded;
    const state = this.c.logs.state(studyKey);
    return ok({
      studyKey,
      studyId: source.value.studyId,
      studyVersion: source.value.studyVersion,
      resultsDir: this.c.writer.resultsDir(source.value.studyId),
      participants: state.participants.map(participantRow),
      warnings: balanceWarnings(source.value.protocol, source.value.content).map((w) => `study.yaml ${w.path.join('.')}: ${w.message}.`),
      station: { id: stationId(this.c.s.options.dataDir), firstSlot: this.firstSlot(source.value.protocol) },
      online: source.value.protocol.enrolment !== undefined,
    });
  }

  /**
   * A study touched for the first time gets the protocol's own participants (generated or listed codes) before
   * anything else is recorded: codes added before the first read come after them, never instead of them.
   */
  private seed(studyKey: string, protocol: StudyProtocol): Result<unknown> {
    if (this.c.logs.sessionId(studyKey) !== null) return ok(null);
    // An online study's participants come through its study link, each with a code made as they enrol.
    const codes = protocol.enrolment ? [] : participantCodes(protocol, stationId(this.c.s.options.dataDir));
    const how = protocol.participants.list ? 'pasted' : 'generated';
    return this.c.logs.append(studyKey, codes.map((code): StudyEvent => ({ kind: 'participant_added', payload: { participantId: newParticipantId(), code, source: how } })));
  }

  add(studyKey: string, a: { count?: number; codes?: string }): Result<ParticipantRow[]> {
    const source = this.c.source(studyKey);
    if (!source.ok) return source;
    const seeded = this.seed(studyKey, source.value.protocol);
    if (!seeded.ok) return seeded;
    const taken = new Set(this.c.logs.state(studyKey).participants.map((p) => p.code));
    let fresh: { code: string; source: 'generated' | 'pasted' }[];
    if (a.codes !== undefined) {
      const pasted = parsePastedCodes(a.codes);
      const lines = a.codes.split(/\r?\n/).map((l) => l.trim());
      const problems = pasted.problems.map((p) => `line ${p.line}: ${p.message}`);
      for (const code of pasted.codes) {
        const line = lines.indexOf(code) + 1;
        if (taken.has(code)) problems.push(`line ${line}: "${code}" is already a participant of this study`);
        else if (!participantSchema.safeParse(code).success) problems.push(`line ${line}: "${code}" is longer than 32 characters or has other characters than letters, digits, . _ -`);
      }
      if (problems.length > 0) return fail('bad_request', `No participant was added: ${problems.join('; ')}.`);
      if (pasted.codes.length === 0) return fail('bad_request', 'No code was pasted: give one id a line.');
      fresh = pasted.codes.map((code) => ({ code, source: 'pasted' }));
    } else {
      const codes = this.freshCodes(source.value.protocol, taken, a.count ?? 1);
      if (!codes.ok) return codes;
      fresh = codes.value.map((code) => ({ code, source: 'generated' }));
    }
    const events = fresh.map((f): StudyEvent => ({ kind: 'participant_added', payload: { participantId: newParticipantId(), ...f } }));
    const added = this.c.logs.append(studyKey, events);
    if (!added.ok) return added;
    const ids = new Set(events.map((e) => e.payload.participantId));
    return ok(this.c.logs.state(studyKey).participants.filter((p) => ids.has(p.id)).map(participantRow));
  }

  /** `wanted` new codes from the protocol's pattern (P{nn} for a listed study), after every code already taken. */
  private freshCodes(protocol: StudyProtocol, taken: ReadonlySet<string>, wanted: number): Result<string[]> {
    const pattern = protocol.participants.generate?.pattern ?? 'P{nn}';
    const pool = participantCodes({ participants: { generate: { pattern, count: Math.min(999, taken.size + wanted) } } }, stationId(this.c.s.options.dataDir));
    const fresh = pool.filter((code) => !taken.has(code)).slice(0, wanted);
    return fresh.length < wanted ? fail('bad_request', `The pattern ${pattern} has no room for ${wanted} more codes.`) : ok(fresh);
  }

  /** This station's first plan slot (`participants.station_slots`), so two stations fill different parts of the balance. */
  firstSlot(protocol: StudyProtocol): number {
    return protocol.participants.station_slots?.[stationId(this.c.s.options.dataDir)] ?? 0;
  }

  /** Fixes the plan from the protocol, the participant's slot and the pack's content hash, and records it. */
  start(studyKey: string, participantId: string): Result<{ participantId: string }> {
    const source = this.c.source(studyKey, { fresh: true });
    if (!source.ok) return source;
    const found = this.c.participant(studyKey, participantId);
    if (!found.ok) return found;
    const { state, p } = found.value;
    if (p.plan) return participantStatus(p) === 'active' ? ok({ participantId }) : fail('conflict', `${p.code} is ${participantStatus(p)}; their visit cannot start again.`);
    if (participantStatus(p) !== 'invited') return fail('conflict', `${p.code} is ${participantStatus(p)}.`);
    const protocol = source.value.protocol;
    const station = stationId(this.c.s.options.dataDir);
    const listed = slotOfCode(protocol, station, p.code);
    const extra = state.participants.filter((x) => x.plan && slotOfCode(protocol, station, x.code) === null).length;
    // An online study fills freed slots first (enrolment.ts); a lab study keeps each listed code's own slot.
    const slot = protocol.enrolment ? nextFreeSlot(state, this.firstSlot(protocol)) : this.firstSlot(protocol) + (listed ?? protocolParticipants(protocol) + extra);
    const started = this.startedEvent(studyKey, source.value, participantId, p.code, slot);
    if (!started.ok) return started;
    const appended = this.c.logs.append(studyKey, [started.value]);
    return appended.ok ? ok({ participantId }) : appended;
  }

  /** The plan of one participant in one slot, as the `participant_started` event that fixes it (nothing recorded yet). */
  private startedEvent(studyKey: string, source: StudyProtocolSource, participantId: string, code: string, slot: number): Result<StudyEvent> {
    const protocol = source.protocol;
    let plan;
    try {
      plan = buildPlan({ protocol, content: source.content, participant: code, slot, studyVersion: source.studyVersion });
    } catch (error) {
      return fail('invalid_pack', `The plan of ${code} cannot be built: ${(error as Error).message}`);
    }
    // A counted run labelled by rules that were not validated on their label test sets is refused before it starts.
    const counted = plan.steps.flatMap((st) => (st.kind === 'run' && st.cell.kind === 'team' && !st.cell.practice ? [st.cell.taskId] : []));
    const refusal = unvalidatedRulesRefusal(this.c.s.library, studyKey, counted);
    if (refusal) return fail('invalid_pack', refusal);
    const completionCode = protocol.screens.completion?.code ?? '';
    return ok({ kind: 'participant_started', payload: { participantId, plan, completionCode } });
  }

  /**
   * A new participant through the study link: a generated code, added and started in `slot` in one transaction.
   * `beforeRecord` runs once the plan is built and before anything is recorded (the enrolment map is written there).
   */
  enrol(studyKey: string, source: StudyProtocolSource, slot: number, beforeRecord: (participantId: string) => void): Result<{ participantId: string }> {
    const seeded = this.seed(studyKey, source.protocol);
    if (!seeded.ok) return seeded;
    const taken = new Set(this.c.logs.state(studyKey).participants.map((p) => p.code));
    const code = this.freshCodes(source.protocol, taken, 1);
    if (!code.ok) return code;
    const participantId = newParticipantId();
    const started = this.startedEvent(studyKey, source, participantId, code.value[0]!, slot);
    if (!started.ok) return started;
    beforeRecord(participantId);
    const appended = this.c.logs.append(studyKey, [{ kind: 'participant_added', payload: { participantId, code: code.value[0]!, source: 'enrolled' } }, started.value]);
    return appended.ok ? ok({ participantId }) : appended;
  }

  void(studyKey: string, participantId: string, reason: string, runId?: string): Result<ParticipantRow> {
    return this.record(studyKey, participantId, (p) => {
      if (runId === undefined) return p.voided ? `${p.code} is already void.` : [{ kind: 'participant_voided', payload: { participantId, reason } }];
      const run = p.runs.find((r) => r.runId === runId);
      if (!run) return `Run ${runId} is not a run of ${p.code}.`;
      return run.voided ? `Run ${runId} is already void.` : [{ kind: 'run_voided', payload: { participantId, runId, reason } }];
    });
  }

  withdraw(studyKey: string, participantId: string, reason: string): Result<ParticipantRow> {
    return this.record(studyKey, participantId, (p) =>
      p.withdrawn ? `${p.code} has already withdrawn.` : [{ kind: 'participant_withdrawn', payload: { participantId, reason, by: 'experimenter' } }],
    );
  }

  correctCode(studyKey: string, participantId: string, code: string): Result<ParticipantRow> {
    return this.record(studyKey, participantId, (p, all) => {
      if (hasFinishedRun(p)) return `${p.code} has a finished run: a code can be corrected only before that. Void this participant and add the right code instead.`;
      const problem = participantCodeProblem(code) ?? (participantSchema.safeParse(code).success ? null : `"${code}" is longer than 32 characters or has other characters than letters, digits, . _ -`);
      if (problem) return problem;
      if (all.some((x) => x.code === code)) return `"${code}" is already a participant of this study.`;
      return [{ kind: 'code_corrected', payload: { participantId, from: p.code, to: code } }];
    });
  }

  rerun(studyKey: string, participantId: string, cell: string, reason: string): Result<ParticipantRow> {
    return this.record(studyKey, participantId, (p) => {
      const exists = p.plan?.steps.some((s) => (s.kind === 'run' || s.kind === 'practice') && s.cell.cell === cell);
      if (!exists) return `${p.code}'s plan has no run cell "${cell}".`;
      const status = participantStatus(p);
      if (status !== 'active' && status !== 'finished') return `${p.code} is ${status}.`;
      if (p.detour) return `${p.code} already has a rerun of ${p.detour.cell} waiting.`;
      const current = p.runs.find((r) => r.runId === p.currentRun);
      if (current && current.endedHow === null && current.voided === null) return `${p.code} is playing a run now; wait until it ends (or void it) before asking for a rerun.`;
      return [{ kind: 'rerun_requested', payload: { participantId, cell, reason } }];
    });
  }

  chooseAttempt(studyKey: string, participantId: string, cell: string, attempt: number): Result<ParticipantRow> {
    return this.record(studyKey, participantId, (p) => {
      const run = p.runs.find((r) => r.cell === cell && r.attempt === attempt);
      if (!run) return `${p.code} has no attempt ${attempt} of cell ${cell}.`;
      if (run.endedHow === null) return `Attempt ${attempt} of ${cell} has not ended.`;
      if (run.voided) return `Attempt ${attempt} of ${cell} is void.`;
      return [{ kind: 'attempt_chosen', payload: { participantId, cell, attempt } }];
    });
  }

  private record(studyKey: string, participantId: string, decide: (p: ParticipantState, all: ParticipantState[]) => StudyEvent[] | string): Result<ParticipantRow> {
    const found = this.c.participant(studyKey, participantId);
    if (!found.ok) return found;
    const decided = decide(found.value.p, found.value.state.participants);
    if (typeof decided === 'string') return fail('conflict', decided);
    const appended = this.c.logs.append(studyKey, decided);
    if (!appended.ok) return appended;
    const after = this.c.participant(studyKey, participantId);
    return after.ok ? ok(participantRow(after.value.p)) : after;
  }
}
