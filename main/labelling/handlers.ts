import type { labellingMethods } from '../../shared/contract/labelling.js';
import { agreementReport } from '../../shared/labelling/report.js';
import { fail, ok, type Result } from '../../shared/result.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import type { EventLog } from '../db/eventLog.js';
import { writeLabellingExports } from './exports.js';
import { adjudicatorOf } from './adjudication/adjudication.js';
import { exportJudgeValidation } from './judges/exports.js';
import { RaterSessions, type Action } from './raterSessions.js';
import type { LabellingSet } from './studySet.js';
import { currentLabels, overview, raterProgress, sessionView, stateView } from './views.js';

type LabellingHandlers = Pick<AppHandlers, keyof typeof labellingMethods>;

export function setupLabellingHandlers(s: AppServices): LabellingHandlers {
  const sessions = new RaterSessions(s);
  const withStudy = <T>(
    studyKey: string,
    run: (log: EventLog, set: LabellingSet) => Result<T>,
  ): Result<T> => {
    const log = sessions.log();
    if (!log.ok) return log;
    const set = sessions.set(studyKey);
    return set.ok ? run(log.value, set.value) : set;
  };
  const act = (sessionId: string, action: Action) => {
    const log = sessions.log();
    if (!log.ok) return log;
    const done = sessions.act(log.value, sessionId, action);
    return done.ok ? ok({ ...stateView(done.value.set, done.value.state), undone: done.value.undone }) : done;
  };
  const report = (log: EventLog, set: LabellingSet) => {
    const all = sessions.all(log, set.studyKey);
    const value = agreementReport(set.items, currentLabels(set, all));
    const involved = new Set(value.disagreements.map((d) => d.itemId));
    return {
      all,
      view: {
        report: value,
        sessions: [...all.entries()].map(([rater, rs]) => raterProgress(set, rater, rs)),
        items: set.items.filter((i) => involved.has(i.id)),
      },
    };
  };

  return {
    labellingOverview: ({ studyKey }) =>
      withStudy(studyKey, (log, set) => ok(overview(set, sessions.all(log, studyKey)))),
    openLabelling: ({ studyKey, rater }) =>
      withStudy(studyKey, (log, set) => {
        // The adjudicator holds a rater link under their own id, but never labels: they would be blind no longer.
        if (adjudicatorOf(log, studyKey) === rater) return fail('conflict', `${rater} is this study's adjudicator, not a rater.`);
        const opened = sessions.open(log, set, rater);
        return opened.ok ? ok(sessionView(set, opened.value, opened.value.resumed)) : opened;
      }),
    giveLabel: ({ sessionId, itemId, label, ms, checklist }) =>
      act(sessionId, { kind: 'label', itemId, label, ms, ...(checklist ? { checklist } : {}) }),
    skipItem: ({ sessionId, itemId, note }) => act(sessionId, { kind: 'skip', itemId, note }),
    flagItem: ({ sessionId, itemId, note }) => act(sessionId, { kind: 'flag', itemId, note }),
    undoLabel: ({ sessionId }) => act(sessionId, { kind: 'undo' }),
    labellingReport: ({ studyKey }) => withStudy(studyKey, (log, set) => ok(report(log, set).view)),
    exportLabelling: ({ studyKey }) =>
      withStudy(studyKey, (log, set) => {
        const { all, view } = report(log, set);
        const written = writeLabellingExports(s.options.dataDir, set, currentLabels(set, all), view);
        return ok({ ...written, files: [...written.files, ...exportJudgeValidation(s, sessions, log, set, written.dir)] });
      }),
  };
}
