import fs from 'node:fs';
import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';
import { buildTranscript, transcriptPath } from '../../shared/team/export/transcript.js';
import type { ResolvedTask } from '../../shared/team/pack/resolve.js';
import type { SessionState } from '../../shared/team/engine/state.js';
import type { StoredEvent } from '../../shared/contract/schemas.js';
import { readAllWorkspaceFiles } from '../workspace/sessionWorkspace.js';
import { personRunFromLog } from './personRun.js';

/**
 * Writes a finished run to `<resultsRoot>/results/transcripts/<dimension>/<scenario>/human_<id>/<version>_seed<k>.json`,
 * the benchmark's own layout, so its scoring scripts read a person's runs beside models' runs.
 */
export function exportTeamRun(
  resultsRoot: string,
  task: ResolvedTask,
  state: SessionState,
  stored: readonly StoredEvent[],
  workspace: { root: string; hashesBefore: Record<string, string> } | null,
): Result<{ path: string; score: { pass: boolean; outcome: string } }> {
  if (!state.ended) return fail('conflict', 'The run has not ended yet; export it after it is submitted or its rounds run out.');
  const run = personRunFromLog(task, state, stored, {
    hashesBefore: workspace?.hashesBefore ?? {},
    finalFiles: workspace ? readAllWorkspaceFiles(workspace.root) : {},
  });
  const rel = transcriptPath(run);
  if (!rel.ok) return rel;
  const transcript = buildTranscript(run);
  if (!transcript.ok) return transcript;
  const file = path.join(resultsRoot, ...rel.value.split('/'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Write then rename, so a reader never sees half a file.
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(transcript.value, null, 2) + '\n');
  fs.renameSync(`${file}.tmp`, file);
  return ok({ path: file, score: { pass: run.score.pass, outcome: run.score.outcome } });
}
