import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/open.js';
import { EventLog } from '../db/eventLog.js';
import { foldStudy } from '../../shared/study/fold.js';
import { makeTempDir } from '../testing/tempDir.js';
import { StudyStateCache } from './studyStateCache.js';

let tmp = makeTempDir();
let db: Db | undefined;
afterEach(() => {
  db?.close();
  db = undefined;
  tmp.cleanup();
  tmp = makeTempDir();
});

const pid = (n: number) => n.toString(16).padStart(24, '0');
const added = (n: number) => ({ participantId: pid(n), code: `P${n}`, source: 'generated' });

describe('StudyStateCache', () => {
  it('catches up with appended events, and folds again after an erasure removed some', () => {
    db = openDatabase(path.join(tmp.dir, 'e.db'));
    const log = new EventLog(db);
    const study = log.createSession({ studyKey: 'study:s', taskId: 'study-log', participant: '-' });
    const cache = new StudyStateCache();
    log.appendAll(study.id, [1, 2].map((n) => ({ kind: 'participant_added', payload: added(n) })));
    const first = cache.state(log, study.id);
    expect(cache.state(log, study.id)).toBe(first);

    log.append(study.id, 'participant_added', added(3));
    log.append(study.id, 'participant_withdrawn', { participantId: pid(2), reason: 'left', by: 'experimenter' });
    expect(cache.state(log, study.id)).toEqual(foldStudy(log.replay(study.id)));
    expect(cache.state(log, study.id).participants.map((p) => p.code)).toEqual(['P1', 'P2', 'P3']);

    // An erasure deletes P2's events and appends its audit: the cached fold must not keep P2.
    log.erase({
      sessions: [],
      eventsOf: { sessionId: study.id, jsonPath: '$.participantId', value: pid(2) },
      audit: ({ events, sessions }) => ({ sessionId: study.id, kind: 'erasure_performed', payload: { participantId: pid(2), events, sessions, workspaces: [], files: [] } }),
    });
    const after = cache.state(log, study.id);
    expect(after).toEqual(foldStudy(log.replay(study.id)));
    expect(after.participants.map((p) => p.code)).toEqual(['P1', 'P3']);
  });
});
