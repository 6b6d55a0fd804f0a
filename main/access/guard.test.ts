import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessScope } from '../../shared/contract/access.js';
import type { AppEvent } from '../../shared/contract/events.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import { dispatch } from '../app/dispatch.js';
import { silentLogger } from '../app/logger.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { refusal, type OwnedSeat, type Ownership } from './policy.js';
import { ScopedHost } from './scopedHost.js';

// Real app, real SQLite, real team sessions of studies/team-demo. What the participant owns is given here (the
// study's plan decides it in the app; see ownership.ts), so these tests check the door, not the plan.
const STUDY = 'built-in:team-demo';
const TASK = 'hidden-profile';
const PID = 'c'.repeat(24);
const participant: AccessScope = { kind: 'participant', studyKey: STUDY, participantId: PID };

let tmp: ReturnType<typeof makeTempDir>;
let app: ReturnType<typeof createTestApp>;
let mine: TeamView;
let other: TeamView;
let seat: OwnedSeat | null;
let host: ScopedHost;
const ownership: Ownership = { participantSeat: () => Promise.resolve(seat), raterSessions: () => Promise.resolve([]), studyAlias: () => 'study-alias' };

async function start(p: string, seed: number): Promise<TeamView> {
  const r = await dispatch(app.handlers, 'teamStart', { studyKey: STUDY, taskId: TASK, participant: p, version: 'manipulation', seed }, { host: 'test' }, silentLogger);
  if (!r.ok) throw new Error(r.error.message);
  return r.value as TeamView;
}

beforeAll(async () => {
  tmp = makeTempDir();
  app = createTestApp(tmp.dir);
  await app.handlers.updateSettings({ judge: { baseUrl: 'http://judge.example/v1', model: 'm' } }, { host: 'test' });
  const seeds = await dispatch(app.handlers, 'teamVersions', { studyKey: STUDY, taskId: TASK }, { host: 'test' }, silentLogger);
  const seed = (seeds.ok ? (seeds.value as { version: string; seeds: number[] }[]) : []).find((v) => v.version === 'manipulation')!.seeds[0]!;
  mine = await start('P01', seed);
  other = await start('P02', seed);
  seat = { kind: 'team', sessionId: mine.sessionId };
  host = new ScopedHost(app.handlers, app.bus, ownership, silentLogger, 'browser');
}, 60_000);
afterAll(() => {
  app.close();
  tmp.cleanup();
});

describe('a participant link', () => {
  it('sees its own run without version, seed, study key or task id', async () => {
    const r = await host.call(participant, 'teamView', { sessionId: mine.sessionId });
    expect(r.ok).toBe(true);
    const text = JSON.stringify(r);
    expect(text).toContain(mine.sessionId);
    expect(text).not.toMatch(/manipulation|"seed"|"version"|team-demo|hidden-profile/);
    // The experimenter's view of the same run does carry them: the cut is the scope's, not the handler's.
    const full = await host.call({ kind: 'experimenter' }, 'teamView', { sessionId: mine.sessionId });
    expect(JSON.stringify(full)).toMatch(/"version":"manipulation"/);
  });

  it('may not read or act on another participant’s run, and a refused action writes nothing', async () => {
    const before = app.database.eventLog!.replay(other.sessionId).length;
    for (const [method, args] of [
      ['teamView', { sessionId: other.sessionId }],
      ['teamSend', { sessionId: other.sessionId, text: 'hello', to: 'team' }],
      ['teamPause', { sessionId: other.sessionId, reason: 'x' }],
    ] as const) {
      const r = await host.call(participant, method, args);
      expect(r).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    }
    expect(app.database.eventLog!.replay(other.sessionId)).toHaveLength(before);
  });

  it('may not call experimenter methods (library, settings, raw log, export, starting runs, links)', async () => {
    for (const [method, args] of [
      ['appInfo', {}],
      ['listStudies', {}],
      ['openStudy', { key: STUDY }],
      ['listSessions', {}],
      ['replaySession', { sessionId: mine.sessionId }],
      ['teamExport', { sessionId: mine.sessionId }],
      ['updateSettings', { typingDelayMs: 0 }],
      ['teamStart', { studyKey: STUDY, taskId: TASK, participant: 'P09', version: 'alone', seed: 1 }],
      ['participantLink', { studyKey: STUDY, participantId: PID }],
      ['setKioskPin', { pin: '1234' }],
      ['labellingReport', { studyKey: 'built-in:judge-validation-demo' }],
    ] as const) {
      const r = await host.call(participant, method, args);
      expect(r, method).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    }
  });

  it('may use only its own participant id with the study’s participant methods', async () => {
    expect(await refusal(participant, 'participantNext', { participantId: 'd'.repeat(24), stepToken: 'e'.repeat(16) }, ownership)).toMatch(/own plan/);
    expect(await refusal(participant, 'participantNext', { participantId: PID, stepToken: 'e'.repeat(16) }, ownership)).toBeNull();
  });

  it('loses its run the moment its plan moves past it', async () => {
    seat = null;
    try {
      expect(await host.call(participant, 'teamView', { sessionId: mine.sessionId })).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    } finally {
      seat = { kind: 'team', sessionId: mine.sessionId };
    }
  });

  it('knows its study by an alias only: the alias works, the real key and any other name are refused', async () => {
    const who = await host.call(participant, 'accessWhoAmI', {});
    expect(who).toEqual({ ok: true, value: { kind: 'participant', participantId: PID, studyKey: 'study-alias' } });
    for (const studyKey of [STUDY, 'team-demo', 'built-in:slack-demo']) {
      const r = await host.call(participant, 'slackStudyResources', { studyKey });
      expect(r.ok ? 'accepted' : r.error.code, studyKey).toBe('unauthorized');
    }
  });

  it('gets an error without a pack path: slackStudyResources on a team study', async () => {
    const full = await host.call({ kind: 'experimenter' }, 'slackStudyResources', { studyKey: STUDY });
    // The handler's own words name the pack file (the experimenter sees them) …
    expect(full.ok ? 'accepted' : full.error.message).toMatch(/team-demo|study\.yaml/);
    const r = await host.call(participant, 'slackStudyResources', { studyKey: 'study-alias' });
    expect(r.ok).toBe(false);
    // … the participant is told what went wrong with no path, key or study name in it.
    expect(r.ok ? '' : r.error.message).not.toMatch(/team-demo|study\.yaml|built-in|\//);
    expect(r.ok ? '' : r.error.message).not.toBe('');
  });

  it('gets only the typing delay of the settings', async () => {
    const r = await host.call(participant, 'getSettings', {});
    expect(r).toMatchObject({ ok: true, value: { judge: { baseUrl: '', model: '' } } });
    expect(JSON.stringify(r)).not.toContain('judge.example');
  });

  it('receives only its own run’s events, without payloads, and never a label', async () => {
    const got: AppEvent[] = [];
    const stop = host.subscribe(() => participant, (e) => got.push(e));
    const at = { monoUs: 1, wallTime: new Date().toISOString() };
    app.bus.emit({ type: 'session.event', event: { sessionId: other.sessionId, seq: 99, kind: 'participant_message', payload: { text: 'theirs' }, ...at } });
    app.bus.emit({ type: 'session.event', event: { sessionId: mine.sessionId, seq: 98, kind: 'label_decided', payload: { label: 'x' }, ...at } });
    app.bus.emit({ type: 'session.event', event: { sessionId: mine.sessionId, seq: 97, kind: 'session_started', payload: { version: 'manipulation', seed: 2 }, ...at } });
    app.bus.emit({ type: 'studies.changed' });
    await new Promise((r) => setTimeout(r, 20));
    stop();
    expect(got).toEqual([{ type: 'session.event', event: { sessionId: mine.sessionId, seq: 97, kind: 'session_started', payload: null, ...at } }]);
  });
});

describe('a rater link', () => {
  it('opens only its own labelling session', async () => {
    const rater: AccessScope = { kind: 'rater', studyKey: 'built-in:judge-validation-demo', rater: 'R1' };
    expect(await host.call(rater, 'openLabelling', { studyKey: 'built-in:judge-validation-demo', rater: 'R2' })).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' },
    });
    expect(await host.call(rater, 'teamView', { sessionId: mine.sessionId })).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(await host.call(rater, 'labellingReport', { studyKey: 'built-in:judge-validation-demo' })).toMatchObject({ ok: false });
  });

  it('knows its study by the alias only (issue 25): its labelling session opens by the alias, never by the key', async () => {
    const rater: AccessScope = { kind: 'rater', studyKey: 'built-in:judge-validation-demo', rater: 'R1' };
    expect(await host.call(rater, 'accessWhoAmI', {})).toEqual({ ok: true, value: { kind: 'rater', studyKey: 'study-alias', rater: 'R1' } });
    expect(await host.call(rater, 'openLabelling', { studyKey: 'built-in:judge-validation-demo', rater: 'R1' })).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    const opened = await host.call(rater, 'openLabelling', { studyKey: 'study-alias', rater: 'R1' });
    expect(opened.ok ? 'opened' : opened.error.message).toBe('opened');
    expect(JSON.stringify(opened)).not.toContain('judge-validation-demo');
    // A grader's methods on a rater link: the same door (their answers carry the alias, never the key).
    const role = await host.call(rater, 'slackGraderRole', { studyKey: 'study-alias', graderId: 'R1' });
    expect(JSON.stringify(role)).not.toContain('judge-validation-demo');
  });
});
