import type { comparisonMethods } from '../../shared/contract/comparison.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import { comparisonForStudy } from './comparisonView.js';

/** People beside models: the experimenter's comparison screen (experimenter scope: no link policy lets others in). */
export function setupComparisonHandlers(s: AppServices): Pick<AppHandlers, keyof typeof comparisonMethods> {
  return {
    comparisonView: ({ studyKey, sources, fixture }) => comparisonForStudy(s, studyKey, sources, fixture),
  };
}
