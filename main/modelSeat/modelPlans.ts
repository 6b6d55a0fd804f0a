import type { PlannedScenario } from '../../shared/team/export/resultTypes.js';
import type { AppServices } from '../app/appServices.js';
import { loadModelStudy, modelPlans } from './modelConfig.js';
import { modelRunsOf } from './modelResults.js';

/**
 * The planned runs of every model that has played in this study (every counted task × version × seed), keyed by
 * model id: the scorer lists the absent ones in `missing_runs`, so a run stopped by an endpoint error stays missing
 * until a retry finishes it. Models configured but never run are not listed.
 */
export function modelPlansOf(s: Pick<AppServices, 'database' | 'library'>, studyKey: string): Map<string, PlannedScenario[]> {
  const played = new Set(modelRunsOf(s, studyKey).map((r) => r.record.started?.model_id).filter((id): id is string => id !== undefined));
  if (played.size === 0) return new Map();
  const study = loadModelStudy(s.library, studyKey);
  if (!study.ok) return new Map();
  return new Map([...modelPlans(study.value)].filter(([id]) => played.has(id)));
}
