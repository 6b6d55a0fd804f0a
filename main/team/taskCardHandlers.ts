import { ok } from '../../shared/result.js';
import type { taskCardMethods } from '../../shared/contract/taskCard.js';
import { buildTaskCard } from '../../shared/team/pack/taskCard.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import { findTeamTask } from './taskSource.js';

export function setupTaskCardHandlers(s: AppServices): Pick<AppHandlers, keyof typeof taskCardMethods> {
  return {
    teamTaskCard: ({ studyKey, taskId }) => {
      const found = findTeamTask(s.library, studyKey, taskId);
      return found.ok ? ok(buildTaskCard(found.value.task, found.value.versions)) : found;
    },
  };
}
