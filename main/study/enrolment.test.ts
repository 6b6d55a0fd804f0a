import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app/services.js';
import { silentLogger } from '../app/logger.js';
import { confSettingsFactory } from '../settings/confFactory.js';
import { makeTempDir } from '../testing/tempDir.js';
import { ScopedHost } from '../access/scopedHost.js';
import type { AccessScope } from '../../shared/contract/access.js';
import type { ParticipantScreen, StudyOverview } from '../../shared/contract/study.js';
import type { Result } from '../../shared/result.js';
import { collectBundle } from '../bundle/collect.js';
import { scanBundle } from '../bundle/privacy.js';
import { bundleFiles } from '../bundle/writeBundle.js';
import { ENROLMENT_FILE, EnrolmentMap } from './enrolmentMap.js';
import { resultsWriterOf } from './handlers.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import { teamActiveTime } from '../team/teamClock.js';

// Online enrolment against the real app (SQLite in a temp dir, the real access control and guard): the study link's
// scope, returning browsers, the cap, abandonment on an injected clock, the completion redirect, and where the
// platform ids are (the data folder's enrolment map) and are not (the study log, results, bundles).

const STUDY_KEY = 'user:online-test';

function writeOnlineStudy(dataDir: string, enrolment: string): void {
  const dir = path.join(dataDir, 'studies', 'online-test');
  fs.mkdirSync(path.join(dir, 'tasks'), { recursive: true });
  fs.copyFileSync(path.resolve(import.meta.dirname, '../../studies/team-demo/tasks/hidden-profile.yaml'), path.join(dir, 'tasks/hidden-profile.yaml'));
  fs.writeFileSync(
    path.join(dir, 'study.yaml'),
    `schema: teamseat/study@1
id: online-test
title: Online test study
kind: team
tasks: [tasks/hidden-profile.yaml]
protocol:
  participants: { generate: { pattern: "P{nn}", count: 3 } }
  enrolment: ${enrolment}
  design: between
  ordering: fixed
  screens:
    consent: { text: "We record your messages and answers.", checkbox: "I agree to take part" }
    questionnaire:
      questions:
        - { id: comment, kind: text, text: "Anything else?" }
    debrief: { text: "Your teammates were scripted." }
    completion: { code: DONE-123 }
`,
  );
}

const opened: Array<() => void> = [];
afterEach(() => {
  for (const close of opened.splice(0)) close();
});

function online(enrolment = '{ id_parameter: PROLIFIC_PID, cap: 3, abandon_after_minutes: 30, completion_url: "https://app.prolific.com/submissions/complete?cc={code}" }') {
  const tmp = makeTempDir();
  writeOnlineStudy(tmp.dir, enrolment);
  let now = Date.parse('2026-03-01T10:00:00Z');
  const app = createApp({
    host: 'browser',
    version: '0.0.0-test',
    appRoot: path.resolve(import.meta.dirname, '../..'),
    dataDir: tmp.dir,
    settingsFactory: confSettingsFactory,
    log: silentLogger,
    wallClock: () => new Date(now),
  });
  opened.push(() => {
    app.close();
    tmp.cleanup();
  });
  const host = new ScopedHost(app.handlers, app.bus, app.ownership, silentLogger, 'browser');
  const as = async <T,>(scope: AccessScope, method: string, args: unknown): Promise<Result<T>> => (await host.call(scope, method, args)) as Result<T>;
  const exp = { kind: 'experimenter' } as const;
  const must = async <T,>(scope: AccessScope, method: string, args: unknown): Promise<T> => {
    const r = await as<T>(scope, method, args);
    if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
    return r.value;
  };
  return {
    app,
    dir: tmp.dir,
    as,
    must,
    exp,
    advance: (minutes: number) => (now += minutes * 60_000),
    /** The study link's scope, as the host resolves the capability the experimenter hands the platform. */
    async link(): Promise<AccessScope> {
      const { fragment } = await must<{ fragment: string }>(exp, 'enrolmentLink', { studyKey: STUDY_KEY });
      const scope = app.access.resolve(fragment.replace(/^enrol=/, ''));
      if (!scope) throw new Error('the enrolment link does not resolve');
      return scope;
    },
    participantScope(capability: string): AccessScope {
      const scope = app.access.resolve(capability);
      if (scope?.kind !== 'participant') throw new Error('not a participant capability');
      return scope;
    },
    overview: () => must<StudyOverview>(exp, 'studyParticipants', { studyKey: STUDY_KEY }),
    studyLog: () => JSON.stringify(app.database.eventLog!.listSessions().flatMap((s) => app.database.eventLog!.replay(s.id))),
  };
}

type Visit = { capability: string; returning: boolean };
const PID = (n: number) => `5f2a9c0e1b3d4f5a6b7c8d${String(n).padStart(2, '0')}`;

describe('online enrolment through the study link', () => {
  it('enrols new ids into the next slots, gives a returning browser its own visit back, refuses a second browser and the cap; the ids stay in the data folder', async () => {
    const t = online();
    const link = await t.link();
    expect(await t.must(link, 'enrolmentParameter', {})).toEqual({ idParameter: 'PROLIFIC_PID' });
    // The study link can do nothing else: no participants, no who-am-I (it would name the study).
    for (const method of ['studyParticipants', 'accessWhoAmI', 'participantStep']) {
      const r = await t.as(link, method, method === 'studyParticipants' ? { studyKey: STUDY_KEY } : method === 'participantStep' ? { participantId: 'a'.repeat(24) } : {});
      expect(r.ok).toBe(false);
    }
    // An online study has no participants before anyone enrols.
    expect((await t.overview()).participants).toEqual([]);

    const a = await t.must<Visit>(link, 'enrolVisit', { platformId: PID(1) });
    const b = await t.must<Visit>(link, 'enrolVisit', { platformId: PID(2) });
    expect(a.returning).toBe(false);
    const rows = (await t.overview()).participants;
    expect(rows.map((r) => [r.status, r.plan?.slot])).toEqual([
      ['active', 0],
      ['active', 1],
    ]);
    expect(rows[0]!.code).toMatch(/^[2-9A-Z]{4}-P01$/);
    const aScope = t.participantScope(a.capability);
    expect(aScope).toMatchObject({ participantId: rows[0]!.participantId });

    // Back with the capability this browser was given: the same visit. Without it, or with another's: refused.
    expect(await t.must<Visit>(link, 'enrolVisit', { platformId: PID(1), held: a.capability })).toEqual({ capability: a.capability, returning: true });
    const before = t.studyLog();
    for (const held of [undefined, b.capability, 'made.up']) {
      const r = await t.as(link, 'enrolVisit', { platformId: PID(1), ...(held ? { held } : {}) });
      expect(r.ok ? 'accepted' : r.error.message).toMatch(/already started the study in another browser/);
    }
    // Bad ids, in plain words.
    for (const [platformId, words] of [
      ['', /no participant id/],
      ['Jane Smith', /looks like a name/],
      ['<b>5f01</b>', /not valid/],
    ] as const) {
      const r = await t.as(link, 'enrolVisit', { platformId });
      expect(r.ok ? 'accepted' : r.error.message).toMatch(words);
    }
    await t.must(link, 'enrolVisit', { platformId: PID(3) });
    const full = await t.as(link, 'enrolVisit', { platformId: PID(4) });
    expect(full.ok ? 'accepted' : full.error.message).toMatch(/This study is full/);
    expect((await t.overview()).participants).toHaveLength(3);
    expect(t.studyLog().length).toBeGreaterThan(before.length);

    // The map is in the data folder (0600); the platform ids are nowhere in the log.
    const mapFile = path.join(t.dir, ENROLMENT_FILE);
    expect(fs.statSync(mapFile).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(mapFile, 'utf8')).toContain(PID(1));
    for (const n of [1, 2, 3, 4]) expect(t.studyLog()).not.toContain(PID(n));
  }, 60_000);

  it('closes a visit idle past the window as abandoned, gives its slot to the next id, and excludes its run as abandoned', async () => {
    const t = online();
    const link = await t.link();
    const a = await t.must<Visit>(link, 'enrolVisit', { platformId: PID(1) });
    const c = await t.must<Visit>(link, 'enrolVisit', { platformId: PID(2) });
    const cScope = t.participantScope(c.capability) as Extract<AccessScope, { kind: 'participant' }>;
    // C consents, plays the run to its end, then leaves.
    const consent = await t.must<Extract<ParticipantScreen, { screen: 'consent' }>>(cScope, 'participantStep', { participantId: cScope.participantId });
    const run = await t.must<Extract<ParticipantScreen, { screen: 'run' }>>(cScope, 'participantConsent', { participantId: cScope.participantId, stepToken: consent.stepToken, agree: true });
    const started = await t.must<Extract<ParticipantScreen, { screen: 'run' }>>(cScope, 'participantStartRun', { participantId: cScope.participantId, stepToken: run.stepToken });
    await t.must(cScope, 'teamSubmit', { sessionId: started.run!.runId, answer: 'West City' });
    t.advance(20);
    // A is active 20 minutes in; C is not.
    const aScope = t.participantScope(a.capability) as Extract<AccessScope, { kind: 'participant' }>;
    await t.must(aScope, 'participantStep', { participantId: aScope.participantId });
    const aConsent = await t.must<{ stepToken: string }>(aScope, 'participantStep', { participantId: aScope.participantId });
    await t.must(aScope, 'participantConsent', { participantId: aScope.participantId, stepToken: aConsent.stepToken, agree: true });
    t.advance(15);
    // 35 minutes after C's last action: the next visit records C abandoned and takes C's slot.
    await t.must<Visit>(link, 'enrolVisit', { platformId: PID(3) });
    const rows = (await t.overview()).participants;
    expect(rows.map((r) => [r.status, r.plan?.slot])).toEqual([
      ['active', 0],
      ['abandoned', 1],
      ['active', 1],
    ]);
    await resultsWriterOf(t.app)!.idle();
    const abandonedRun = rows[1]!.runs[0]!;
    expect([abandonedRun.ended, abandonedRun.counted, abandonedRun.excluded]).toEqual([true, false, 'abandoned']);
    const excluded = path.join(t.dir, 'results', 'online-test', 'excluded', 'abandoned');
    expect(fs.readdirSync(excluded, { recursive: true }).some((f) => String(f).endsWith('.json'))).toBe(true);
    // C's own page, back later, says plainly that the visit was closed.
    const closed = await t.must<ParticipantScreen>(cScope, 'participantStep', { participantId: cScope.participantId });
    expect(closed).toMatchObject({ screen: 'closed', reason: 'abandoned' });
    // A was not abandoned: their page still works.
    expect((await t.must<ParticipantScreen>(aScope, 'participantStep', { participantId: aScope.participantId })).screen).toBe('run');
  }, 60_000);

  it("pauses an abandoned visit's open team run from its last event: its clock stops, the idle time is not time on task, and the seat cannot resume it", async () => {
    const t = online();
    const link = await t.link();
    const v = await t.must<Visit>(link, 'enrolVisit', { platformId: PID(4) });
    const scope = t.participantScope(v.capability) as Extract<AccessScope, { kind: 'participant' }>;
    const id = scope.participantId;
    const consent = await t.must<{ stepToken: string }>(scope, 'participantStep', { participantId: id });
    const run = await t.must<{ stepToken: string }>(scope, 'participantConsent', { participantId: id, stepToken: consent.stepToken, agree: true });
    const started = await t.must<Extract<ParticipantScreen, { screen: 'run' }>>(scope, 'participantStartRun', { participantId: id, stepToken: run.stepToken });
    const runId = started.run!.runId;
    await t.must(scope, 'teamSend', { sessionId: runId, to: 'team', text: 'Back in a minute.' });
    expect((await t.must<TeamView>(t.exp, 'teamView', { sessionId: runId })).status).not.toBe('paused');
    // The participant leaves mid-run; 31 minutes later the participants panel is looked at.
    t.advance(31);
    expect((await t.overview()).participants.map((r) => r.status)).toEqual(['abandoned']);
    await expect.poll(async () => (await t.must<TeamView>(t.exp, 'teamView', { sessionId: runId })).status).toBe('paused');
    const view = await t.must<TeamView>(t.exp, 'teamView', { sessionId: runId });
    expect(view.clock?.running).toBe(false);
    const log = t.app.database.eventLog!.replay(runId);
    const pause = log.at(-1)!;
    expect(pause.payload).toMatchObject({ type: 'paused', by: 'experimenter', idle_before: true });
    // From its last event on, nothing counted: the run's time on task is what it was at that event.
    const before = log.at(-2)!;
    expect(teamActiveTime(log).activeMs).toBe(teamActiveTime(log.slice(0, -1)).activeMs);
    expect(teamActiveTime(log).pauses.at(-1)).toMatchObject({ at: before.wallTime, resumed_at: null });
    // A second look pauses nothing twice.
    await t.overview();
    expect(t.app.database.eventLog!.replay(runId).filter((e) => e.kind === 'paused')).toHaveLength(1);
    // The experimenter's pause holds: not even the seat's own resume (its link no longer owns the run) lifts it.
    expect((await t.as(scope, 'teamResume', { sessionId: runId, reason: 'back' })).ok).toBe(false);
    expect((await t.must<TeamView>(t.exp, 'teamView', { sessionId: runId })).status).toBe('paused');
  }, 60_000);

  it('sends an enrolled participant to the platform with the completion code; a bundle carries no platform id, and an erasure removes it from the map', async () => {
    const t = online();
    const link = await t.link();
    const v = await t.must<Visit>(link, 'enrolVisit', { platformId: PID(7) });
    const scope = t.participantScope(v.capability) as Extract<AccessScope, { kind: 'participant' }>;
    const id = scope.participantId;
    const consent = await t.must<{ stepToken: string }>(scope, 'participantStep', { participantId: id });
    const run = await t.must<{ stepToken: string }>(scope, 'participantConsent', { participantId: id, stepToken: consent.stepToken, agree: true });
    const started = await t.must<Extract<ParticipantScreen, { screen: 'run' }>>(scope, 'participantStartRun', { participantId: id, stepToken: run.stepToken });
    await t.must(scope, 'teamSubmit', { sessionId: started.run!.runId, answer: 'West City' });
    const ended = await t.must<{ stepToken: string }>(scope, 'participantStep', { participantId: id });
    const questionnaire = await t.must<{ stepToken: string }>(scope, 'participantNext', { participantId: id, stepToken: ended.stepToken });
    // The participant types their platform id into an answer, as platforms often ask them to.
    const debrief = await t.must<{ stepToken: string }>(scope, 'participantAnswer', { participantId: id, stepToken: questionnaire.stepToken, answers: { comment: `my id is ${PID(7)}` } });
    const completion = await t.must<ParticipantScreen>(scope, 'participantNext', { participantId: id, stepToken: debrief.stepToken });
    expect(completion).toMatchObject({ screen: 'completion', code: 'DONE-123', redirect: 'https://app.prolific.com/submissions/complete?cc=DONE-123' });
    // Nothing the page received names the study.
    expect(JSON.stringify(completion)).not.toContain('online-test');
    await resultsWriterOf(t.app)!.idle();

    const src = collectBundle(t.app, STUDY_KEY);
    if (!src.ok) throw new Error(src.error.message);
    const hits = scanBundle(src.value);
    expect(hits.filter((h) => h.kind === 'platform_id').map((h) => h.text)).toEqual([PID(7)]);
    const files = bundleFiles(src.value, hits, Object.fromEntries(hits.map((h) => [h.id, 'redact'])));
    if (!files.ok) throw new Error(files.error.message);
    const all = [...files.value.files.entries()].map(([name, b]) => `${name}\n${b.toString('utf8')}`).join('\n');
    expect(all).not.toContain(PID(7));
    expect(all).toContain('[redacted platform_id]');
    // Results paths and files never carry it either.
    const results = path.join(t.dir, 'results');
    for (const f of fs.readdirSync(results, { recursive: true }).map(String)) {
      expect(f).not.toContain(PID(7));
      const full = path.join(results, f);
      if (fs.statSync(full).isFile()) expect(fs.readFileSync(full, 'utf8')).not.toContain(PID(7));
    }

    const row = (await t.overview()).participants[0]!;
    await t.must(t.exp, 'studyErase', { studyKey: STUDY_KEY, participantId: row.participantId, confirmCode: row.code });
    const mapFile = fs.readFileSync(path.join(t.dir, ENROLMENT_FILE), 'utf8');
    expect(mapFile).not.toContain(PID(7));
    expect(mapFile).not.toContain(row.participantId);
    // The same person opening the study link again is not enrolled afresh: refused in plain words, nothing recorded.
    const before = t.studyLog();
    for (const held of [undefined, v.capability]) {
      const again = await t.as(link, 'enrolVisit', { platformId: PID(7), ...(held ? { held } : {}) });
      expect(again.ok ? 'enrolled' : again.error.message).toMatch(/deleted when you withdrew your consent/);
    }
    expect(t.studyLog()).toBe(before);
    expect((await t.overview()).participants).toEqual([]);
    // Only a salted hash is kept: nothing in the file is the id or a plain hash of it.
    const kept = JSON.parse(fs.readFileSync(path.join(t.dir, ENROLMENT_FILE), 'utf8')) as { erased: Record<string, string[]> };
    expect(kept.erased[STUDY_KEY]).toHaveLength(1);
    expect(kept.erased[STUDY_KEY]![0]).not.toBe(crypto.createHash('sha256').update(PID(7)).digest('hex'));
    // Someone else still enrols, and the refusal holds after a restart (the file is read afresh).
    expect((await t.as(link, 'enrolVisit', { platformId: PID(8) })).ok).toBe(true);
    expect(new EnrolmentMap(t.dir).isErased(STUDY_KEY, PID(7))).toBe(true);
    expect(new EnrolmentMap(t.dir).isErased(STUDY_KEY, PID(8))).toBe(false);
    expect(new EnrolmentMap(t.dir).isErased('user:another-study', PID(7))).toBe(false);
  }, 90_000);

  it('gives this station its own slot range (participants.station_slots): enrolment starts at its first slot', async () => {
    const t = online();
    const { station } = await t.overview().then((o) => o);
    const yaml = path.join(t.dir, 'studies', 'online-test', 'study.yaml');
    fs.writeFileSync(yaml, fs.readFileSync(yaml, 'utf8').replace('participants: { generate: { pattern: "P{nn}", count: 3 } }', `participants: { generate: { pattern: "P{nn}", count: 3 }, station_slots: { ${station.id}: 3, ZZZZ: 0 } }`));
    const link = await t.link();
    await t.must(link, 'enrolVisit', { platformId: PID(1) });
    await t.must(link, 'enrolVisit', { platformId: PID(2) });
    const o = await t.overview();
    expect(o.station).toEqual({ id: station.id, firstSlot: 3 });
    expect(o.participants.map((r) => r.plan?.slot)).toEqual([3, 4]);
    // Cap 3 is one balance cycle (3 versions): no warning.
    expect(o.warnings).toEqual([]);
  });

  it('refuses a completion address that is not https when the study loads, naming the file and the place', async () => {
    const t = online('{ id_parameter: PROLIFIC_PID, cap: 3, abandon_after_minutes: 30, completion_url: "http://app.prolific.com/done?cc={code}" }');
    const r = await t.as(t.exp, 'enrolmentLink', { studyKey: STUDY_KEY });
    expect(r.ok ? 'accepted' : r.error.message).toMatch(/study\.yaml.*protocol\.enrolment\.completion_url.*https/);
  });
});
