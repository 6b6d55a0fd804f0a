import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { GradingItem, MyGrade } from '../../shared/contract/slack.js';
import { graderTurn, gradersOf } from '../../shared/judge/grades.js';
import { graderAgreement, type GraderAgreement } from '../../shared/judge/graderAgreement.js';
import type { JudgeOutcome } from '../../shared/judge/judgeAnswer.js';
import { judgingModeOf, type SlackQuery } from '../../shared/judge/query.js';
import { scoreStudy, type StudyScore } from '../../shared/judge/score.js';
import { fail, ok, type Result } from '../../shared/result.js';
import type { AppServices } from '../app/appServices.js';
import { createEndpointJudge } from '../judge/endpointJudge.js';
import { JUDGE_API_KEY, type SecretStore } from '../secrets/secretStore.js';
import { rewardOfRun, type RunState } from './runLog.js';
import type { SlackRuns } from './runs.js';
import { loadSlackStudy, type SlackStudy } from './slackStudy.js';
import { exclusionOf, findRun } from '../../shared/study/fold.js';
import { StudyLogs } from '../study/studyLog.js';

type GradeArgs = { studyKey: string; itemId: string; graderId: string; pass?: boolean | undefined; items?: boolean[] | undefined };

/** Grading of submitted answers: by the configured LLM endpoint, or blind by a second researcher (the grader). */
export class SlackGrading {
  private salt: Buffer | undefined;

  constructor(
    private readonly s: AppServices,
    private readonly runs: SlackRuns,
    private readonly secrets: SecretStore,
  ) {}

  /** The endpoint, model and key, or null when any is missing (then answers wait for a grader). */
  endpoint(): { baseUrl: string; model: string; apiKey: string } | null {
    const { baseUrl, model } = this.s.settings.get().judge;
    const apiKey = this.secrets.get(JUDGE_API_KEY);
    return baseUrl.trim() && model.trim() && apiKey ? { baseUrl: baseUrl.trim(), model: model.trim(), apiKey } : null;
  }

  /** Judges one submitted run with the endpoint and records the outcome (a verdict, or the judge's error). */
  async judge(runId: string): Promise<Result<JudgeOutcome>> {
    const endpoint = this.endpoint();
    if (!endpoint) return fail('bad_request', 'No judge endpoint is set: add its URL, model and API key in Settings, or grade the answers by hand.');
    const state = this.runs.state(runId);
    if (!state.ok) return state;
    if (!state.value.answer) return fail('conflict', 'This query has not been answered yet.');
    const study = loadSlackStudy(this.s.library, state.value.started.studyKey);
    if (!study.ok) return study;
    const query = study.value.queries.find((q) => q.id === state.value.started.queryId);
    if (!query) return fail('not_found', `Query ${state.value.started.queryId} is no longer in the study.`);
    const judge = createEndpointJudge(endpoint, {}, { log: (line) => this.s.log.warn('judge', { line }) });
    const outcome = await judge(query, state.value.answer.answer);
    this.runs.recordGrade(runId, { by: 'endpoint', graderId: null, model: endpoint.model, outcome });
    return ok(outcome);
  }

  /**
   * The answers this grader may grade now, without who wrote them or anyone else's grade, in an order unrelated to
   * who or when: with one grader per answer, those nobody has graded; with two, those with fewer than two graders
   * that this grader has not graded, and, for a third grader, those whose two graders differ.
   */
  queue(studyKey: string, graderId: string): Result<GradingItem[]> {
    const study = loadSlackStudy(this.s.library, studyKey);
    if (!study.ok) return study;
    const items: GradingItem[] = [];
    for (const run of this.gradable(studyKey)) {
      if (!run.answer || run.started.participant === graderId) continue;
      const turn = graderTurn(run.grades, study.value.grading, graderId);
      const item = turn ? this.itemOf(study.value, run, turn === 'settle') : null;
      if (item) items.push(item);
    }
    return ok(items.sort((a, b) => a.itemId.localeCompare(b.itemId)));
  }

  /** This grader's own grades (their current one per answer, and how often they revised it): nobody else's. */
  mine(studyKey: string, graderId: string): Result<MyGrade[]> {
    const study = loadSlackStudy(this.s.library, studyKey);
    if (!study.ok) return study;
    const out: MyGrade[] = [];
    for (const run of this.gradable(studyKey)) {
      const own = gradersOf(run.grades).find((g) => g.graderId === graderId);
      const item = own ? this.itemOf(study.value, run, gradersOf(run.grades).indexOf(own) >= 2) : null;
      if (!own || !item) continue;
      const v = own.current.outcome.verdict;
      out.push({ ...item, grade: { pass: v.pass, reward: v.reward, items: v.items?.map((i) => i.met) ?? null, at: own.current.at, revisions: own.history.length - 1 } });
    }
    return ok(out.sort((a, b) => b.grade.at.localeCompare(a.grade.at)));
  }

  record(a: GradeArgs): Result<{ itemId: string; reward: number }> {
    const found = this.find(a.studyKey, a.itemId, a.graderId);
    if (!found.ok) return found;
    const { study, run, query } = found.value;
    if (!graderTurn(run.grades, study.grading, a.graderId)) {
      const own = gradersOf(run.grades).some((g) => g.graderId === a.graderId);
      return fail(
        'conflict',
        own
          ? 'You have graded this answer already; to change your grade, revise it under "Your grades" and say why.'
          : 'This answer is not in your queue (it has the graders it needs, or it is not yours to settle); nothing was recorded.',
      );
    }
    const outcome = graderOutcome(query, a);
    if (!outcome.ok) return outcome;
    this.runs.recordGrade(run.runId, { by: 'grader', graderId: a.graderId, model: null, outcome: outcome.value });
    return ok({ itemId: a.itemId, reward: outcome.value.status === 'judged' ? outcome.value.verdict.reward : 0 });
  }

  /** A grader changes their own grade: a new grade with the reason; the old one stays in the run's log. */
  revise(a: GradeArgs & { reason: string }): Result<{ itemId: string; reward: number }> {
    const reason = a.reason.trim();
    if (!reason) return fail('bad_request', 'A revised grade needs a reason: say why the grade changes. Nothing was recorded.');
    const found = this.find(a.studyKey, a.itemId, a.graderId);
    if (!found.ok) return found;
    const { run, query } = found.value;
    if (!gradersOf(run.grades).some((g) => g.graderId === a.graderId)) {
      return fail('conflict', 'You have not graded this answer, so there is no grade of yours to revise; nothing was recorded.');
    }
    const outcome = graderOutcome(query, a);
    if (!outcome.ok) return outcome;
    this.runs.recordGrade(run.runId, { by: 'grader', graderId: a.graderId, model: null, outcome: outcome.value, revision: { reason } });
    return ok({ itemId: a.itemId, reward: outcome.value.status === 'judged' ? outcome.value.verdict.reward : 0 });
  }

  /** How well each answer's two graders agree (the labelling sessions' statistics, with bootstrap intervals). */
  agreement(study: SlackStudy): GraderAgreement {
    const answers = this.gradable(study.key)
      .filter((r) => r.answer)
      .map((r) => ({ answerId: r.runId, mode: judgingModeOf(r.started.category), grades: r.grades }));
    return graderAgreement(answers, study.grading, { seed: 0 });
  }

  private find(studyKey: string, itemId: string, graderId: string): Result<{ study: SlackStudy; run: RunState; query: SlackQuery }> {
    const study = loadSlackStudy(this.s.library, studyKey);
    if (!study.ok) return study;
    const run = this.gradable(studyKey).find((r) => this.itemId(r.runId) === itemId);
    if (!run?.answer) return fail('not_found', `No answer to grade with item id ${itemId}; nothing was recorded.`);
    if (run.started.participant === graderId) return fail('bad_request', 'A grader cannot grade their own answer.');
    const query = study.value.queries.find((q) => q.id === run.started.queryId);
    if (!query) return fail('not_found', `Query ${run.started.queryId} is no longer in the study.`);
    return ok({ study: study.value, run, query });
  }

  private itemOf(study: SlackStudy, run: RunState, settles: boolean): GradingItem | null {
    const query = study.queries.find((q) => q.id === run.started.queryId);
    if (!query || !run.answer) return null;
    return {
      itemId: this.itemId(run.runId),
      queryId: query.id,
      category: query.category,
      mode: judgingModeOf(query.category),
      query: query.query,
      answer: run.answer.answer,
      reference: query.reference,
      guideline: query.guideline ?? null,
      checklist: query.checklist ?? null,
      settles,
    };
  }

  scores(study: SlackStudy): { all: StudyScore; byParticipant: Array<{ participant: string; score: StudyScore }> } {
    const answered = this.gradable(study.key).filter((r) => r.answer);
    const judged = (runs: RunState[]) => runs.map((r) => ({ queryId: r.started.queryId, category: r.started.category, reward: rewardOfRun(r, study.grading) }));
    const participants = [...new Set(answered.map((r) => r.started.participant))].sort();
    return {
      all: scoreStudy(judged(answered)),
      byParticipant: participants.map((p) => ({ participant: p, score: scoreStudy(judged(answered.filter((r) => r.started.participant === p))) })),
    };
  }

  /**
   * The runs whose answers count: a run the study log places in a participant's plan but does not count (practice,
   * void, withdrawn, superseded attempt) is neither queued for grading nor scored. A run no plan links to is the
   * experimenter's pilot and is kept, as before the study protocol, since the pilot panel's results screen shows it.
   */
  private gradable(studyKey: string): RunState[] {
    const state = new StudyLogs(this.s).state(studyKey);
    return this.runs.list(studyKey).filter((run) => {
      const link = findRun(state, run.runId);
      return !link || exclusionOf(link.participant, link.run) === null;
    });
  }

  /** Opaque per data folder: a keyed hash of the run id, so the grader's screen cannot be matched to the run list. */
  private itemId(runId: string): string {
    if (!this.salt) {
      const file = path.join(this.s.options.dataDir, 'slack', 'grading.key');
      if (!fs.existsSync(file)) {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, crypto.randomBytes(32), { mode: 0o600, flag: 'wx' });
      }
      this.salt = fs.readFileSync(file);
    }
    return crypto.createHmac('sha256', this.salt).update(runId).digest('hex').slice(0, 20);
  }
}

function graderOutcome(query: SlackQuery, a: { pass?: boolean | undefined; items?: boolean[] | undefined }): Result<JudgeOutcome> {
  const mode = judgingModeOf(query.category);
  const base = { queryId: query.id, category: query.category, mode, reply: '' };
  if (mode === 'checklist') {
    const checklist = query.checklist ?? [];
    if (!a.items || a.items.length !== checklist.length) {
      return fail('bad_request', `Query ${query.id} is graded item by item: give ${checklist.length} yes/no answers, one per checklist item.`);
    }
    const items = checklist.map((text, i) => ({ text, met: a.items?.[i] === true }));
    const met = items.filter((i) => i.met).length;
    return ok({ status: 'judged', verdict: { ...base, pass: met === items.length, reward: items.length ? met / items.length : 0, items } });
  }
  if (a.pass === undefined) return fail('bad_request', `Query ${query.id} is graded YES or NO: give \`pass\`.`);
  return ok({ status: 'judged', verdict: { ...base, pass: a.pass, reward: a.pass ? 1 : 0 } });
}
