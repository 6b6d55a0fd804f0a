import { fail, type Result } from '../../shared/result.js';
import type { AppServices } from '../app/appServices.js';
import { monotonicMicros } from '../db/monotonic.js';
import { runStatus } from './runLog.js';
import type { SlackRuns } from './runs.js';
import type { SlackWorkspaces } from './workspaces.js';

/**
 * Deletes a workspace unless it belongs to a built-in study (shipped with the app: deleting it would only bring it
 * back) or an unanswered query run browses it (the participant would lose the workspace mid-query).
 */
export function deleteWorkspace(
  s: AppServices,
  workspaces: SlackWorkspaces,
  runs: SlackRuns,
  workspaceId: string,
): Result<{ deleted: true }> {
  const status =
    workspaces.known(workspaceId) ??
    (() => {
      const meta = workspaces.files.readMeta(workspaceId);
      return meta ? { title: meta.title, studyKey: meta.studyKey } : null;
    })();
  const studyKey = status?.studyKey ?? null;
  if (studyKey !== null) {
    const study = s.library.list().find((st) => st.key === studyKey);
    if (study?.origin === 'built-in') {
      return fail(
        'conflict',
        `"${status?.title ?? workspaceId}" is the workspace of the built-in study "${study.title}" and cannot be deleted.`,
      );
    }
    const now = monotonicMicros();
    const open = runs
      .list(studyKey)
      .filter((r) => r.started.workspaceId === workspaceId && runStatus(r, now) !== 'submitted');
    if (open.length) {
      const who = [...new Set(open.map((r) => r.started.participant))].join(', ');
      return fail(
        'conflict',
        `"${status?.title ?? workspaceId}" is in use by ${open.length} unanswered query run(s) (${who}); it can be deleted once they are answered.`,
      );
    }
  }
  return workspaces.remove(workspaceId);
}
