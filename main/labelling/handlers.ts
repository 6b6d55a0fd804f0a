import type { labellingMethods } from '../../shared/contract/labelling.js';
import type { AppHandlers, AppServices } from '../app/services.js';

export function setupLabellingHandlers(_s: AppServices): Pick<AppHandlers, keyof typeof labellingMethods> {
  return {};
}
