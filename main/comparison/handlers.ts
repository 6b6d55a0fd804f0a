import type { comparisonMethods } from '../../shared/contract/comparison.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import { scanStation, writeStationBundle } from '../bundle/stationBundle.js';
import { comparisonForStudy } from './comparisonView.js';
import { heldComparisons } from './heldViews.js';
import { importCache } from './importCache.js';

/**
 * People beside models and the station's study bundle (experimenter scope: no link policy lets a participant or a
 * rater call these).
 */
export function setupComparisonHandlers(s: AppServices): Pick<AppHandlers, keyof typeof comparisonMethods> {
  const imports = importCache();
  const comparisons = heldComparisons((r) => comparisonForStudy(s, r.studyKey, r.sources, r.fixture, imports));
  return {
    comparisonView: (args) => comparisons.screen(args),
    comparisonCsv: (args) => comparisons.csv(args),
    bundleScan: ({ studyKey, names }) => scanStation(s, studyKey, names),
    bundleWrite: ({ studyKey, names, decisions }) => writeStationBundle(s, studyKey, names, decisions),
  };
}
