import type { StudyLibrary } from '../studies/studyLibrary.js';
import type { LoadedTask } from '../team/pack/loadTask.js';
import { findTeamTask } from '../team/taskSource.js';
import { normaliseWorkspacePath } from '../workspace/paths.js';
import { taskVersions, type TaskVersion } from '../../shared/team/pack/schema.js';

/** A task's starting workspace files in one version, as a team session writes them at its start. */
export function startingFiles(task: LoadedTask, version: string | null): Record<string, string> | null {
  const v = (taskVersions as readonly string[]).includes(version ?? '') ? (version as TaskVersion) : 'alone';
  const files: Record<string, string> = {};
  for (const f of task.versions[v].workspace.files) {
    const clean = normaliseWorkspacePath(f.path);
    if (clean.ok && clean.value) files[clean.value] = f.text ?? '';
  }
  return files;
}

/**
 * The task a run played: by its study when known (a session), else by scenario id over every team study in the
 * library (a transcript file names only its scenario). Null when no pack holds it.
 */
export function findRunTask(library: StudyLibrary, scenario: string | null, studyKey?: string): LoadedTask | null {
  if (!scenario) return null;
  if (studyKey) {
    const found = findTeamTask(library, studyKey, scenario);
    return found.ok ? found.value : null;
  }
  // The library's study details already list their task ids: only the pack that holds the scenario is loaded.
  for (const study of library.list()) {
    if (study.kind !== 'team' || study.problems.length > 0) continue;
    if (!library.open(study.key)?.tasks.some((t) => t.id === scenario)) continue;
    const found = findTeamTask(library, study.key, scenario);
    if (found.ok) return found.value;
  }
  return null;
}
