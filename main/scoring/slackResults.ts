import type { SlackResults } from '../../shared/contract/results.js';
import type { JudgedQuery } from '../../shared/judge/score.js';
import { exclusionOf, findRun, type StudyState } from '../../shared/study/fold.js';
import type { ExclusionReason } from '../../shared/study/model.js';
import { pooledSlackScore, slackScoreWithIntervals } from '../../shared/team/export/slackIntervals.js';
import type { AppServices } from '../app/appServices.js';
import { foldRun, gradingOf, rewardOfRun, type RunState } from '../slackSeat/runLog.js';
import { slackRunsOf } from '../slackSeat/slackRunsOf.js';
import { slackGradingOf } from '../slackSeat/slackStudy.js';
import { StudyLogs } from '../study/studyLog.js';
import { isModelParticipant } from '../modelSeat/modelLog.js';

/**
 * Why a Slack run does not count in the Results screen, or null when it does: the results writer's rule
 * (resultsLayout.ts placeRun) — a run no plan cell links to is the experimenter's pilot; practice, void, withdrawn
 * and superseded attempts are left out as grading.ts's `gradable` leaves them out of grading.
 */
export function slackExclusion(state: StudyState, runId: string): ExclusionReason | null {
  const link = findRun(state, runId);
  return link ? exclusionOf(link.participant, link.run) : 'pilot';
}

/** A Slack study's counted runs and scores with intervals, per participant (by their study code) and pooled. */
export function slackResults(s: AppServices, studyKey: string, title: string, reps?: number): SlackResults {
  const log = s.database.eventLog;
  const state = new StudyLogs(s).state(studyKey);
  const all: RunState[] = log
    ? log
        .listSessions(studyKey)
        .map((session) => foldRun(log.replay(session.id)))
        .filter((r): r is RunState => r !== null)
        .sort((a, b) => a.startedAt.localeCompare(b.startedAt))
    : [];
  const leftOut: Record<string, number> = {};
  const counted: Array<{ run: RunState; code: string }> = [];
  const models: Array<{ run: RunState; code: string }> = [];
  for (const run of all) {
    // A model in the seat (main/modelSeat) is a row of its own, never pooled with the people; a run it did not finish
    // (an endpoint error) is not counted.
    if (isModelParticipant(run.started.participant)) {
      if (run.answer || run.timeUp) models.push({ run, code: run.started.participant });
      else leftOut['model error'] = (leftOut['model error'] ?? 0) + 1;
      continue;
    }
    const why = slackExclusion(state, run.runId);
    if (why) leftOut[why] = (leftOut[why] ?? 0) + 1;
    else counted.push({ run, code: findRun(state, run.runId)!.participant.code });
  }
  const runs = slackRunsOf(s);
  const grading = slackGradingOf(s, studyKey);
  const judged = (rows: typeof counted): JudgedQuery[] =>
    rows.filter((r) => r.run.answer).map((r) => ({ queryId: r.run.started.queryId, category: r.run.started.category, reward: rewardOfRun(r.run, grading) }));
  const codes = [...new Set(counted.map((r) => r.code))].sort();
  const byCode = codes.map((code) => judged(counted.filter((r) => r.code === code)));
  const modelCodes = [...new Set(models.map((r) => r.code))].sort();
  return {
    kind: 'slack',
    studyKey,
    title,
    runs: [...counted, ...models].map(({ run, code }) => ({
      runId: run.runId,
      queryId: run.started.queryId,
      category: run.started.category,
      participant: code,
      status: runs.statusOf(run),
      startedAt: run.startedAt,
      grading: gradingOf(run, grading),
      reward: rewardOfRun(run, grading),
    })),
    all: pooledSlackScore(byCode, reps),
    byParticipant: [
      ...codes.map((participant, i) => ({ participant, score: slackScoreWithIntervals(byCode[i]!, `human:${participant}`, reps) })),
      ...modelCodes.map((participant) => ({ participant, score: slackScoreWithIntervals(judged(models.filter((r) => r.code === participant)), participant, reps) })),
    ],
    leftOut,
  };
}
