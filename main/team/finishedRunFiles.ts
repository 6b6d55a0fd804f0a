import { fail, ok, type Result } from '../../shared/result.js';
import type { EventLog } from '../db/eventLog.js';
import { workspaceFilesFromLog, workspaceOf } from '../workspace/workspaceLog.js';
import { requestedEnd } from './teamCheck.js';

/**
 * A finished team run's workspace as its log records it at the end, for read-only viewing (Results, the dashboard,
 * the seat after the end). Nothing is appended: the run is over, and a look at it is not the participant's tool call.
 * A live run is refused, because there every read is the participant's recorded `read_file`.
 */
export function finishedRunFiles(log: EventLog, sessionId: string): Result<{ files: { path: string; text: string }[] }> {
  if (!log.getSession(sessionId)) return fail('not_found', `No session ${sessionId}.`);
  const stored = log.replay(sessionId);
  if (!workspaceOf(stored)) return fail('bad_request', `Session ${sessionId} has no workspace.`);
  // A submitted run's files are final while its check runs (issue 13): nothing can change them any more.
  if (!stored.some((e) => e.kind === 'ended') && requestedEnd(stored) === null) {
    return fail('conflict', `Session ${sessionId} has not ended yet; while it runs, its files are read with the workspace's own tools.`);
  }
  const files = workspaceFilesFromLog(stored);
  // Logs written before file contents were recorded name only hashes: the files cannot be derived from them.
  if (!files) return fail('not_found', `Session ${sessionId} was recorded before the log held file contents; its final files cannot be derived from the log.`);
  return ok({ files: Object.keys(files).sort().map((path) => ({ path, text: files[path]! })) });
}
