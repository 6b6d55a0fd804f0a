import type { teamMethods } from '../../shared/contract/team.js';
import type { AppHandlers, AppServices } from '../app/services.js';

export function setupTeamHandlers(_s: AppServices): Pick<AppHandlers, keyof typeof teamMethods> {
  return {};
}
