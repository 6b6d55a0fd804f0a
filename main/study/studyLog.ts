import type { StoredEvent } from '../../shared/contract/schemas.js';
import { fail, ok, type Result } from '../../shared/result.js';
import { foldStudy, type StudyState } from '../../shared/study/fold.js';
import { studyEventSchemas, type StudyEvent } from '../../shared/study/log.js';
import type { AppServices } from '../app/appServices.js';
import type { EventLog } from '../db/eventLog.js';
import { StudyStateCache } from './studyStateCache.js';

/** The study log of a study is a session in the app's event log under this study key (kept apart from its runs). */
export const studyLogKey = (studyKey: string) => `study:${studyKey}`;
export const STUDY_LOG_TASK = 'study-log';

/**
 * The study-level facts of each study, appended to one session of kind `study` per study. Appends are synchronous
 * (better-sqlite3), so a check against the fold and the append that follows it cannot interleave with another call.
 */
export class StudyLogs {
  private readonly ids = new Map<string, string>();
  private readonly folds = new StudyStateCache();

  constructor(private readonly s: AppServices) {}

  log(): Result<EventLog> {
    const log = this.s.database.eventLog;
    return log ? ok(log) : fail('database', 'The session database cannot be used; see the message on the library screen.');
  }

  /** The study log's session id, or null when the study has no log yet. */
  sessionId(studyKey: string): string | null {
    const cached = this.ids.get(studyKey);
    if (cached) return cached;
    const found = this.s.database.eventLog?.listSessions(studyLogKey(studyKey)).find((x) => x.taskId === STUDY_LOG_TASK);
    if (found) this.ids.set(studyKey, found.id);
    return found?.id ?? null;
  }

  events(studyKey: string): StoredEvent[] {
    const id = this.sessionId(studyKey);
    return id ? (this.s.database.eventLog?.replay(id) ?? []) : [];
  }

  state(studyKey: string): StudyState {
    const id = this.sessionId(studyKey);
    const log = this.s.database.eventLog;
    return id && log ? this.folds.state(log, id) : foldStudy([]);
  }

  /** Appends study events as one transaction (validated first: nothing malformed is ever recorded). */
  append(studyKey: string, events: readonly StudyEvent[]): Result<StoredEvent[]> {
    const log = this.log();
    if (!log.ok) return log;
    for (const e of events) studyEventSchemas[e.kind].parse(e.payload);
    let id = this.sessionId(studyKey);
    if (!id) {
      id = log.value.createSession({ studyKey: studyLogKey(studyKey), taskId: STUDY_LOG_TASK, participant: '-', meta: { kind: 'study', studyKey } }).id;
      this.ids.set(studyKey, id);
    }
    const stored = log.value.appendAll(id, events);
    for (const event of stored) this.s.bus.emit({ type: 'session.event', event });
    return ok(stored);
  }

  /** Every study key with a study log (for the results writer's startup pass). */
  studyKeys(): string[] {
    const log = this.s.database.eventLog;
    if (!log) return [];
    return log
      .listSessions()
      .filter((x) => x.taskId === STUDY_LOG_TASK && x.studyKey.startsWith('study:'))
      .map((x) => x.studyKey.slice('study:'.length));
  }

  forget(studyKey: string): void {
    const id = this.ids.get(studyKey);
    if (id) this.folds.forget(id);
    this.ids.delete(studyKey);
  }
}
