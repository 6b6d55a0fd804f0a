import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { DATABASE_FILE } from '../app/services.js';
import type { ErasureAudit, ParticipantRow, StudyOverview } from '../../shared/contract/study.js';
import { call, consentAndStart, filesUnder, idle, refused, STUDY_ID, STUDY_KEY, submitRun, writeBetweenStudy, type Screen, type TestApp } from './study.testing.js';
import { eachTestBetweenStudy } from './eachTestBetweenStudy.testing.js';
import { onRunWritten } from './resultsWriter.js';

// Reruns, counted attempts, void, erasure and the startup repair, each through the handlers with the real runner.

let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
eachTestBetweenStudy((t, a) => ((tmp = t), (app = a)));

const results = () => path.join(tmp.dir, 'results', STUDY_ID);
const counted = () => filesUnder(path.join(results(), 'transcripts'));
const overview = () => call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY });

/** T01 started, consented, and their one run played to its end. */
async function oneFinishedRun(): Promise<{ participantId: string; runId: string }> {
  const participantId = (await overview()).participants.find((p) => p.code === 'T01')!.participantId;
  await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
  const runId = await consentAndStart(app, participantId);
  await submitRun(app, runId);
  await idle(app);
  return { participantId, runId };
}

const evaluatedRun = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as { timing: { started_at: string } };

describe('the results writer', () => {
  it('a rerun is attempt 2; only the counted attempt sits in transcripts/, the other under excluded/superseded', async () => {
    const { participantId, runId: first } = await oneFinishedRun();
    const written: string[][] = [];
    onRunWritten(app, (r) => written.push([...r.written, ...r.moved]));
    await call(app, 'studyRerunCell', { studyKey: STUDY_KEY, participantId, cell: 'c1', reason: 'the window crashed' });
    const screen = await call<Screen<'run'>>(app, 'participantStep', { participantId });
    expect(screen).toMatchObject({ screen: 'run', run: null });
    const started = await call<Screen<'run'>>(app, 'participantStartRun', { participantId, stepToken: screen.stepToken });
    const second = started.run!.runId;
    expect(second).not.toBe(first);
    await submitRun(app, second);
    await idle(app);

    const row = (await overview()).participants.find((p) => p.participantId === participantId)!;
    expect(row.runs.map((r) => [r.attempt, r.counted, r.excluded])).toEqual([[1, false, 'superseded'], [2, true, null]]);
    const [file] = counted();
    expect(counted()).toHaveLength(1);
    const superseded = filesUnder(path.join(results(), 'excluded/superseded'));
    // A benchmark root of its own, named by the run id, the file named as the benchmark names it.
    expect(superseded).toEqual([expect.stringMatching(new RegExp(`^${first}/transcripts/[^/]+/[^/]+/human_[^/]+/(alone|control|manipulation)_seed\\d+\\.json$`))]);
    const secondStart = evaluatedRun(path.join(results(), 'transcripts', file!)).timing.started_at;

    // Choosing attempt 1 swaps the two files, nothing rebuilt and nothing lost.
    await call<ParticipantRow>(app, 'studyChooseAttempt', { studyKey: STUDY_KEY, participantId, cell: 'c1', attempt: 1 });
    await idle(app);
    expect(counted()).toEqual([file]);
    expect(evaluatedRun(path.join(results(), 'transcripts', file!)).timing.started_at).not.toBe(secondStart);
    expect(filesUnder(path.join(results(), 'excluded/superseded'))).toEqual([expect.stringMatching(new RegExp(`^${second}/transcripts/.*_seed\\d+\\.json$`))]);
    expect(written.flat().length).toBeGreaterThan(0);

    // After the detour the participant carries on where they were.
    const back = await call<Screen<'run'>>(app, 'participantStep', { participantId });
    const next = await call<Screen<'questionnaire'>>(app, 'participantNext', { participantId, stepToken: back.stepToken });
    expect(next.screen).toBe('questionnaire');
  }, 90_000);

  it('void of a run or of a participant moves the files to excluded/void; the log keeps everything', async () => {
    const { participantId, runId } = await oneFinishedRun();
    expect(counted()).toHaveLength(1);
    await call(app, 'studyVoid', { studyKey: STUDY_KEY, participantId, runId, reason: 'test run' });
    await idle(app);
    expect(counted()).toEqual([]);
    expect(filesUnder(path.join(results(), 'excluded/void'))).toEqual([expect.stringMatching(new RegExp(`^${runId}/transcripts/.*/(alone|control|manipulation)_seed\\d+\\.json$`))]);
    const events = await call<{ kind: string }[]>(app, 'replaySession', { sessionId: runId });
    expect(events.some((e) => e.kind === 'ended')).toBe(true);
    await call(app, 'studyVoid', { studyKey: STUDY_KEY, participantId, reason: 'wrong id' });
    const closed = await call<Screen<'closed'>>(app, 'participantStep', { participantId });
    expect(closed).toMatchObject({ screen: 'closed', reason: 'void' });
  }, 60_000);

  it('a run voided while it is played can be replaced by a rerun of its cell', async () => {
    const participantId = (await overview()).participants.find((p) => p.code === 'T01')!.participantId;
    await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
    const broken = await consentAndStart(app, participantId);
    await call(app, 'studyVoid', { studyKey: STUDY_KEY, participantId, runId: broken, reason: 'the wrong person sat down' });
    await call(app, 'studyRerunCell', { studyKey: STUDY_KEY, participantId, cell: 'c1', reason: 'start again' });
    const screen = await call<Screen<'run'>>(app, 'participantStep', { participantId });
    expect(screen.run).toBeNull();
    const started = await call<Screen<'run'>>(app, 'participantStartRun', { participantId, stepToken: screen.stepToken });
    await submitRun(app, started.run!.runId);
    await idle(app);
    const row = (await overview()).participants.find((p) => p.participantId === participantId)!;
    expect(row.runs.map((r) => [r.attempt, r.voided, r.ended, r.counted])).toEqual([[1, true, false, false], [2, false, true, true]]);
    expect(counted()).toHaveLength(1);
    expect(filesUnder(path.join(results(), 'excluded'))).toEqual([]);
  }, 60_000);

  it('moves an excluded run an earlier version wrote as excluded/<reason>/…__<run id>.json to its own benchmark root at startup', async () => {
    const { participantId, runId } = await oneFinishedRun();
    await call(app, 'studyVoid', { studyKey: STUDY_KEY, participantId, runId, reason: 'test run' });
    await idle(app);
    const [now] = filesUnder(path.join(results(), 'excluded/void'));
    const content = fs.readFileSync(path.join(results(), 'excluded/void', now!), 'utf8');
    app.close();
    // Rewrite the folder and the writer's record as the earlier layout had them.
    const base = now!.slice(`${runId}/`.length);
    const old = `excluded/void/${base.replace(/\.json$/, `__${runId}.json`)}`;
    fs.mkdirSync(path.dirname(path.join(results(), old)), { recursive: true });
    fs.renameSync(path.join(results(), 'excluded/void', now!), path.join(results(), old));
    fs.rmSync(path.join(results(), 'excluded/void', runId), { recursive: true });
    const manifest = fs.readdirSync(results()).find((n) => n.startsWith('.written'))!;
    const text = fs.readFileSync(path.join(results(), manifest), 'utf8');
    fs.writeFileSync(path.join(results(), manifest), text.replaceAll(JSON.stringify(`excluded/void/${runId}/${base}`), JSON.stringify(old)));
    app = createTestApp(tmp.dir);
    await idle(app);
    expect(filesUnder(path.join(results(), 'excluded'))).toEqual([`void/${runId}/${base}`]);
    expect(fs.readFileSync(path.join(results(), 'excluded/void', runId, base), 'utf8')).toBe(content);
  }, 60_000);

  it('repairs a missing file at startup: the run ended in the log, the app died before the write', async () => {
    const { runId } = await oneFinishedRun();
    const [file] = counted();
    const content = fs.readFileSync(path.join(results(), 'transcripts', file!), 'utf8');
    app.close();
    // As if the process died between the run's end and the rename: no file, nothing else changed.
    fs.rmSync(path.join(results(), 'transcripts'), { recursive: true });
    for (const f of fs.readdirSync(results()).filter((n) => n.startsWith('.written'))) fs.rmSync(path.join(results(), f));
    app = createTestApp(tmp.dir);
    await idle(app);
    expect(counted()).toEqual([file]);
    expect(fs.readFileSync(path.join(results(), 'transcripts', file!), 'utf8')).toBe(content);
    expect(content).toContain('"evaluated_model": "human:T01"');
    expect(runId).toMatch(/^[0-9a-f]{24}$/);
  }, 60_000);

  it('writes the file at startup after a kill -9 between the run end (committed) and the write', async () => {
    app.close();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'crashAtRunEnd.testing.ts'), tmp.dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, sig) => resolve(sig)));
    expect(signal).toBe('SIGKILL');
    const runId = out.trim().split('\n')[0]!;
    expect(runId).toMatch(/^[0-9a-f]{24}$/);
    expect(counted()).toEqual([]);
    app = createTestApp(tmp.dir);
    const events = await call<{ kind: string }[]>(app, 'replaySession', { sessionId: runId });
    expect(events.at(-1)?.kind).toBe('ended');
    await idle(app);
    expect(counted()).toEqual([expect.stringMatching(/human_T01\/(alone|control|manipulation)_seed\d+\.json$/)]);
    // The study log learns of the end too, when the participant's page asks next.
    const screen = await call<Screen<'run'>>(app, 'participantStep', { participantId: (await overview()).participants[0]!.participantId });
    expect(screen.run).toEqual({ seat: 'team', runId, ended: true });
  }, 90_000);

  it('erasure removes the participant events, sessions, workspaces and files, and leaves an audit', async () => {
    const { participantId, runId } = await oneFinishedRun();
    const other = (await overview()).participants.find((p) => p.code === 'T02')!.participantId;
    expect(await refused(app, 'studyErase', { studyKey: STUDY_KEY, participantId, confirmCode: 'T02' })).toMatch(/type the participant's code/);
    const audit = await call<ErasureAudit>(app, 'studyErase', { studyKey: STUDY_KEY, participantId, confirmCode: 'T01' });
    expect(audit.sessions).toBe(1);
    expect(audit.events).toBeGreaterThan(5);
    expect(audit.files).toBe(1);
    expect(filesUnder(results())).toEqual([]);
    expect(await refused(app, 'replaySession', { sessionId: runId })).toMatch(/No session/);
    const rows = (await overview()).participants;
    expect(rows.map((p) => p.code)).toEqual(['T02', 'T03']);
    expect(rows.find((p) => p.participantId === other)).toBeDefined();
    const screen = await call<Screen<'closed'>>(app, 'participantStep', { participantId });
    expect(screen.reason).toBe('erased');

    // The log still refuses any other delete, and the audit stays in the study log.
    app.close();
    const db = new Database(path.join(tmp.dir, DATABASE_FILE));
    expect(() => db.prepare('DELETE FROM events').run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM sessions').run()).toThrow(/only an erasure/);
    const audits = db.prepare(`SELECT payload FROM events WHERE kind = 'erasure_performed'`).all() as { payload: string }[];
    expect(audits.map((a) => JSON.parse(a.payload))).toEqual([expect.objectContaining({ participantId, files: 1, sessions: 1 })]);
    expect(db.prepare(`SELECT count(*) AS n FROM events WHERE payload LIKE ?`).get(`%${runId}%`)).toEqual({ n: 0 });
    db.close();
    app = createTestApp(tmp.dir);
  }, 60_000);

  it("erasure also removes pilot runs started under the participant's code, and nobody else's", async () => {
    const pilot = await call<{ sessionId: string }>(app, 'teamStart', { studyKey: STUDY_KEY, taskId: 'hidden-profile', participant: 'T01', version: 'alone', seed: 0 });
    await submitRun(app, pilot.sessionId);
    const otherPilot = await call<{ sessionId: string }>(app, 'teamStart', { studyKey: STUDY_KEY, taskId: 'hidden-profile', participant: 'T02', version: 'alone', seed: 0 });
    await submitRun(app, otherPilot.sessionId);
    const { participantId } = await oneFinishedRun();
    expect(filesUnder(path.join(results(), 'excluded', 'pilot'))).toHaveLength(2);
    const audit = await call<ErasureAudit>(app, 'studyErase', { studyKey: STUDY_KEY, participantId, confirmCode: 'T01' });
    expect(audit.sessions).toBe(2);
    expect(audit.files).toBe(2);
    expect(await refused(app, 'replaySession', { sessionId: pilot.sessionId })).toMatch(/No session/);
    expect(filesUnder(results())).toEqual([expect.stringMatching(/^excluded\/pilot\/.*human_T02\//)]);
  }, 90_000);

  it('an erasure interrupted after its commit: the next start removes the files the log no longer holds', async () => {
    const { participantId, runId } = await oneFinishedRun();
    expect(counted()).toHaveLength(1);
    const studyLog = (await call<{ id: string }[]>(app, 'listSessions', { studyKey: `study:${STUDY_KEY}` }))[0]!.id;
    // The database half of an erasure, then the process is gone before any file is touched.
    app.database.eventLog!.erase({
      sessions: [runId],
      eventsOf: { sessionId: studyLog, jsonPath: '$.participantId', value: participantId },
      audit: ({ events, sessions }) => ({ sessionId: studyLog, kind: 'erasure_performed', payload: { participantId, events, sessions, workspaces: [], files: [] } }),
    });
    app.close();
    expect(counted()).toHaveLength(1);
    app = createTestApp(tmp.dir);
    await idle(app);
    expect(filesUnder(results())).toEqual([]);
  }, 60_000);

  it("erasure mid-run also removes the run's workspace folder", async () => {
    app.close();
    tmp.cleanup();
    tmp = makeTempDir();
    writeBetweenStudy(tmp.dir, 'impossible-tests');
    app = createTestApp(tmp.dir);
    const participantId = (await overview()).participants[0]!.participantId;
    await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
    const runId = await consentAndStart(app, participantId);
    const folder = fs.readdirSync(path.join(tmp.dir, 'workspaces'));
    expect(folder).toEqual([runId]);
    const audit = await call<ErasureAudit>(app, 'studyErase', { studyKey: STUDY_KEY, participantId, confirmCode: 'T01' });
    expect(audit.workspaces).toEqual([`workspaces/${runId}`]);
    expect(audit.files).toBe(0);
    expect(fs.readdirSync(path.join(tmp.dir, 'workspaces'))).toEqual([]);
    // A folder the erasure recorded but did not remove (the app died after the commit) goes at the next start.
    app.close();
    fs.mkdirSync(path.join(tmp.dir, audit.workspaces[0]!));
    app = createTestApp(tmp.dir);
    expect(fs.readdirSync(path.join(tmp.dir, 'workspaces'))).toEqual([]);
  }, 60_000);
});
