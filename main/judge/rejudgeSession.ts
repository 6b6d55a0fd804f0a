import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';
import type { AppServices } from '../app/appServices.js';
import { writeFileAtomic } from '../files/atomicWrite.js';
import { createFileSecretStore } from '../secrets/fileSecretStore.js';
import type { SecretStore } from '../secrets/secretStore.js';
import { findTeamTask } from '../team/taskSource.js';
import { engineEvents } from '../team/teamLog.js';
import { rejudgeRun, type RejudgeReport } from './rejudge.js';
import { panelLabellerOf } from './studyLabeller.js';
import { readStudyPanel } from './studyPanel.js';

/** Where a run's re-judging reports go: beside the data, never inside the run's log or its results. */
export const REJUDGING_DIR = 'rejudging';

/**
 * Re-judges one finished team run with its study's panel and writes the comparison to
 * `<data>/rejudging/<session id>/<time>-<prompt sha256 prefix>.json`. The run itself is only read.
 */
export async function rejudgeSession(
  s: AppServices,
  sessionId: string,
  secrets: SecretStore = s.options.secretStore ?? createFileSecretStore(s.options.dataDir),
): Promise<Result<{ path: string; report: RejudgeReport }>> {
  const log = s.database.eventLog;
  if (!log) return fail('database', 'The session database cannot be used.');
  const summary = log.getSession(sessionId);
  if (!summary) return fail('not_found', `No session ${sessionId}.`);
  const events = engineEvents(log.replay(sessionId));
  const started = events.find((e) => e.type === 'session_started');
  if (!started || started.type !== 'session_started') return fail('bad_request', `Session ${sessionId} is not a team session.`);
  if (!events.some((e) => e.type === 'ended')) return fail('conflict', `Session ${sessionId} has not finished; re-judge it after it ends.`);
  if (!s.settings.get().judge.panels) {
    return fail('bad_request', 'Judge panels are off in Settings, so no request may be sent: turn on "Let study judge panels call their endpoints" to re-judge.');
  }
  const dir = s.library.dirOf(summary.studyKey);
  const read = dir ? readStudyPanel(dir) : { panel: null, problems: [] };
  if (!read.panel) {
    const why = read.problems[0] ? `${read.problems[0].file}${read.problems[0].line ? `:${read.problems[0].line}` : ''}: ${read.problems[0].message}` : 'it has no `labeller:` section';
    return fail('bad_request', `Study ${summary.studyKey} has no judge panel to re-judge with: ${why}.`);
  }
  const found = findTeamTask(s.library, summary.studyKey, summary.taskId);
  if (!found.ok) return found;
  const { config, template } = read.panel;
  const report = await rejudgeRun({
    session: { id: sessionId, studyKey: summary.studyKey },
    task: found.value.task,
    resolved: found.value.versions[started.version],
    events,
    panel: panelLabellerOf(s, summary.studyKey, read.panel, secrets),
    template,
    models: { referee: config.referee.model, second: config.second.model, third: config.third.model },
  });
  const file = path.join(s.options.dataDir, REJUDGING_DIR, sessionId, `${report.created_at.replace(/[:.]/g, '-')}-${template.hash.slice(0, 12)}.json`);
  writeFileAtomic(file, `${JSON.stringify(report, null, 2)}\n`);
  return ok({ path: file, report });
}
