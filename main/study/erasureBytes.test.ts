import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { readZip } from '../bundle/readBundle.js';
import { createTestApp } from '../testing/testApp.js';
import type { ErasureAudit, ParticipantRow, StudyOverview } from '../../shared/contract/study.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import { call, idle, STUDY_ID, STUDY_KEY, type Screen, type TestApp } from './study.testing.js';
import { writePendingErasure } from './erasure.js';
import { StudyLogs } from './studyLog.js';
import { eachTestBetweenStudy } from './eachTestBetweenStudy.testing.js';
import type { makeTempDir } from '../testing/tempDir.js';

// "Permanently" erased means no byte of the person is left anywhere in the data folder: not in a free page of the
// database, not in a WAL frame, not in a result file, an export, a bundle or a migration backup.

let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
eachTestBetweenStudy((t, a) => ((tmp = t), (app = a)));

const CODE = 'QZ7X-ERASEME';
const CANARY = 'plumtree-canary-4417';

/** Every regular file under the data folder holding `needle` as raw bytes (a zip's entries unpacked), by relative path. */
async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const bytes = Buffer.from(needle, 'utf8');
  const found: string[] = [];
  for (const d of fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[]) {
    if (!d.isFile()) continue;
    const file = path.join(d.parentPath, d.name);
    let holds = fs.readFileSync(file).includes(bytes);
    if (!holds && file.endsWith('.zip')) {
      const entries = await readZip(file);
      if (!entries.ok) throw new Error(entries.error.message);
      holds = [...entries.value.values()].some((b) => b.includes(bytes));
    }
    if (holds) found.push(path.relative(dir, file));
  }
  return found.sort();
}

/** The pasted participant plays their run (messages and a submitted answer with the canary) and answers the questionnaire with it. */
async function canaryParticipant(): Promise<string> {
  const [row] = await call<ParticipantRow[]>(app, 'studyAddParticipants', { studyKey: STUDY_KEY, codes: CODE });
  const participantId = row!.participantId;
  await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
  const screen = await call<Screen<'consent'>>(app, 'participantStep', { participantId });
  const run = await call<Screen<'run'>>(app, 'participantConsent', { participantId, stepToken: screen.stepToken, agree: true });
  const started = await call<Screen<'run'>>(app, 'participantStartRun', { participantId, stepToken: run.stepToken });
  const runId = started.run!.runId;
  const view = await call<TeamView>(app, 'teamView', { sessionId: runId });
  for (const to of view.channels) await call(app, 'teamSend', { sessionId: runId, to, text: `I think ${CANARY} is the answer` });
  await call(app, 'teamSubmit', { sessionId: runId, answer: `West City (${CANARY})` });
  await idle(app);
  const after = await call<Screen<'run'>>(app, 'participantStep', { participantId });
  const q = await call<Screen<'questionnaire'>>(app, 'participantNext', { participantId, stepToken: after.stepToken });
  await call(app, 'participantAnswer', { participantId, stepToken: q.stepToken, answers: { effort: 4, comment: `Nothing else, ${CANARY}.` } });
  await idle(app);
  return participantId;
}

describe('erasing a participant', () => {
  it('leaves neither their words nor their code in any byte of the data folder', async () => {
    const participantId = await canaryParticipant();
    // Everything else that derives files from the participant: an export of the run and a bundle.
    const runs = (await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY })).participants.find((p) => p.participantId === participantId)!.runs;
    await call(app, 'teamExport', { sessionId: runs[0]!.runId });
    const scan = await call<{ hits: Array<{ id: string }> }>(app, 'bundleScan', { studyKey: STUDY_KEY });
    await call(app, 'bundleWrite', { studyKey: STUDY_KEY, decisions: Object.fromEntries(scan.hits.map((h) => [h.id, 'keep'])) });
    // A migration backup and a database set aside as damaged, as the app leaves them, holding the same data.
    const live = new Database(path.join(tmp.dir, 'teamseat.db'), { readonly: true });
    live.prepare('VACUUM INTO ?').run(path.join(tmp.dir, 'teamseat.db.before-v9-1767225600000.bak'));
    live.prepare('VACUUM INTO ?').run(path.join(tmp.dir, 'teamseat.db.set-aside-2026-01-01T00-00-00-000Z'));
    live.close();
    const before = await filesHolding(tmp.dir, CANARY);
    for (const f of ['teamseat.db-wal', 'teamseat.db.before-v9-1767225600000.bak', 'teamseat.db.set-aside-2026-01-01T00-00-00-000Z']) expect(before).toContain(f);
    expect(before).toEqual(expect.arrayContaining([expect.stringMatching(/^exports\/bundles\/.*\.zip$/), expect.stringMatching(/^results\/transcripts\//)]));
    expect((await filesHolding(tmp.dir, CODE)).length).toBeGreaterThan(0);

    const audit = await call<ErasureAudit>(app, 'studyErase', { studyKey: STUDY_KEY, participantId, confirmCode: CODE });
    expect(audit).toMatchObject({ sessions: 1, files: 1, copies: 2 });
    expect(audit.derived).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(audit)).not.toContain(CODE);
    expect(await filesHolding(tmp.dir, CANARY)).toEqual([]);
    expect(await filesHolding(tmp.dir, CODE)).toEqual([]);

    // And after the app has closed its database too (a checkpoint at close must not bring anything back).
    await app.close();
    expect(await filesHolding(tmp.dir, CANARY)).toEqual([]);
    expect(await filesHolding(tmp.dir, CODE)).toEqual([]);
    app = createTestApp(tmp.dir);
    const rows = (await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY })).participants;
    expect(rows.map((p) => p.code)).toEqual(['T01', 'T02', 'T03']);
  }, 90_000);

  it('cut short after its commit, is finished at the next start; one that never committed takes nothing', async () => {
    const participantId = await canaryParticipant();
    const runIds = (await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY })).participants.find((p) => p.participantId === participantId)!.runs.map((r) => r.runId);
    await call(app, 'teamExport', { sessionId: runIds[0]! });
    const pending = { studyKey: STUDY_KEY, studyId: STUDY_ID, participantId, code: CODE, runIds };

    // Never committed: the participant is still in the log, so their export stays and only the pending file goes.
    writePendingErasure(tmp.dir, pending);
    await app.close();
    app = createTestApp(tmp.dir);
    await idle(app);
    expect(fs.existsSync(path.join(tmp.dir, '.erasure-pending.json'))).toBe(false);
    expect(await filesHolding(tmp.dir, CANARY)).toContain(path.join('results', 'transcripts', 'sharing_and_seeking_information', 'hidden-profile', `human_${CODE}`, 'alone_seed0.json'));

    // The database half of an erasure, then the process is gone before the scrub and before any file is touched.
    writePendingErasure(tmp.dir, pending);
    const studyLog = new StudyLogs(app).sessionId(STUDY_KEY)!;
    app.database.eventLog!.erase({
      sessions: runIds,
      eventsOf: { sessionId: studyLog, jsonPath: '$.participantId', value: participantId },
      audit: ({ events, sessions }) => ({ sessionId: studyLog, kind: 'erasure_performed', payload: { participantId, events, sessions, workspaces: [], files: 1 } }),
    });
    await app.close();
    expect((await filesHolding(tmp.dir, CANARY)).length).toBeGreaterThan(0);
    app = createTestApp(tmp.dir);
    await idle(app);
    expect(await filesHolding(tmp.dir, CANARY)).toEqual([]);
    expect(await filesHolding(tmp.dir, CODE)).toEqual([]);
  }, 90_000);
});
