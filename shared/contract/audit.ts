import { z } from 'zod';
import { method } from './define.js';
import { participantSchema, sessionIdSchema } from './schemas.js';
import { linkSchema } from './access.js';

/**
 * The label-fidelity audit (issue 27). An auditor is sent deciding labels blind: the conversation up to the
 * labelled message and the task's labels, never the label given, its labeller, the run's participant, version or
 * outcome, or another auditor's answers. The overview and the figures are the experimenter's.
 */
export const auditItemSchema = z.object({
  itemId: z.string(),
  taskTitle: z.string(),
  labels: z.array(z.object({ id: z.string(), definition: z.string() })),
  conversation: z.array(z.object({ seat: z.string(), to: z.string(), text: z.string(), you: z.boolean() })),
});
export type AuditItem = z.infer<typeof auditItemSchema>;

export const auditStateSchema = z.object({
  /** The auditor's own current labels, by item. */
  answers: z.record(z.string(), z.object({ label: z.string(), at: z.string() })),
  /** The item Undo would take back. */
  lastAction: z.string().nullable(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
});
export type AuditState = z.infer<typeof auditStateSchema>;

export const auditViewSchema = auditStateSchema.extend({
  sessionId: sessionIdSchema,
  studyKey: z.string(),
  studyTitle: z.string(),
  auditor: z.string(),
  queue: z.array(auditItemSchema),
  /** The first item without a label; null when every item has one. */
  resumeAt: z.string().nullable(),
  resumed: z.boolean(),
});
export type AuditView = z.infer<typeof auditViewSchema>;

const estimate = z.object({ value: z.number().nullable(), low: z.number().nullable(), high: z.number().nullable() });

export const auditRunRefSchema = z.object({
  runId: z.string(),
  participant: z.string(),
  version: z.string(),
  seed: z.number().int(),
  round: z.number().int(),
  reason: z.string(),
});

export const auditOverviewSchema = z.object({
  studyKey: z.string(),
  title: z.string(),
  /** `every deciding label`, `2 deciding labels per run`, `25% of deciding labels`. */
  sample: z.string(),
  seed: z.number().int(),
  disputedBranch: z.enum(['count', 'exclude']),
  /** Deciding labels in counted runs, and how many of them the sample asks about. */
  deciding: z.number().int(),
  sampled: z.number().int(),
  auditors: z.array(z.object({ auditor: z.string(), sessionId: z.string(), done: z.number().int(), total: z.number().int() })),
  tasks: z.array(
    z.object({
      taskId: z.string(),
      title: z.string(),
      itemsAudited: z.number().int(),
      labelsAudited: z.number().int(),
      agree: z.number().int(),
      agreement: estimate,
      kappa: estimate,
      /** Audits that disagree with the labeller, and of those, the ones that would have changed the teammate's line. */
      disagree: z.number().int(),
      changesLine: z.number().int(),
      branchDisputed: z.array(auditRunRefSchema),
    }),
  ),
  /** Audits of runs that no longer count (voided, withdrawn, superseded, erased): kept, not in the figures. */
  leftOut: z.number().int(),
  problems: z.array(z.string()),
});
export type AuditOverview = z.infer<typeof auditOverviewSchema>;

const studyKey = z.string().min(1);

export const auditMethods = {
  /** Experimenter: the audit's sample, auditors' progress and figures per task. */
  auditOverview: method(z.object({ studyKey }).strict(), auditOverviewSchema),
  /** Experimenter: an auditor's link (the audit queue only). */
  auditorLink: method(z.object({ studyKey, auditor: participantSchema }).strict(), linkSchema),
  /** Starts or resumes an auditor's queue; items are sent blind. */
  openAudit: method(z.object({ studyKey, auditor: participantSchema }).strict(), auditViewSchema),
  /** `ms`: from the item shown to the label confirmed. */
  giveAuditLabel: method(
    z.object({ sessionId: sessionIdSchema, itemId: z.string().min(1).max(100), label: z.string().min(1).max(200), ms: z.number().nonnegative().max(86_400_000) }).strict(),
    auditStateSchema,
  ),
  /** Takes back the auditor's latest label. */
  undoAuditLabel: method(z.object({ sessionId: sessionIdSchema }).strict(), auditStateSchema.extend({ undone: z.string().nullable() })),
};
