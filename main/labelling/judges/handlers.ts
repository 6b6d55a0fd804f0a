import crypto from 'node:crypto';
import type { judgeValidationMethods } from '../../../shared/contract/judgeValidation.js';
import { DEFAULT_TEMPLATE } from '../../../shared/labelling/judges/template.js';
import { fail, ok, type Result } from '../../../shared/result.js';
import type { AppHandlers, AppServices } from '../../app/appServices.js';
import type { EventLog } from '../../db/eventLog.js';
import type { ChatClientOptions } from '../../judge/chatClient.js';
import { createFileSecretStore } from '../../secrets/fileSecretStore.js';
import { JUDGE_API_KEY, type SecretStore } from '../../secrets/secretStore.js';
import { Adjudication, adjudicatorOf } from '../adjudication/adjudication.js';
import { RaterSessions } from '../raterSessions.js';
import type { LabellingSet } from '../studySet.js';
import { alignmentOf } from './alignmentOf.js';
import { JudgeRuns } from './judgeRuns.js';
import type { JudgeAlignment } from '../../../shared/labelling/judges/alignmentSchema.js';
import { judgeRunsKey } from '../../../shared/labelling/judges/runLog.js';

/** Everything the alignment report is derived from: the items (judge labels included) and every log's length. */
function fingerprint(log: EventLog, set: LabellingSet): string {
  const sessions = [...log.listSessions(set.studyKey), ...log.listSessions(judgeRunsKey(set.studyKey))].map((x) => `${x.id}:${x.eventCount}`);
  return crypto.createHash('sha256').update(JSON.stringify(set.items)).update(sessions.join(',')).digest('hex');
}

type Handlers = Pick<AppHandlers, keyof typeof judgeValidationMethods>;

export interface JudgeValidation {
  handlers: Handlers;
  runs: JudgeRuns;
  adjudication: Adjudication;
  raters: RaterSessions;
}

/** Judges and adjudication in labelling studies. The key is read from the secret store when a run starts. */
export function setupJudgeValidation(s: AppServices, deps: { secrets?: SecretStore; chat?: ChatClientOptions } = {}): JudgeValidation {
  const secrets = deps.secrets ?? s.options.secretStore ?? createFileSecretStore(s.options.dataDir);
  const raters = new RaterSessions(s);
  const runs = new JudgeRuns(s, () => secrets.get(JUDGE_API_KEY) ?? '', deps.chat);
  const adjudication = new Adjudication(s, raters);
  const alignments = new Map<string, { key: string; value: JudgeAlignment }>();
  const withStudy = <T>(studyKey: string, run: (log: EventLog, set: LabellingSet) => Result<T>): Result<T> => {
    const log = raters.log();
    if (!log.ok) return log;
    const set = raters.set(studyKey);
    return set.ok ? run(log.value, set.value) : set;
  };

  const handlers: Handlers = {
    judgeRuns: ({ studyKey }) =>
      withStudy(studyKey, (log) => {
        const stored = runs.list(log, studyKey);
        const versions = new Map<string, { promptVersion: string; templateHash: string; template: string }>();
        // Oldest first, so the first template a version name was given is the one listed.
        for (const r of [...stored].reverse()) {
          const st = r.state.started;
          if (st && !versions.has(st.promptVersion)) versions.set(st.promptVersion, { promptVersion: st.promptVersion, templateHash: st.templateHash, template: st.template });
        }
        const { baseUrl, model } = s.settings.get().judge;
        return ok({
          studyKey,
          runs: stored.map((r) => runs.summary(r)),
          versions: [...versions.values()],
          defaultTemplate: DEFAULT_TEMPLATE,
          endpoint: { baseUrl, model, keySet: secrets.get(JUDGE_API_KEY) !== null },
        });
      }),
    judgeAlignment: ({ studyKey }) =>
      withStudy(studyKey, (log, set) => {
        // The bootstrap takes about a second: computed again only when a log or the items changed since.
        const key = fingerprint(log, set);
        const cached = alignments.get(studyKey);
        if (cached?.key === key) return ok(cached.value);
        const value = alignmentOf(log, set, runs.list(log, studyKey), adjudication);
        alignments.set(studyKey, { key, value });
        return ok(value);
      }),
    startJudgeRun: ({ studyKey, ...args }) => withStudy(studyKey, (log, set) => runs.start(log, set, args)),
    resumeJudgeRun: ({ studyKey, runId }) => withStudy(studyKey, (log, set) => runs.resume(log, set, runId)),
    nameAdjudicator: ({ studyKey, adjudicator }) => withStudy(studyKey, (log, set) => adjudication.name(log, set, adjudicator)),
    adjudicationOverview: ({ studyKey }) => withStudy(studyKey, (log, set) => ok(adjudication.overview(log, set))),
    // Read from the log alone: every rater page asks this first, and loading the study would scan the library.
    labellingRole: ({ studyKey, person }) => {
      const log = raters.log();
      if (!log.ok) return log;
      return ok({ role: adjudicatorOf(log.value, studyKey) === person ? ('adjudicator' as const) : ('rater' as const) });
    },
    openAdjudication: ({ studyKey, adjudicator }) => withStudy(studyKey, (log, set) => adjudication.open(log, set, adjudicator)),
    adjudicate: ({ sessionId, ...decision }) => {
      const log = raters.log();
      if (!log.ok) return log;
      const session = log.value.getSession(sessionId);
      if (!session || session.taskId !== 'adjudication') return fail('not_found', `No adjudication session ${sessionId}.`);
      return withStudy(session.studyKey, (l, set) => adjudication.decide(l, set, session, decision));
    },
  };
  return { handlers, runs, adjudication, raters };
}
