import fs from 'node:fs';
import { z } from 'zod';
import type { VerdictRun } from '../../../shared/team/verdictTests/schema.js';
import type { TeamView } from '../../../shared/team/viewSchema.js';
import { playTurn, startTeamRun, type ExportedRun, type TeamHttpHost } from '../../testing/teamHttpHost.js';

/** What one replayed run came to: the verdict the exported transcript records, and how much of the run was played. */
export interface PlayedVerdict {
  got: 'pass' | 'fail';
  outcome: string;
  /** Messages sent before the run stopped taking them (rounds used up, a teammate ended it). */
  sent: number;
  /** Whether the answer was submitted (false when there was none, or the run had already ended). */
  submitted: boolean;
  /** The exported transcript's path (for `--explain`). */
  transcriptPath: string;
}

const transcriptScore = z.object({ score: z.object({ pass: z.boolean(), outcome: z.string() }) });

/**
 * Plays one verdict test run as a person in the seat would, through the host's HTTP API: a fresh session (its own
 * participant code) in the run's version under the version's first seed; each message sent once the previous one's
 * replies are recorded (teamSend answers after the teammates' replies are persisted); the answer submitted at the
 * end. Messages are sent whatever the teammates reply; a run that stops taking messages (its rounds used up, a
 * teammate walked away) is checked as it stands, as a person's would be. The verdict is read from the transcript
 * the export writes, the file a study's results are made of.
 */
export async function playVerdictRun(
  host: TeamHttpHost,
  start: { studyKey: string; taskId: string; participant: string; seed: number },
  run: VerdictRun,
): Promise<PlayedVerdict> {
  let view: TeamView = await startTeamRun(host, { ...start, version: run.version });
  let sent = 0;
  for (const m of run.messages) {
    if (view.status !== 'your_turn') break;
    view = await playTurn(host, view.sessionId, { say: m.text, to: m.to });
    sent++;
  }
  let submitted = false;
  // Submitted only on the participant's turn, as the seat offers it; a run already over is checked as it stands.
  if (view.status === 'your_turn') {
    view = await host.call<TeamView>('teamSubmit', { sessionId: view.sessionId, ...(run.answer !== undefined ? { answer: run.answer } : {}) });
    submitted = run.answer !== undefined;
  }
  if (view.status === 'checking') view = await host.untilChecked(view.sessionId);
  if (view.status !== 'ended') throw new Error(`${start.taskId} ${run.version} ${run.id}: the run did not end (status ${view.status})`);
  const exported = await host.call<ExportedRun>('teamExport', { sessionId: view.sessionId });
  const recorded = transcriptScore.parse(JSON.parse(fs.readFileSync(exported.path, 'utf8'))).score;
  if (recorded.pass !== exported.score.pass) throw new Error(`${start.taskId} ${run.id}: the transcript and the export disagree on the verdict`);
  return { got: recorded.pass ? 'pass' : 'fail', outcome: recorded.outcome, sent, submitted, transcriptPath: exported.path };
}
