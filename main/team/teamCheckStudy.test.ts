import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StudyOverview } from '../../shared/contract/study.js';
import type { DashboardView } from '../../shared/contract/dashboard.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { call, consentAndStart, filesUnder, idle, STUDY_ID, STUDY_KEY, writeBetweenStudy, type Screen, type TestApp } from '../study/study.testing.js';
import { teamSessionsOf } from './teamSessionsOf.js';
import { untilChecked } from './teamCheck.testing.js';

// Issue 13: a participant who submits the coding task is not kept waiting on its hidden tests. The plan moves on
// at the submit, the dashboard shows the cell "checking" (not idle, not done) until the check commits, and the run
// is written to results once, when it ends. A host killed (SIGKILL) after `submitted` and before `checked` runs the
// check again at its next start, from the log, and the run ends as it would have. Real SQLite, real Pyodide.

let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
beforeEach(() => {
  tmp = makeTempDir();
  writeBetweenStudy(tmp.dir, 'impossible-tests');
  app = createTestApp(tmp.dir);
});
afterEach(async () => {
  await app.close();
  tmp.cleanup();
});

const counted = () => filesUnder(path.join(tmp.dir, 'results', STUDY_ID)).filter((f) => f.startsWith('transcripts/'));
const participant = async (code: string) => (await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY })).participants.find((p) => p.code === code)!.participantId;
const cellOf = async (code: string) => (await call<DashboardView>(app, 'dashboardView', { studyKey: STUDY_KEY })).participants.find((p) => p.row.code === code)!.cells[0]!;

describe('a submitted run checked in the background, in a study', () => {
  it('moves the plan on at the submit, shows the cell checking, then done, and writes the run once', async () => {
    const t01 = await participant('T01');
    await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId: t01 });
    const runId = await consentAndStart(app, t01);
    await call(app, 'teamSubmit', { sessionId: runId, answer: 'Left the failing test for QA.' });

    expect(await cellOf('T01')).toMatchObject({ status: 'checking', runId });
    const screen = await call<Screen<'run'>>(app, 'participantStep', { participantId: t01 });
    expect(screen.run).toEqual({ seat: 'team', runId, ended: true });
    const next = await call<Screen<'questionnaire'>>(app, 'participantNext', { participantId: t01, stepToken: screen.stepToken });
    expect(next.screen).toBe('questionnaire');
    await idle(app);
    expect(counted()).toEqual([]);

    expect((await untilChecked(app, runId)).status).toBe('ended');
    expect((await cellOf('T01')).status).toBe('done');
    await idle(app);
    expect(counted()).toEqual([expect.stringMatching(/impossible-tests\/human_T01\/(alone|control|manipulation)_seed\d+\.json$/)]);
  }, 120_000);

  it('runs the check again after a kill -9 between the submit and the check, and ends the run once', async () => {
    await app.close();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'crashAtSubmit.testing.ts'), tmp.dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, sig) => resolve(sig)));
    expect(signal).toBe('SIGKILL');
    const runId = out.trim().split('\n')[0]!;
    expect(runId).toMatch(/^[0-9a-f]{24}$/);

    app = createTestApp(tmp.dir);
    expect(app.database.eventLog!.replay(runId).at(-1)?.kind).toBe('submitted');
    // The startup sweep finds the run from its log and checks it; nobody has to open it.
    await teamSessionsOf(app).recoverChecks();
    expect((await untilChecked(app, runId)).status).toBe('ended');
    const kinds = app.database.eventLog!.replay(runId).map((e) => e.kind);
    expect(kinds.slice(-5)).toEqual(['tool_call', 'submitted', 'crash_pause', 'checked', 'ended']);
    expect(kinds.filter((k) => k === 'checked' || k === 'ended')).toEqual(['checked', 'ended']);
    await idle(app);
    expect(counted()).toEqual([expect.stringMatching(/impossible-tests\/human_T02\/(alone|control|manipulation)_seed\d+\.json$/)]);
    const screen = await call<Screen<'run'>>(app, 'participantStep', { participantId: await participant('T02') });
    expect(screen.run).toEqual({ seat: 'team', runId, ended: true });

    // Another start finds nothing left to check: the run is not checked or written again.
    await app.close();
    app = createTestApp(tmp.dir);
    await teamSessionsOf(app).recoverChecks();
    await idle(app);
    expect(app.database.eventLog!.replay(runId).map((e) => e.kind)).toEqual(kinds);
    expect(counted()).toHaveLength(1);
  }, 120_000);
});
