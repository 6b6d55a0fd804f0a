import type { StudyLibrary } from '../studies/studyLibrary.js';
import type { LoadedTask } from '../team/pack/loadTask.js';
import { findTeamTask } from '../team/taskSource.js';
import { normaliseWorkspacePath } from '../workspace/paths.js';
import { taskVersions, type TaskVersion } from '../../shared/team/pack/schema.js';
import type { ActionTrigger } from '../../shared/replay/roundOrder.js';

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

/**
 * The environment events a task fires on an action (a file edited, a tool called), by their text: what lets a round
 * of a benchmark file put "tests/test_plateau.py changed" after the edit that caused it.
 */
export function packTriggers(task: LoadedTask, version: string | null): ActionTrigger[] {
  const v = (taskVersions as readonly string[]).includes(version ?? '') ? (version as TaskVersion) : 'alone';
  const out: ActionTrigger[] = [];
  for (const seat of task.versions[v].seats) {
    if (seat.kind !== 'environment') continue;
    for (const e of seat.events) {
      if (e.when?.file_edited === undefined && e.when?.tool_called === undefined) continue;
      out.push({ text: e.text, ...(e.when.file_edited !== undefined ? { fileEdited: e.when.file_edited } : {}), ...(e.when.tool_called !== undefined ? { toolCalled: e.when.tool_called } : {}) });
    }
  }
  return out;
}
