import { fail, ok } from '../../../shared/result.js';
import type { EventLog } from '../../db/eventLog.js';
import type { AppHandlers, AppServices } from '../appServices.js';
import { noteRefusal, sessionFamilyOf } from './sessionFamily.js';

type SessionMethods = 'startSession' | 'listSessions' | 'recordNote' | 'replaySession';

export function setupSessionHandlers(s: AppServices): Pick<AppHandlers, SessionMethods> {
  // Every method needs the database; when it is unusable the researcher is told why instead of a crash.
  const withLog = <T>(run: (log: EventLog) => T) => {
    const log = s.database.eventLog;
    if (!log) return fail('database', `The session database cannot be used: ${describe(s)}`);
    return run(log);
  };
  return {
    startSession: (a) =>
      withLog((log) => {
        const study = s.library.open(a.studyKey);
        if (!study) return fail('not_found', `No study "${a.studyKey}" in the library.`);
        if (!study.tasks.some((t) => t.id === a.taskId)) return fail('not_found', `Study "${study.title}" has no task "${a.taskId}".`);
        const session = log.createSession({ studyKey: a.studyKey, taskId: a.taskId, participant: a.participant });
        const started = log.append(session.id, 'session_started', { studyKey: a.studyKey, taskId: a.taskId, participant: a.participant });
        s.bus.emit({ type: 'session.event', event: started });
        return ok({ ...session, eventCount: 1 });
      }),
    listSessions: ({ studyKey }) => withLog((log) => ok(log.listSessions(studyKey))),
    recordNote: ({ sessionId, kind, reason }) =>
      withLog((log) => {
        if (!log.getSession(sessionId)) return fail('not_found', `No session ${sessionId}.`);
        const refused = noteRefusal(sessionFamilyOf(log.replay(sessionId)), sessionId, kind);
        if (refused) return fail('conflict', refused);
        const event = log.append(sessionId, kind, { reason });
        s.bus.emit({ type: 'session.event', event });
        return ok(event);
      }),
    replaySession: ({ sessionId }) =>
      withLog((log) => (log.getSession(sessionId) ? ok(log.replay(sessionId)) : fail('not_found', `No session ${sessionId}.`))),
  };
}

const describe = (s: AppServices) => (s.database.status.status === 'ok' ? 'closed' : s.database.status.message);
