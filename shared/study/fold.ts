/**
 * A study's state as a pure fold over its study log (log.ts): who was added, whose plan is fixed, where each
 * participant is, which runs play which cell, and which attempt of a cell counts. No Node, no database: the study
 * service, the results writer and tests all read the same fold.
 */
import type { ExclusionReason, ParticipantStatus, Plan, PlanStep } from './model.js';
import { parseStudyEvent, type StoredStudyEvent, type StudyEvent, type StudyEventPayload } from './log.js';

export interface StudyRun {
  runId: string;
  cell: string;
  step: number;
  attempt: number;
  seat: 'team' | 'slack';
  practice: boolean;
  startedAt: string;
  endedHow: string | null;
  voided: string | null;
}

export interface ParticipantState {
  id: string;
  code: string;
  source: 'generated' | 'pasted' | 'enrolled';
  addedAt: string;
  /** The wall time of the participant's latest study event (an enrolled visit idle too long is abandoned). */
  lastEventAt: string;
  startedAt: string | null;
  plan: Plan | null;
  completionCode: string | null;
  /** Index of the plan step the participant has reached. */
  stepIndex: number;
  /** A rerun of an earlier cell the participant is sent back to before carrying on at `stepIndex`. */
  detour: { cell: string; step: number } | null;
  /** Changes whenever the current screen changes (so a step token of an old screen no longer matches). */
  moves: number;
  consent: 'given' | 'declined' | null;
  screenedOut: boolean;
  answers: Record<number, StudyEventPayload<'answered'>['answers']>;
  runs: StudyRun[];
  /** The run started on the current screen, if any. */
  currentRun: string | null;
  chosen: Record<string, number>;
  withdrawn: { reason: string; by: 'participant' | 'experimenter'; at: string } | null;
  voided: { reason: string; at: string } | null;
  abandoned: { idleMinutes: number; at: string } | null;
}

export interface StudyState {
  participants: ParticipantState[];
  /** Events that did not parse: reported, never guessed at (the rest of the log still folds). */
  problems: string[];
  erasures: Array<StudyEventPayload<'erasure_performed'> & { at: string }>;
}

export const emptyStudyState = (): StudyState => ({ participants: [], problems: [], erasures: [] });

export function foldStudy(events: readonly StoredStudyEvent[]): StudyState {
  let state = emptyStudyState();
  for (const e of events) {
    const parsed = parseStudyEvent(e);
    if (!parsed.ok) {
      state = { ...state, problems: [...state.problems, parsed.message] };
      continue;
    }
    state = applyStudyEvent(state, parsed.event, e.wallTime);
  }
  return state;
}

const stepIndexOfCell = (plan: Plan | null, cell: string): number =>
  plan?.steps.findIndex((s) => (s.kind === 'run' || s.kind === 'practice') && s.cell.cell === cell) ?? -1;

export function applyStudyEvent(state: StudyState, event: StudyEvent, at: string): StudyState {
  if (event.kind === 'participant_added') {
    const p: ParticipantState = {
      id: event.payload.participantId,
      code: event.payload.code,
      source: event.payload.source,
      addedAt: at,
      lastEventAt: at,
      startedAt: null,
      plan: null,
      completionCode: null,
      stepIndex: 0,
      detour: null,
      moves: 0,
      consent: null,
      screenedOut: false,
      answers: {},
      runs: [],
      currentRun: null,
      chosen: {},
      withdrawn: null,
      voided: null,
      abandoned: null,
    };
    return { ...state, participants: [...state.participants, p] };
  }
  if (event.kind === 'erasure_performed') return { ...state, erasures: [...state.erasures, { ...event.payload, at }] };
  const id = event.payload.participantId;
  const index = state.participants.findIndex((p) => p.id === id);
  if (index < 0) return { ...state, problems: [...state.problems, `${event.kind} for unknown participant ${id}`] };
  const p = { ...applyToParticipant(state.participants[index]!, event, at), lastEventAt: at };
  const participants = state.participants.slice();
  participants[index] = p;
  return { ...state, participants };
}

function applyToParticipant(p: ParticipantState, event: StudyEvent, at: string): ParticipantState {
  switch (event.kind) {
    case 'participant_started':
      return { ...p, startedAt: at, plan: event.payload.plan, completionCode: event.payload.completionCode, stepIndex: 0, moves: p.moves + 1 };
    case 'consent_given':
      return { ...p, consent: 'given' };
    case 'consent_declined':
      return { ...p, consent: 'declined', moves: p.moves + 1 };
    case 'answered':
      return {
        ...p,
        answers: { ...p.answers, [event.payload.step]: event.payload.answers },
        ...(event.payload.screenedOut ? { screenedOut: true, moves: p.moves + 1 } : {}),
      };
    case 'step_advanced':
      // Back from a detour, the step the participant left shows its own latest run again.
      return event.payload.detour
        ? { ...p, detour: null, currentRun: p.runs.filter((r) => r.step === p.stepIndex).at(-1)?.runId ?? null, moves: p.moves + 1 }
        : { ...p, stepIndex: event.payload.to, currentRun: null, moves: p.moves + 1 };
    case 'run_started': {
      const run: StudyRun = { ...event.payload, startedAt: at, endedHow: null, voided: null };
      return { ...p, runs: [...p.runs, run], currentRun: run.runId };
    }
    case 'run_ended':
      return { ...p, runs: p.runs.map((r) => (r.runId === event.payload.runId && r.endedHow === null ? { ...r, endedHow: event.payload.how } : r)) };
    case 'run_voided':
      return { ...p, runs: p.runs.map((r) => (r.runId === event.payload.runId ? { ...r, voided: event.payload.reason } : r)) };
    case 'participant_voided':
      return { ...p, voided: { reason: event.payload.reason, at }, moves: p.moves + 1 };
    case 'participant_abandoned':
      return { ...p, abandoned: { idleMinutes: event.payload.idleMinutes, at }, moves: p.moves + 1 };
    case 'participant_withdrawn':
      return { ...p, withdrawn: { reason: event.payload.reason, by: event.payload.by, at }, moves: p.moves + 1 };
    case 'code_corrected':
      return { ...p, code: event.payload.to };
    case 'rerun_requested': {
      const step = stepIndexOfCell(p.plan, event.payload.cell);
      if (step < 0) return p;
      // A rerun of the step the participant is on is a new attempt right there, not a detour.
      if (step === p.stepIndex) return { ...p, currentRun: null, moves: p.moves + 1 };
      return { ...p, detour: { cell: event.payload.cell, step }, currentRun: null, moves: p.moves + 1 };
    }
    case 'attempt_chosen':
      return { ...p, chosen: { ...p.chosen, [event.payload.cell]: event.payload.attempt } };
    default:
      return p;
  }
}

/** The index of the plan step the participant sees now (a rerun detour first), or null when there is no plan. */
export function currentStepIndex(p: ParticipantState): number | null {
  if (!p.plan) return null;
  return p.detour?.step ?? p.stepIndex;
}

export function currentStep(p: ParticipantState): PlanStep | null {
  const i = currentStepIndex(p);
  return i === null ? null : (p.plan?.steps[i] ?? null);
}

export function participantStatus(p: ParticipantState): ParticipantStatus {
  if (p.voided) return 'void';
  if (p.withdrawn) return 'withdrawn';
  if (p.abandoned) return 'abandoned';
  if (p.consent === 'declined' || p.screenedOut) return 'declined';
  if (!p.plan) return 'invited';
  const step = currentStep(p);
  // A plan without a completion screen ends when the participant moves on from the debrief.
  return p.detour === null && (step === null || step.kind === 'completion') ? 'finished' : 'active';
}

/** A run that ended and was not voided: the kind a code correction must not follow. */
export const hasFinishedRun = (p: ParticipantState) => p.runs.some((r) => r.endedHow !== null && r.voided === null);

/** The attempt of a cell that counts: the one chosen, else the latest that ended (a rerun is asked for when one failed). */
export function countedAttempt(p: ParticipantState, cell: string): number | null {
  const chosen = p.chosen[cell];
  if (chosen !== undefined) return chosen;
  const ended = p.runs.filter((r) => r.cell === cell && r.endedHow !== null && r.voided === null);
  return ended.at(-1)?.attempt ?? null;
}

/** Why a run of this participant is not counted, or null when it is the counted run of its cell. */
export function exclusionOf(p: ParticipantState, run: StudyRun): ExclusionReason | null {
  if (p.voided || run.voided) return 'void';
  if (p.withdrawn) return 'withdrawn';
  if (p.abandoned) return 'abandoned';
  if (run.practice) return 'practice';
  return countedAttempt(p, run.cell) === run.attempt ? null : 'superseded';
}

export function findRun(state: StudyState, runId: string): { participant: ParticipantState; run: StudyRun } | null {
  for (const participant of state.participants) {
    const run = participant.runs.find((r) => r.runId === runId);
    if (run) return { participant, run };
  }
  return null;
}
