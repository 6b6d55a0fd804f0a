import { DEFAULT_TIME_LIMIT_MINUTES } from '../../shared/judge/query.js';
import { fail, ok, type Result } from '../../shared/result.js';
import type { PlanCell } from '../../shared/study/model.js';
import type { AppServices } from '../app/appServices.js';
import { teamSessionsOf } from '../team/teamSessionsOf.js';
import { RUN_STARTED, type RunStarted } from '../slackSeat/runLog.js';
import { findQuery, loadSlackStudy } from '../slackSeat/slackStudy.js';
import { studyImportTarget } from '../slackSeat/studyWorkspace.js';
import { slackWorkspacesOf } from '../slackSeat/slackWorkspacesOf.js';
import { notReady } from './slackPreparation.js';

/**
 * Starts the session that plays one plan cell: a team session through the team runner (the plan's task, version
 * and seed), or a Slack query run. Every call makes a new session: a rerun of a cell is a new attempt, never the
 * earlier run reopened.
 */
export async function startCellRun(s: AppServices, studyKey: string, code: string, cell: PlanCell): Promise<Result<{ seat: 'team' | 'slack'; runId: string }>> {
  if (cell.kind === 'team') {
    const started = await teamSessionsOf(s).start({
      studyKey,
      taskId: cell.taskId,
      participant: code,
      version: cell.version,
      seed: cell.seed,
      timeLimitSec: cell.timeLimitSec,
      timeWarningSec: cell.timeWarningSec,
    });
    return started.ok ? ok({ seat: 'team', runId: started.value.sessionId }) : started;
  }
  const log = s.database.eventLog;
  if (!log) return fail('database', 'The session database cannot be used.');
  const study = loadSlackStudy(s.library, studyKey);
  if (!study.ok) return study;
  const query = findQuery(study.value, cell.queryId);
  if (!query.ok) return query;
  const target = studyImportTarget(study.value, query.value);
  if (!target.ok) return target;
  // The app's one SlackWorkspaces: a missing workspace starts importing now (normally it was prepared when the
  // participant was started), and two participants starting at once join the same import.
  const ws = slackWorkspacesOf(s).ensure(target.value);
  if (ws.status !== 'ready') return notReady(ws);
  const session = log.createSession({ studyKey, taskId: cell.queryId, participant: code, meta: { kind: 'slack' } });
  const payload: RunStarted = {
    studyKey,
    queryId: cell.queryId,
    category: query.value.category,
    participant: code,
    workspaceId: target.value.workspaceId,
    timeLimitMinutes: cell.timeLimitSec !== undefined ? cell.timeLimitSec / 60 : (query.value.timeLimitMinutes ?? DEFAULT_TIME_LIMIT_MINUTES),
  };
  const event = log.append(session.id, RUN_STARTED, payload);
  s.bus.emit({ type: 'session.event', event });
  return ok({ seat: 'slack', runId: session.id });
}
