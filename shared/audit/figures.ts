/**
 * The audit's figures as a fold over what was recorded (issue 27): per task, labels audited, agreement of the
 * auditors with the labeller (percent and Cohen's kappa with bootstrap intervals, the labelling report's own
 * comparison), and the branch-disputed runs. Items of runs that no longer count (voided, withdrawn, superseded,
 * erased) are left out here; their audit records stay in the auditors' logs.
 */
import { compare } from '../labelling/compare.js';
import type { Comparison } from '../labelling/report-schema.js';
import { wouldChange } from './deciding.js';

export interface FigureItem {
  itemId: string;
  runId: string;
  taskId: string;
  round: number;
  message: number;
  recorded: string;
  outcomes: Record<string, string>;
  /** Whether its run is a counted run of the study now. */
  counted: boolean;
}

export interface FigureAnswer {
  auditor: string;
  itemId: string;
  label: string;
}

export interface AuditDispute {
  itemId: string;
  auditor: string;
  round: number;
  recorded: string;
  audited: string;
  /** The auditor's label would have made the teammates say or do something else next. */
  changesLine: boolean;
}

export interface BranchDisputedRun {
  runId: string;
  taskId: string;
  /** The first round whose deciding label is disputed in a way that changes the line. */
  round: number;
  reason: string;
}

export interface TaskAuditFigures {
  taskId: string;
  /** Deciding labels with at least one audit. */
  itemsAudited: number;
  /** Audits (an item audited by two auditors counts twice). */
  labelsAudited: number;
  agree: number;
  comparison: Comparison | null;
  disputes: AuditDispute[];
  branchDisputed: BranchDisputedRun[];
}

export interface AuditFigures {
  tasks: TaskAuditFigures[];
  branchDisputed: BranchDisputedRun[];
  /** Audits of items whose run does not count now (or is gone): kept, not in the figures. */
  leftOut: number;
}

export function auditFigures(
  items: readonly FigureItem[],
  answers: readonly FigureAnswer[],
  labelSets: Readonly<Record<string, readonly string[]>>,
  options: { seed?: number; resamples?: number } = {},
): AuditFigures {
  const byId = new Map(items.map((i) => [i.itemId, i]));
  let leftOut = 0;
  const perTask = new Map<string, Array<{ item: FigureItem; answer: FigureAnswer }>>();
  for (const a of answers) {
    const item = byId.get(a.itemId);
    if (!item || !item.counted) {
      leftOut++;
      continue;
    }
    const list = perTask.get(item.taskId) ?? [];
    list.push({ item, answer: a });
    perTask.set(item.taskId, list);
  }
  const tasks: TaskAuditFigures[] = [...perTask.keys()].sort().map((taskId) => {
    const list = perTask.get(taskId)!;
    const pairs = list.map(({ item, answer }) => ({ itemId: item.itemId, first: item.recorded, second: answer.label }));
    const categories = [...new Set([...(labelSets[taskId] ?? []), ...pairs.flatMap((p) => [p.first, p.second])])];
    const disputes: AuditDispute[] = list
      .filter(({ item, answer }) => answer.label !== item.recorded)
      .map(({ item, answer }) => ({
        itemId: item.itemId,
        auditor: answer.auditor,
        round: item.round,
        recorded: item.recorded,
        audited: answer.label,
        changesLine: wouldChange({ outcomes: item.outcomes, recorded: { label: item.recorded } }, answer.label),
      }));
    const branchDisputed = disputedRuns(list, disputes);
    return {
      taskId,
      itemsAudited: new Set(list.map((x) => x.item.itemId)).size,
      labelsAudited: list.length,
      agree: list.length - disputes.length,
      comparison: compare(pairs, categories, { seed: options.seed ?? 0, ...(options.resamples !== undefined ? { resamples: options.resamples } : {}) }),
      disputes,
      branchDisputed,
    };
  });
  return { tasks, branchDisputed: tasks.flatMap((t) => t.branchDisputed), leftOut };
}

/** A run is branch-disputed when some auditor's label of one of its deciding labels would have changed the line. */
function disputedRuns(list: ReadonlyArray<{ item: FigureItem }>, disputes: readonly AuditDispute[]): BranchDisputedRun[] {
  const itemOf = new Map(list.map(({ item }) => [item.itemId, item]));
  const byRun = new Map<string, AuditDispute[]>();
  for (const d of disputes) {
    if (!d.changesLine) continue;
    const runId = itemOf.get(d.itemId)!.runId;
    byRun.set(runId, [...(byRun.get(runId) ?? []), d]);
  }
  return [...byRun.entries()]
    .map(([runId, ds]) => {
      const first = [...ds].sort((a, b) => a.round - b.round)[0]!;
      const taskId = itemOf.get(first.itemId)!.taskId;
      const reason =
        `round ${first.round}: labelled "${first.recorded}", audited "${first.audited}", which would have changed the teammate's next line` +
        (ds.length > 1 ? ` (${ds.length} such audits in this run)` : '');
      return { runId, taskId, round: first.round, reason };
    })
    .sort((a, b) => a.runId.localeCompare(b.runId));
}
