import fs from 'node:fs';
import path from 'node:path';
import { foldStudy, participantStatus, type StudyState } from '../../shared/study/fold.js';
import type { PlannedScenario } from '../../shared/team/export/resultTypes.js';
import { evaluatedModelId } from '../../shared/team/export/transcript.js';
import type { AppServices } from '../app/appServices.js';
import { loadTeamPack } from '../team/pack/loadPack.js';
import { onRunWritten } from '../study/resultsWriter.js';
import { removeFile } from '../files/atomicWrite.js';
import { studyLogKey, STUDY_LOG_TASK } from '../study/studyLog.js';
import { writeFinalResults, FINAL_RESULTS_FILE } from './scoreFolder.js';
import { studyDesign } from './studyDesign.js';
import { modelPlansOf } from '../modelSeat/modelPlans.js';
import { auditServiceOf } from '../audit/auditService.js';

/** Rewrites results/<study id>/final_results.json whenever the results writer changed that folder. */
export function setupStudyScoring(s: AppServices): void {
  s.closers.push(
    onRunWritten(s, (report) => {
      const done = rescoreStudy(s, report.studyKey, report.dir);
      if (done && !done.ok) s.log.warn('final_results.json not written', { studyKey: report.studyKey, problem: done.message });
    }),
  );
}

/**
 * Scores one study's results folder by its protocol's design, listing the planned runs that are absent. A folder
 * with no counted team transcripts (a Slack study, or every run voided or erased) has no final_results.json: one
 * left from before is removed, so an erased participant's scores do not outlive their runs. Returns null then.
 */
export function rescoreStudy(s: AppServices, studyKey: string, dir: string): { ok: true; out: string } | { ok: false; message: string } | null {
  if (!fs.existsSync(path.join(dir, 'transcripts'))) {
    removeFile(path.join(dir, FINAL_RESULTS_FILE));
    return null;
  }
  const packDir = s.library.dirOf(studyKey);
  const { design, poolGateAtLeast } = packDir ? studyDesign(packDir) : { design: 'within' as const, poolGateAtLeast: null };
  const state = studyState(s, studyKey);
  const people = packDir && state ? plannedRuns(state, packDir) : undefined;
  // Models that played here (main/modelSeat) are planned every cell, so a run stopped by an endpoint error is missing.
  const models = modelPlansOf(s, studyKey);
  const plannedByModel = people || models.size > 0 ? new Map([...(people ?? []), ...models]) : undefined;
  // Runs a label audit found branch-disputed (issue 27): named in problems, counted or not by the study's rule.
  const disputedBranches = packDir ? auditServiceOf(s).disputedForScoring(studyKey) : null;
  const written = writeFinalResults(dir, {
    design,
    poolGateAtLeast,
    out: path.join(dir, FINAL_RESULTS_FILE),
    ...(plannedByModel ? { plannedByModel } : {}),
    ...(disputedBranches ? { disputedBranches } : {}),
  });
  return written.ok ? { ok: true, out: written.value.out } : { ok: false, message: written.error.message };
}

export function studyState(s: AppServices, studyKey: string): StudyState | null {
  const log = s.database.eventLog;
  const session = log?.listSessions(studyLogKey(studyKey)).find((x) => x.taskId === STUDY_LOG_TASK);
  return log && session ? foldStudy(log.replay(session.id)) : null;
}

/** Each counted participant's planned team runs (practice left out), keyed by their model id `human:<code>`. */
export function plannedRuns(state: StudyState, packDir: string): Map<string, PlannedScenario[]> {
  const dimensionOf = new Map(loadTeamPack(packDir).tasks.map((t) => [t.task.id, t.task.dimension as string]));
  const out = new Map<string, PlannedScenario[]>();
  for (const p of state.participants) {
    const status = participantStatus(p);
    if (!p.plan || status === 'void' || status === 'withdrawn' || status === 'declined') continue;
    const byTask = new Map<string, PlannedScenario>();
    for (const step of p.plan.steps) {
      if (step.kind !== 'run' || step.cell.kind !== 'team' || step.cell.practice) continue;
      const dimension = dimensionOf.get(step.cell.taskId);
      if (!dimension) continue;
      const planned = byTask.get(step.cell.taskId) ?? { dimension, scenario: step.cell.taskId, seeds: { alone: [], control: [], manipulation: [] } };
      planned.seeds[step.cell.version].push(step.cell.seed);
      byTask.set(step.cell.taskId, planned);
    }
    out.set(evaluatedModelId(p.code), [...byTask.values()]);
  }
  return out;
}
