import type { StudyState } from '../../shared/study/fold.js';
import type { MissingRun } from '../../shared/team/export/resultTypes.js';
import { evaluatedModelId } from '../../shared/team/export/transcript.js';

/**
 * The planned runs that are absent because their cell was played and voided, with no attempt of it counted and none
 * asked for again (issue 25: the Results screen counted them as "not played yet"). Still absent from the data, so
 * final_results.json lists them in `missing_runs` as before; the screen says which are which.
 */
export function voidedAndNotReplayed(state: StudyState, missing: readonly MissingRun[]): MissingRun[] {
  const byModel = new Map(state.participants.map((p) => [evaluatedModelId(p.code), p]));
  return missing.filter((m) => {
    const p = byModel.get(m.model);
    if (!p?.plan || m.seed === null) return false;
    const step = p.plan.steps.find(
      (s) => s.kind === 'run' && s.cell.kind === 'team' && !s.cell.practice && s.cell.taskId === m.scenario && s.cell.version === m.version && s.cell.seed === m.seed,
    );
    if (!step || (step.kind !== 'run' && step.kind !== 'practice')) return false;
    const runs = p.runs.filter((r) => r.cell === step.cell.cell);
    const rerunWaiting = p.detour?.cell === step.cell.cell || (p.currentRun === null && p.plan.steps[p.stepIndex] === step);
    return runs.length > 0 && runs.every((r) => r.voided !== null) && !rerunWaiting;
  });
}
