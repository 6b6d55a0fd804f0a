/**
 * An auditor's session is an append-only log (one session per study and auditor, like a rater's); this is its
 * pure fold. An item's answer is its latest label not undone; Undo takes back the session's latest label.
 */
import { z } from 'zod';
import { auditSampleSchema } from './sample.js';

export const AUDIT_TASK = 'audit';
/** Auditor sessions live under their own key, so the study's session list and its results writer never see them. */
export const auditLogKey = (studyKey: string) => `audit:${studyKey}`;

export const auditEventSchemas = {
  /** The sample and seed the study had when this auditor started: recorded, so the queue can be re-derived. */
  audit_started: z.object({ auditor: z.string(), seed: z.number().int(), sample: auditSampleSchema }),
  audit_label_given: z.object({ itemId: z.string(), label: z.string(), ms: z.number().nonnegative() }),
  audit_label_undone: z.object({ itemId: z.string() }),
};

export interface AuditAnswerOf {
  label: string;
  ms: number;
  at: string;
}

export interface AuditSessionState {
  started: z.infer<(typeof auditEventSchemas)['audit_started']> | null;
  answers: Record<string, AuditAnswerOf>;
  /** The item Undo would take back, or null. */
  lastAction: string | null;
  /** Events the fold did not understand (kept in the log, counted so nothing is silently ignored). */
  unknown: number;
}

interface FoldEvent {
  kind: string;
  payload: unknown;
  wallTime: string;
}

export function foldAudit(events: ReadonlyArray<FoldEvent>): AuditSessionState {
  let started: AuditSessionState['started'] = null;
  const stack: Array<{ itemId: string; answer: AuditAnswerOf }> = [];
  let unknown = 0;
  for (const e of events) {
    if (e.kind === 'session_started') continue;
    if (e.kind === 'audit_started') {
      const p = auditEventSchemas.audit_started.safeParse(e.payload);
      if (p.success && !started) started = p.data;
      else unknown++;
      continue;
    }
    if (e.kind === 'audit_label_given') {
      const p = auditEventSchemas.audit_label_given.safeParse(e.payload);
      if (p.success) stack.push({ itemId: p.data.itemId, answer: { label: p.data.label, ms: p.data.ms, at: e.wallTime } });
      else unknown++;
      continue;
    }
    if (e.kind === 'audit_label_undone') {
      const p = auditEventSchemas.audit_label_undone.safeParse(e.payload);
      const at = p.success ? stack.map((a) => a.itemId).lastIndexOf(p.data.itemId) : -1;
      if (at >= 0) stack.splice(at, 1);
      else unknown++;
      continue;
    }
    unknown++;
  }
  const answers: Record<string, AuditAnswerOf> = {};
  for (const { itemId, answer } of stack) answers[itemId] = answer;
  return { started, answers, lastAction: stack.at(-1)?.itemId ?? null, unknown };
}
