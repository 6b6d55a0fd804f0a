import type { comparisonMethods } from '../../shared/contract/comparison.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import { scanStation, writeStationBundle } from '../bundle/stationBundle.js';
import { comparisonForStudy } from './comparisonView.js';

/**
 * People beside models and the station's study bundle (experimenter scope: no link policy lets a participant or a
 * rater call these).
 */
export function setupComparisonHandlers(s: AppServices): Pick<AppHandlers, keyof typeof comparisonMethods> {
  return {
    comparisonView: ({ studyKey, sources, fixture }) => comparisonForStudy(s, studyKey, sources, fixture),
    bundleScan: ({ studyKey, names }) => scanStation(s, studyKey, names),
    bundleWrite: ({ studyKey, names, decisions }) => writeStationBundle(s, studyKey, names, decisions),
  };
}
