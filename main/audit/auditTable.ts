/**
 * The bundle's audit (issue 27): one row per auditor's current label of a deciding label, beside the labeller's, and
 * the auditors' sessions for events/. Items of runs that no longer count are kept, marked `counted: false`.
 */
import type { StoredEvent } from '../../shared/contract/schemas.js';
import { wouldChange } from '../../shared/audit/deciding.js';
import { AUDIT_TASK, auditLogKey, foldAudit } from '../../shared/audit/session.js';
import type { AppServices } from '../app/appServices.js';
import { auditServiceOf } from './auditService.js';

export const AUDIT_COLUMNS = {
  auditor: 'The auditor id their link was made for.',
  item_id: 'Opaque id of the audited label (the run and message), as the auditor’s log names it.',
  run_id: 'The run whose label was audited; empty when the run was erased since.',
  participant: 'Participant code; empty when erased.',
  task: 'Team task id.',
  version: 'alone, control or manipulation.',
  seed: 'Task seed.',
  round: 'Round of the labelled message.',
  message_index: "Index into the transcript's messages[].",
  labeller_label: 'The label the run used (it decided the scripted teammate’s branch).',
  labeller_source: 'Who gave it: rules, experimenter or llm.',
  auditor_label: 'The auditor’s label, given blind (conversation up to the message and the labels only).',
  agrees: 'true when the two labels are the same.',
  changes_line: "true when the auditor's label would have made the scripted teammates say or do something else next (from the task's script).",
  counted: 'true when the run counts in the study now; audits of voided, withdrawn, superseded or erased runs are kept and left out of the figures.',
  at: 'When the auditor gave the label (ISO 8601).',
} as const;

type Cell = string | number | boolean | null;

export function auditBundlePart(s: AppServices, studyKey: string): { rows: Array<Record<keyof typeof AUDIT_COLUMNS, Cell>>; sessions: Array<{ id: string; taskId: string; participant: string; createdAt: string; events: StoredEvent[] }> } {
  const log = s.database.eventLog;
  const sessions = (log?.listSessions(auditLogKey(studyKey)) ?? []).filter((x) => x.taskId === AUDIT_TASK);
  if (!log || sessions.length === 0) return { rows: [], sessions: [] };
  const items = auditServiceOf(s).items(studyKey);
  const byId = new Map(items.ok ? items.value.items.map((i) => [i.itemId, i]) : []);
  const rows: Array<Record<keyof typeof AUDIT_COLUMNS, Cell>> = [];
  const out = sessions.map((x) => ({ id: x.id, taskId: x.taskId, participant: x.participant, createdAt: x.createdAt, events: log.replay(x.id) }));
  for (const session of out) {
    const state = foldAudit(session.events);
    for (const [itemId, a] of Object.entries(state.answers)) {
      const item = byId.get(itemId);
      rows.push({
        auditor: session.participant,
        item_id: itemId,
        run_id: item?.runId ?? null,
        participant: item?.code ?? null,
        task: item?.taskId ?? null,
        version: item?.version ?? null,
        seed: item?.seed ?? null,
        round: item?.round ?? null,
        message_index: item?.message ?? null,
        labeller_label: item?.recorded.label ?? null,
        labeller_source: item?.recorded.source ?? null,
        auditor_label: a.label,
        agrees: item ? item.recorded.label === a.label : null,
        changes_line: item ? wouldChange(item, a.label) : null,
        counted: item?.counted ?? false,
        at: a.at,
      });
    }
  }
  return { rows, sessions: out };
}
