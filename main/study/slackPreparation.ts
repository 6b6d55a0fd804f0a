import type { WorkspaceStatus } from '../../shared/contract/slack.js';
import { fail, type Result } from '../../shared/result.js';
import type { Plan } from '../../shared/study/model.js';
import type { AppServices } from '../app/appServices.js';
import { loadSlackStudy } from '../slackSeat/slackStudy.js';
import { slackWorkspacesOf } from '../slackSeat/slackWorkspacesOf.js';
import { studyImportTarget } from '../slackSeat/studyWorkspace.js';

/** What a participant reads while their task's workspace is still importing: nothing for them to ask anyone. */
export const BEING_PREPARED = 'This task is being prepared; press Start again in a moment.';

/**
 * Starts importing every workspace the given queries are played in (all of the study's queries when none are
 * given), so that a participant never waits for one. Problems are logged, not returned: the participant's Start
 * tries again and reports them.
 */
export function prepareStudyWorkspaces(s: AppServices, studyKey: string, queryIds?: readonly string[]): void {
  const study = loadSlackStudy(s.library, studyKey);
  if (!study.ok) return void s.log.warn('slack workspaces not prepared', { studyKey, error: study.error.message });
  const wanted = queryIds ? new Set(queryIds) : null;
  const seen = new Set<string>();
  for (const query of study.value.queries) {
    if (wanted && !wanted.has(query.id)) continue;
    const target = studyImportTarget(study.value, query);
    if (!target.ok) {
      s.log.warn('slack workspace not prepared', { studyKey, queryId: query.id, error: target.error.message });
      continue;
    }
    if (seen.has(target.value.workspaceId)) continue;
    seen.add(target.value.workspaceId);
    slackWorkspacesOf(s).ensure(target.value);
  }
}

/** The Slack queries a plan plays (practice included). */
export function slackQueriesOf(plan: Plan): string[] {
  return plan.steps.flatMap((st) => ((st.kind === 'run' || st.kind === 'practice') && st.cell.kind === 'slack' ? [st.cell.queryId] : []));
}

/** A workspace that is not ready after ensure(): still importing → try again soon; failed → the experimenter must look. */
export function notReady(status: WorkspaceStatus): Result<never> {
  return status.status === 'importing'
    ? fail('conflict', BEING_PREPARED)
    : fail('conflict', 'This task cannot be started yet. Please ask the experimenter.');
}
