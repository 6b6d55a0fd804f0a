import fs from 'node:fs';
import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';
import { buildTranscript, transcriptPath } from '../../shared/team/export/transcript.js';
import type { ResolvedTask } from '../../shared/team/pack/resolve.js';
import { foldSession, type SessionState } from '../../shared/team/engine/state.js';
import type { SessionSummary, StoredEvent } from '../../shared/contract/schemas.js';
import { readAllWorkspaceFiles } from '../workspace/sessionWorkspace.js';
import { workspaceFilesFromLog, workspaceOf } from '../workspace/workspaceLog.js';
import type { StudyLibrary } from '../studies/studyLibrary.js';
import { writeFileAtomic } from '../files/atomicWrite.js';
import { personRunFromLog } from './personRun.js';
import { engineEvents } from './teamLog.js';
import { findTeamTask } from './taskSource.js';
import type { LoadedTask } from './pack/loadTask.js';

export interface TeamTranscriptFile {
  /** `transcripts/<dimension>/<scenario>/human_<code>/<version>_seed<k>.json`, relative to a study's results folder. */
  rel: string;
  content: string;
  score: { pass: boolean; outcome: string };
}

/** The benchmark transcript of a finished run, its final files from the log (from disk only for logs that predate them). */
export function teamTranscript(
  task: ResolvedTask,
  state: SessionState,
  stored: readonly StoredEvent[],
  participant?: string,
): Result<TeamTranscriptFile> {
  if (!state.ended) return fail('conflict', 'The run has not ended yet; export it after it is submitted or its rounds run out.');
  const ws = workspaceOf(stored);
  const finalFiles = workspaceFilesFromLog(stored) ?? (ws && fs.existsSync(ws.root) ? readAllWorkspaceFiles(ws.root) : {});
  const run = personRunFromLog(task, state, stored, { hashesBefore: ws?.hashes_before ?? {}, finalFiles });
  // A code corrected in the study log (before any run finished) names the file, not the id the session was started with.
  if (participant !== undefined) run.participant = participant;
  const rel = transcriptPath(run);
  if (!rel.ok) return rel;
  const transcript = buildTranscript(run);
  if (!transcript.ok) return transcript;
  return ok({
    rel: rel.value.replace(/^results\//, ''),
    content: JSON.stringify(transcript.value, null, 2) + '\n',
    score: { pass: run.score.pass, outcome: run.score.outcome },
  });
}

/** The same, for a stored session alone: the task is found in the library by the session's study and task. */
export function teamTranscriptFromLog(
  library: StudyLibrary,
  session: Pick<SessionSummary, 'id' | 'studyKey' | 'taskId'>,
  stored: readonly StoredEvent[],
  participant?: string,
  /** A caller writing many runs passes a memo: reading a pack is the slow part. */
  findTask: (studyKey: string, taskId: string) => Result<LoadedTask> = (studyKey, taskId) => findTeamTask(library, studyKey, taskId),
): Result<TeamTranscriptFile> {
  const events = engineEvents(stored);
  const started = events.find((e) => e.type === 'session_started');
  if (!started || started.type !== 'session_started') return fail('bad_request', `Session ${session.id} is not a team session.`);
  const found = findTask(session.studyKey, session.taskId);
  if (!found.ok) return found;
  return teamTranscript(found.value.versions[started.version], foldSession(events), stored, participant);
}

/**
 * Writes a finished run to `<resultsRoot>/results/transcripts/<dimension>/<scenario>/human_<id>/<version>_seed<k>.json`
 * (the one-run-at-a-time export). It never replaces a different run's file: a reused id is refused, not overwritten.
 */
export function exportTeamRun(
  resultsRoot: string,
  task: ResolvedTask,
  state: SessionState,
  stored: readonly StoredEvent[],
): Result<{ path: string; score: { pass: boolean; outcome: string } }> {
  const built = teamTranscript(task, state, stored);
  if (!built.ok) return built;
  const file = path.join(resultsRoot, 'results', ...built.value.rel.split('/'));
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') !== built.value.content) {
    return fail('conflict', `${file} already holds another run; give this participant a different id (nothing was overwritten).`);
  }
  writeFileAtomic(file, built.value.content);
  return ok({ path: file, score: built.value.score });
}
