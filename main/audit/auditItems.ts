/**
 * A team study's deciding labels (issue 27), read from its run logs: every label that decided a branch in a run
 * linked to a participant's plan, with whether that run counts now. Each run's labels are worked out once per
 * position of its log (a finished run's log no longer moves), so opening a queue does not replay the engine for
 * every run again.
 */
import { auditItemId, decidingLabelsOf, type ConversationLine, type DecidingLabel } from '../../shared/audit/deciding.js';
import type { StudyState } from '../../shared/study/fold.js';
import type { EventLog } from '../db/eventLog.js';
import type { StudyLibrary } from '../studies/studyLibrary.js';
import { placeRun } from '../study/resultsLayout.js';
import { RunSessionCache } from '../study/runSessionCache.js';
import { findTeamTask } from '../team/taskSource.js';
import { engineEvents } from '../team/teamLog.js';
import { isModelParticipant } from '../modelSeat/modelLog.js';
import type { LoadedTask } from '../team/pack/loadTask.js';
import type { TaskVersion } from '../../shared/team/pack/schema.js';

export interface StudyAuditItem {
  itemId: string;
  runId: string;
  taskId: string;
  version: TaskVersion;
  seed: number;
  /** The participant's code (the experimenter's view and the scorer's `human:<code>`; never sent to an auditor). */
  code: string;
  round: number;
  message: number;
  recorded: DecidingLabel['recorded'];
  outcomes: Record<string, string>;
  conversation: ConversationLine[];
  counted: boolean;
}

export interface StudyAuditItems {
  items: StudyAuditItem[];
  /** Deciding labels per run (message indexes), for sampling. */
  byRun: Map<string, StudyAuditItem[]>;
  tasks: Map<string, LoadedTask>;
  problems: string[];
}

export class AuditItemSource {
  private readonly runLogs = new RunSessionCache();
  private readonly decided = new Map<string, { rev: string; labels: DecidingLabel[] }>();

  constructor(private readonly library: StudyLibrary) {}

  read(log: EventLog, studyKey: string, state: StudyState): StudyAuditItems {
    const items: StudyAuditItem[] = [];
    const byRun = new Map<string, StudyAuditItem[]>();
    const tasks = new Map<string, LoadedTask>();
    const problems: string[] = [];
    for (const run of this.runLogs.runs(log, studyKey)) {
      if (run.seat !== 'team' || run.ended === null || isModelParticipant(run.session.participant)) continue;
      const place = placeRun(state, run);
      if (place.reason === 'pilot') continue;
      const taskId = run.session.taskId;
      let task = tasks.get(taskId);
      if (!task) {
        const found = findTeamTask(this.library, studyKey, taskId);
        if (!found.ok) {
          problems.push(`run ${run.session.id}: ${found.error.message}`);
          continue;
        }
        task = found.value;
        tasks.set(taskId, task);
      }
      const version = run.version as TaskVersion;
      let kept = this.decided.get(run.session.id);
      if (!kept || kept.rev !== run.rev) {
        try {
          kept = { rev: run.rev, labels: decidingLabelsOf(task.task, task.versions[version], engineEvents(run.stored)) };
        } catch (error) {
          problems.push(`run ${run.session.id}: its log could not be read for the audit (${(error as Error).message})`);
          continue;
        }
        this.decided.set(run.session.id, kept);
      }
      const own = kept.labels.map(
        (d): StudyAuditItem => ({
          itemId: auditItemId(run.session.id, d.message),
          runId: run.session.id,
          taskId,
          version,
          seed: run.seed,
          code: place.code,
          round: d.round,
          message: d.message,
          recorded: d.recorded,
          outcomes: d.outcomes,
          conversation: d.conversation,
          counted: place.reason === null,
        }),
      );
      byRun.set(run.session.id, own);
      items.push(...own);
    }
    return { items, byRun, tasks, problems };
  }
}
