import path from 'node:path';
import type { slackMethods } from '../../shared/contract/slack.js';
import { DEFAULT_TIME_LIMIT_MINUTES } from '../../shared/judge/query.js';
import { fail, ok } from '../../shared/result.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import { createFileSecretStore } from '../secrets/fileSecretStore.js';
import { JUDGE_API_KEY, type SecretStore } from '../secrets/secretStore.js';
import { deleteWorkspace } from './deleteWorkspace.js';
import { exportSlackJobs } from './exportJobs.js';
import { SlackGrading } from './grading.js';
import { setupRepoHandlers } from './repoHandlers.js';
import { currentGrade, gradingOf, resultOfRun, rewardOfRun, runView } from './runLog.js';
import { slackRunsOf } from './slackRunsOf.js';
import { findQuery, loadSlackStudy, slackGradingOf } from './slackStudy.js';
import { studyImportTarget } from './studyWorkspace.js';
import { setupBrowseHandlers } from './workspaceHandlers.js';
import { statusFromMeta } from './workspaceFiles.js';
import { slackWorkspacesOf } from './slackWorkspacesOf.js';
import { monotonicMicros } from '../db/monotonic.js';
import { seatActor } from '../access/seatActor.js';

export interface SlackSeatDeps {
  /** The desktop shell passes an Electron safeStorage store; the default is the browser host's 0600 file. */
  secrets?: SecretStore;
}

/** The Slack seat's main side: workspaces, query runs (recorded as tool calls), grading and the Harbor export. */
export function setupSlackHandlers(s: AppServices, deps: SlackSeatDeps = {}): Pick<AppHandlers, keyof typeof slackMethods> {
  const secrets = deps.secrets ?? createFileSecretStore(s.options.dataDir);
  const workspaces = slackWorkspacesOf(s);
  const runs = slackRunsOf(s);
  const grading = new SlackGrading(s, runs, secrets);
  const keyStatus = () => ok({ keySet: secrets.get(JUDGE_API_KEY) !== null, store: secrets.kind, encrypted: secrets.encrypted, note: secrets.note });

  return {
    slackListWorkspaces: () => {
      const studies = s.library.list().filter((st) => st.kind === 'slack' && st.id !== null && st.problems.length === 0);
      const fromStudies = studies.map((st) => {
        const loaded = loadSlackStudy(s.library, st.key);
        const target = loaded.ok ? studyImportTarget(loaded.value) : null;
        const id = target?.ok ? target.value.workspaceId : (st.id ?? st.key);
        const known = workspaces.known(id);
        if (known) return known;
        const meta = workspaces.files.readMeta(id);
        return meta
          ? statusFromMeta(meta)
          : { workspaceId: id, title: st.title, origin: 'study' as const, studyKey: st.key, variant: null, status: 'not_imported' as const, importId: null, progress: null, report: null, error: null };
      });
      return ok([...fromStudies, ...workspaces.userWorkspaces()]);
    },
    slackOpenStudyWorkspace: ({ studyKey, queryId }) => {
      const study = loadSlackStudy(s.library, studyKey);
      if (!study.ok) return study;
      const query = queryId === undefined ? undefined : findQuery(study.value, queryId);
      if (query && !query.ok) return query;
      const target = studyImportTarget(study.value, query?.value);
      return target.ok ? ok(workspaces.ensure(target.value)) : target;
    },
    slackImportExport: ({ path: source, title }) => workspaces.importUserExport(source, title),
    slackCancelImport: ({ importId }) => ok({ cancelled: workspaces.cancel(importId) }),
    slackDeleteWorkspace: ({ workspaceId }) => {
      const deleted = deleteWorkspace(s, workspaces, runs, workspaceId);
      if (deleted.ok) s.log.info('slack workspace deleted', { workspaceId });
      return deleted;
    },
    slackWorkspaceStatus: ({ workspaceId }) => {
      const known = workspaces.known(workspaceId);
      return known ? ok(known) : fail('not_found', `No Slack workspace "${workspaceId}" in this data folder.`);
    },

    ...setupBrowseHandlers(s, workspaces, runs),
    ...setupRepoHandlers(s, runs),

    slackListQueries: ({ studyKey }) => {
      const study = loadSlackStudy(s.library, studyKey);
      if (!study.ok) return study;
      return ok(
        study.value.queries.map((q) => ({
          id: q.id,
          category: q.category,
          query: q.query,
          timeLimitMinutes: q.timeLimitMinutes ?? DEFAULT_TIME_LIMIT_MINUTES,
          hasVariant: q.variant !== undefined,
        })),
      );
    },
    slackStartRun: ({ studyKey, queryId, participant, timeLimitSec, timeWarningSec }) => runs.start(studyKey, queryId, participant, { timeLimitSec, timeWarningSec }),
    slackRunView: ({ runId }) => runs.view(runId),
    // The seat's own Pause and Resume: a participant's link may not lift the experimenter's pause (issue 25).
    slackPauseRun: ({ runId, reason }) => runs.pause(runId, reason, 'participant'),
    slackResumeRun: ({ runId, reason }, ctx) => runs.resume(runId, reason, seatActor(ctx)),
    slackSubmitAnswer: async ({ runId, answer }) => {
      const submitted = runs.submit(runId, answer);
      if (!submitted.ok || !grading.endpoint()) return submitted;
      // A judge failure is recorded in the run (and re-judged later); the answer itself is safely stored.
      await grading.judge(runId);
      return runs.view(runId);
    },
    slackListRuns: ({ studyKey, participant }) => {
      const rule = slackGradingOf(s, studyKey);
      return ok(
        runs
          .list(studyKey)
          .filter((r) => participant === undefined || r.started.participant === participant)
          .map((r) => ({
            runId: r.runId,
            queryId: r.started.queryId,
            category: r.started.category,
            participant: r.started.participant,
            status: runs.statusOf(r),
            startedAt: r.startedAt,
            grading: gradingOf(r, rule),
            reward: rewardOfRun(r, rule),
          })),
      );
    },
    slackRunDetail: ({ runId }) => {
      const state = runs.state(runId);
      if (!state.ok) return state;
      const study = loadSlackStudy(s.library, state.value.started.studyKey);
      if (!study.ok) return study;
      if (state.value.grades.length === 0) return fail('conflict', 'The reference answer is shown only after the answer is graded.');
      const query = findQuery(study.value, state.value.started.queryId);
      if (!query.ok) return query;
      const result = resultOfRun(state.value, study.value.grading);
      const grade = currentGrade(state.value, study.value.grading);
      const verdict =
        grade?.outcome.status === 'judged'
          ? { pass: grade.outcome.verdict.pass, reward: grade.outcome.verdict.reward, items: grade.outcome.verdict.items, by: grade.by, graderId: grade.graderId, model: grade.model, reply: grade.outcome.verdict.reply, at: grade.at }
          : null;
      return ok({
        run: runView(state.value, query.value.query, monotonicMicros(), study.value.grading),
        reference: query.value.reference,
        guideline: query.value.guideline ?? null,
        checklist: query.value.checklist ?? null,
        verdict,
        judgeError: grade?.outcome.status === 'error' ? grade.outcome.message : null,
        how: result.status === 'graded' ? result.how : null,
        grades: state.value.grades.map((g) => ({
          by: g.by,
          graderId: g.graderId,
          model: g.model,
          at: g.at,
          pass: g.outcome.status === 'judged' ? g.outcome.verdict.pass : null,
          reward: g.outcome.status === 'judged' ? g.outcome.verdict.reward : null,
          ...(g.outcome.status === 'judged' && g.outcome.verdict.items ? { items: g.outcome.verdict.items } : {}),
          reason: g.revision?.reason ?? null,
          error: g.outcome.status === 'error' ? g.outcome.message : null,
        })),
        actions: state.value.actions,
      });
    },
    slackJudgeRuns: async ({ studyKey, runId }) => {
      if (!grading.endpoint()) return fail('bad_request', 'No judge endpoint is set: add its URL, model and API key in Settings.');
      const targets = runs
        .list(studyKey)
        .filter((r) => r.answer && (runId ? r.runId === runId : !r.grades.some((g) => g.outcome.status === 'judged')));
      if (runId && targets.length === 0) return fail('not_found', `No answered run ${runId} in this study.`);
      const errors: Array<{ queryId: string; message: string }> = [];
      let judged = 0;
      for (const r of targets) {
        const outcome = await grading.judge(r.runId);
        if (outcome.ok && outcome.value.status === 'judged') judged++;
        else errors.push({ queryId: r.started.queryId, message: outcome.ok ? (outcome.value.status === 'error' ? outcome.value.message : '') : outcome.error.message });
      }
      return ok({ judged, errors });
    },

    slackGradingQueue: ({ studyKey, graderId }) => grading.queue(studyKey, graderId),
    slackRecordGrade: (a) => grading.record(a),
    slackReviseGrade: (a) => grading.revise(a),
    slackMyGrades: ({ studyKey, graderId }) => grading.mine(studyKey, graderId),
    slackGraderRole: ({ studyKey, graderId }) => {
      const study = loadSlackStudy(s.library, studyKey);
      if (!study.ok) return study;
      return ok({ gradersPerAnswer: study.value.grading.gradersPerAnswer, thirdGrader: study.value.grading.thirdGrader === graderId });
    },
    slackGraderAgreement: ({ studyKey }) => {
      const study = loadSlackStudy(s.library, studyKey);
      return study.ok ? ok(grading.agreement(study.value)) : study;
    },
    slackScores: ({ studyKey }) => {
      const study = loadSlackStudy(s.library, studyKey);
      return study.ok ? ok(grading.scores(study.value)) : study;
    },
    slackExport: ({ studyKey, participant }) => {
      const study = loadSlackStudy(s.library, studyKey);
      if (!study.ok) return study;
      const mine = runs.list(studyKey).filter((r) => participant === undefined || r.started.participant === participant);
      const jobs = exportSlackJobs(s.options.dataDir, study.value, mine, s.options.version);
      if (jobs.ok) s.log.info('slack study exported', { study: study.value.id, jobs: jobs.value.map((j) => path.basename(j.path)) });
      return jobs.ok ? ok({ jobs: jobs.value }) : jobs;
    },

    judgeKeyStatus: () => keyStatus(),
    setJudgeKey: ({ apiKey }) => {
      if (apiKey === null) secrets.clear(JUDGE_API_KEY);
      else secrets.set(JUDGE_API_KEY, apiKey);
      return keyStatus();
    },
  };
}
