import { fail, ok, type Result } from '../../shared/result.js';
import type { SessionSummary, StoredEvent } from '../../shared/contract/schemas.js';
import { readTranscript } from '../../shared/replay/readTranscript.js';
import { emptySandbox, fixedRounds, type ParsedRun } from '../../shared/replay/parsedRun.js';
import { taskStudyKey } from '../../shared/replay/demoKey.js';
import { buildTranscript } from '../../shared/team/export/transcript.js';
import { foldSession } from '../../shared/team/engine/state.js';
import type { ReplayItem } from '../../shared/contract/replay.js';
import type { StudyLibrary } from '../studies/studyLibrary.js';
import { personRunFromLog } from '../team/personRun.js';
import { engineEvents, workspaceOf } from '../team/teamLog.js';
import { workspaceFilesFromLog } from '../workspace/workspaceLog.js';
import { findTeamTask } from '../team/taskSource.js';
import { foldRun, resultOfRun, RUN_STARTED } from '../slackSeat/runLog.js';
import { SINGLE_GRADER, type AnswerResult } from '../../shared/judge/grades.js';
import { loadSlackStudy } from '../slackSeat/slackStudy.js';
import type { LoadedTask } from '../team/pack/loadTask.js';

/**
 * A Teamseat session as a replay reads it: a team run goes through the same transcript builder as the export (so
 * the replay shows what the file says), finished or not; a Slack run becomes its trajectory, one round per action.
 */
export function sessionRun(
  library: StudyLibrary,
  session: SessionSummary,
  stored: readonly StoredEvent[],
): Result<{ run: ParsedRun; task: LoadedTask | null }> {
  if (stored[0]?.kind === RUN_STARTED) return slackRun(library, session, stored);
  const events = engineEvents(stored);
  const state = foldSession(events);
  if (!state.started) return fail('bad_request', `Session ${session.id} is neither a team run nor a Slack run.`);
  const found = findTeamTask(library, taskStudyKey(session.studyKey), session.taskId);
  if (!found.ok) return fail(found.error.code, `Session ${session.id}: ${found.error.message}`);
  const task = found.value.versions[state.started.version];
  const ws = workspaceOf(stored);
  const person = personRunFromLog(task, state, stored, { hashesBefore: ws?.hashes_before ?? {}, finalFiles: workspaceFilesFromLog(stored) ?? {} });
  const built = buildTranscript(person);
  if (!built.ok) return fail(built.error.code, `Session ${session.id}: ${built.error.message}`);
  const read = readTranscript(`session ${session.id}`, built.value, 'session');
  if (!read.ok) return read;
  const run: ParsedRun = {
    ...read.value,
    title: task.title,
    scenario: task.id,
    dimension: task.dimension,
    version: state.started.version,
    seed: state.started.seed,
    ended: state.ended ?? null,
    // A run still going has no verdict yet (the export's placeholder says not_checked).
    verdict: state.ended ? read.value.verdict : null,
  };
  return ok({ run, task: found.value });
}

const awaitingText: Partial<Record<AnswerResult['status'], string>> = {
  awaiting_grader: 'a grader',
  awaiting_second_grader: 'a second grader',
  awaiting_third_grader: 'a third grader (the two graders differ)',
};

function slackRun(library: StudyLibrary, session: SessionSummary, stored: readonly StoredEvent[]): Result<{ run: ParsedRun; task: null }> {
  const state = foldRun(stored);
  if (!state) return fail('bad_request', `Session ${session.id} is not a Slack run.`);
  const person = state.started.participant;
  const study = loadSlackStudy(library, state.started.studyKey);
  const query = study.ok ? study.value.queries.find((q) => q.id === state.started.queryId) : undefined;
  const rounds: Array<{ round: number; items: ReplayItem[] }> = [];
  rounds.push({
    round: 0,
    items: [{ type: 'message', index: 0, seat: 'query', text: query?.query ?? `Query ${state.started.queryId} (its text is not in the library)`, kind: 'query', to: null, label: null }],
  });
  state.actions.forEach((a, i) => {
    const item: ReplayItem = { type: 'tool', index: i, name: a.tool, input: a.arguments, resultHead: a.resultHead ?? '', matchedMessage: false };
    rounds.push({ round: i + 1, items: [item] });
  });
  if (state.answer) {
    rounds.push({
      round: state.actions.length + 1,
      items: [{ type: 'message', index: 1, seat: person, text: state.answer.answer, kind: state.answer.late ? 'answer (late)' : 'answer', to: null, label: null }],
    });
  }
  // The study's grading rule decides which grade counts (two graders agreeing, a third settling, or the latest).
  const result = resultOfRun(state, study.ok ? study.value.grading : SINGLE_GRADER);
  const grade = result.status === 'graded' || result.status === 'judge_error' ? result.grade : null;
  const awaiting = state.answer ? awaitingText[result.status] : undefined;
  const verdict =
    grade?.outcome.status === 'judged'
      ? { pass: grade.outcome.verdict.pass, outcome: `${grade.outcome.verdict.pass ? 'YES' : 'NO'} · reward ${grade.outcome.verdict.reward}`, details: { by: grade.by, reward: grade.outcome.verdict.reward } }
      : null;
  const problems = grade?.outcome.status === 'error' ? [`The last grading failed: ${grade.outcome.message}`] : [];
  return ok({
    run: {
      format: 'slack',
      title: `Slack query ${state.started.queryId}`,
      scenario: state.started.queryId,
      dimension: state.started.category,
      version: null,
      seed: null,
      evaluatedSeat: person,
      evaluatedModel: `human:${person}`,
      seats: [
        { name: person, kind: 'evaluated', role: 'the person answering' },
        { name: 'query', kind: 'environment', role: 'the query' },
      ],
      ...fixedRounds(rounds),
      roundsRun: rounds.length,
      ended: state.answer ? 'submitted' : state.timeUp ? 'time_limit' : null,
      verdict,
      ...(awaiting ? { awaiting } : {}),
      hasLabels: false,
      problems,
      sandbox: emptySandbox(),
    },
    task: null,
  });
}
