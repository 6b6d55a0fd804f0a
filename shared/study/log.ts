/**
 * The study log: the study-level facts of one study, as events in the app's append-only event log (one session of
 * kind `study` per study). The study's state is a fold over them (fold.ts). Every payload names the participant by
 * their opaque id, so an erasure can find and remove exactly that participant's facts.
 */
import { z } from 'zod';
import { planSchema } from './model.js';

const pid = z.string().regex(/^[a-f0-9]{24}$/);
const answerValue = z.union([z.number().int().min(0), z.array(z.number().int().min(0)), z.string()]);

export const studyEventSchemas = {
  /** `enrolled`: through the study link (the platform id is never here: it stays in the data folder's enrolment map). */
  participant_added: z.object({ participantId: pid, code: z.string(), source: z.enum(['generated', 'pasted', 'enrolled']) }),
  /** The plan is fixed here, with its seed, slot and study version (inside the plan); the completion code too. */
  participant_started: z.object({ participantId: pid, plan: planSchema, completionCode: z.string() }),
  consent_given: z.object({ participantId: pid, step: z.number().int().min(0) }),
  /** Only the refusal is recorded: nothing else of a person who declines. */
  consent_declined: z.object({ participantId: pid }),
  answered: z.object({
    participantId: pid,
    step: z.number().int().min(0),
    screen: z.enum(['screener', 'manipulation_check', 'questionnaire']),
    answers: z.record(z.string(), answerValue),
    /** A screener answer outside the eligible ones ends the visit here. */
    screenedOut: z.boolean().default(false),
  }),
  /** `detour`: leaving a rerun of an earlier cell, back to where the participant was. */
  step_advanced: z.object({ participantId: pid, from: z.number().int().min(0), to: z.number().int().min(0), detour: z.boolean() }),
  /** Links a plan cell to the session that plays it; a deliberate rerun is attempt 2, 3, … */
  run_started: z.object({
    participantId: pid,
    step: z.number().int().min(0),
    cell: z.string(),
    runId: z.string(),
    attempt: z.number().int().min(1),
    seat: z.enum(['team', 'slack']),
    practice: z.boolean(),
  }),
  run_ended: z.object({ participantId: pid, runId: z.string(), how: z.string() }),
  run_voided: z.object({ participantId: pid, runId: z.string(), reason: z.string() }),
  participant_voided: z.object({ participantId: pid, reason: z.string() }),
  /** An enrolled visit with no recorded action for the study's window: its slot goes to the next new id; nothing is deleted. */
  participant_abandoned: z.object({ participantId: pid, idleMinutes: z.number().min(0) }),
  participant_withdrawn: z.object({ participantId: pid, reason: z.string(), by: z.enum(['participant', 'experimenter']) }),
  code_corrected: z.object({ participantId: pid, from: z.string(), to: z.string() }),
  rerun_requested: z.object({ participantId: pid, cell: z.string(), reason: z.string() }),
  attempt_chosen: z.object({ participantId: pid, cell: z.string(), attempt: z.number().int().min(1) }),
  /** The audit an erasure leaves behind; the erased participant's own events are gone. */
  erasure_performed: z.object({
    participantId: pid,
    events: z.number().int().min(0),
    sessions: z.number().int().min(0),
    /** The run workspaces removed, relative to the data folder (absolute in audits written before issue 24). */
    workspaces: z.array(z.string()),
    /** How many result files went; audits before issue 24 listed them, with the erased code in each name. */
    files: z.union([z.number().int().min(0), z.array(z.string())]),
  }),
} as const;

export type StudyEventKind = keyof typeof studyEventSchemas;
export type StudyEventPayload<K extends StudyEventKind> = z.infer<(typeof studyEventSchemas)[K]>;
export type StudyEvent = { [K in StudyEventKind]: { kind: K; payload: StudyEventPayload<K> } }[StudyEventKind];

export const studyEventKinds = Object.keys(studyEventSchemas) as StudyEventKind[];
export const isStudyEventKind = (kind: string): kind is StudyEventKind => Object.hasOwn(studyEventSchemas, kind);

/** A study event as stored (what fold() reads). */
export interface StoredStudyEvent {
  seq: number;
  wallTime: string;
  kind: string;
  payload: unknown;
}

/** The stored event as a typed study event, or a message naming the event and what is wrong with it. */
export function parseStudyEvent(e: StoredStudyEvent): { ok: true; event: StudyEvent } | { ok: false; message: string } {
  if (!isStudyEventKind(e.kind)) return { ok: false, message: `study event ${e.seq}: unknown kind "${e.kind}"` };
  const parsed = studyEventSchemas[e.kind].safeParse(e.payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: `study event ${e.seq} (${e.kind}) at ${issue?.path.join('.') || 'payload'}: ${issue?.message ?? 'invalid'}` };
  }
  return { ok: true, event: { kind: e.kind, payload: parsed.data } as StudyEvent };
}
