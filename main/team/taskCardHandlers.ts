import { ok } from '../../shared/result.js';
import type { taskCardMethods } from '../../shared/contract/taskCard.js';
import { buildTaskCard } from '../../shared/team/pack/taskCard.js';
import { taskStudyKey } from '../../shared/replay/demoKey.js';
import { rulesStatusOf, type RulesStatus } from '../../shared/team/labelTests/rulesStatus.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import { findTeamTask } from './taskSource.js';
import { loadLabelTests } from './pack/loadLabelTests.js';
import type { LoadedTask } from './pack/loadTask.js';

// The loaded task is shared while the library's check of its pack stands, so its set is measured once per change.
const measured = new WeakMap<LoadedTask, RulesStatus>();

export function setupTaskCardHandlers(s: AppServices): Pick<AppHandlers, keyof typeof taskCardMethods> {
  return {
    teamTaskCard: ({ studyKey, taskId }) => {
      const found = findTeamTask(s.library, studyKey, taskId);
      if (!found.ok) return found;
      let status = measured.get(found.value);
      if (!status) {
        const dir = s.library.dirOf(taskStudyKey(studyKey));
        status = rulesStatusOf(found.value.versions, dir ? loadLabelTests(dir, found.value).set : null);
        measured.set(found.value, status);
      }
      return ok(buildTaskCard(found.value.task, found.value.versions, status));
    },
  };
}
