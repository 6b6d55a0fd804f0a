import { fail, ok, type Result } from '../../shared/result.js';
import { describeProblem } from '../../shared/problems.js';
import type { StudyLibrary } from '../studies/studyLibrary.js';
import { loadTeamPack, type PackLoad } from './pack/loadPack.js';
import { taskStudyKey } from '../../shared/replay/demoKey.js';
import type { LoadedTask } from './pack/loadTask.js';

/**
 * Each team pack loaded once while the library's check of it stands: the library hands out the same task list
 * until a file of the pack changes, so that list keys the load (issue 13: every run started, every session reopened
 * and every results pass parsed the whole pack again). Loads are frozen: one task is shared by every session.
 */
const loads = new WeakMap<object, PackLoad>();

/** A team task of a study in the library, fully validated (the library itself only reads task headers). */
export function findTeamTask(library: StudyLibrary, studyKey: string, taskId: string): Result<LoadedTask> {
  // A quick-seat demo session's key is `demo:<study key>` (shared/replay/demoKey.ts): its task is the study's.
  const study = library.open(taskStudyKey(studyKey));
  if (!study) return fail('not_found', `No study "${studyKey}" in the library.`);
  if (study.kind !== 'team') return fail('bad_request', `"${study.title}" is not a team study.`);
  let pack = loads.get(study.tasks);
  if (!pack) {
    pack = deepFreeze(loadTeamPack(study.dir));
    loads.set(study.tasks, pack);
  }
  const task = pack.tasks.find((t) => t.task.id === taskId);
  if (task) return ok(task);
  const own = pack.problems.filter((p) => p.file.includes(taskId));
  if (own.length > 0) return fail('invalid_pack', `Task "${taskId}" does not validate: ${own.map(describeProblem).join('; ')}`);
  return fail('not_found', `Study "${study.title}" has no team task "${taskId}".`);
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
  return value;
}
