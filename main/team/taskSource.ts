import { fail, ok, type Result } from '../../shared/result.js';
import { describeProblem } from '../../shared/problems.js';
import type { StudyLibrary } from '../studies/studyLibrary.js';
import { loadTeamPack } from './pack/loadPack.js';
import { taskStudyKey } from '../../shared/replay/demoKey.js';
import type { LoadedTask } from './pack/loadTask.js';

/** A team task of a study in the library, fully validated (the library itself only reads task headers). */
export function findTeamTask(library: StudyLibrary, studyKey: string, taskId: string): Result<LoadedTask> {
  // A quick-seat demo session's key is `demo:<study key>` (shared/replay/demoKey.ts): its task is the study's.
  const study = library.open(taskStudyKey(studyKey));
  if (!study) return fail('not_found', `No study "${studyKey}" in the library.`);
  if (study.kind !== 'team') return fail('bad_request', `"${study.title}" is not a team study.`);
  const pack = loadTeamPack(study.dir);
  const task = pack.tasks.find((t) => t.task.id === taskId);
  if (task) return ok(task);
  const own = pack.problems.filter((p) => p.file.includes(taskId));
  if (own.length > 0) return fail('invalid_pack', `Task "${taskId}" does not validate: ${own.map(describeProblem).join('; ')}`);
  return fail('not_found', `Study "${study.title}" has no team task "${taskId}".`);
}
