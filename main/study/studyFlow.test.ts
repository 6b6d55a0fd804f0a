import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { makeTempDir } from '../testing/tempDir.js';
import type { StudyOverview } from '../../shared/contract/study.js';
import { benchmarkTranscriptSchema } from '../../shared/team/export/transcriptSchema.js';
import { call, consentAndStart, filesUnder, idle, refused, STUDY_ID, STUDY_KEY, submitRun, type Screen, type TestApp } from './study.testing.js';
import { eachTestBetweenStudy } from './eachTestBetweenStudy.testing.js';

// A 3-participant between-subjects study played through the handlers as the kiosk does, with the real team runner,
// real SQLite and the real results writer: files appear as each run ends, with no export call anywhere.

let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
eachTestBetweenStudy((t, a) => ((tmp = t), (app = a)));

const results = () => path.join(tmp.dir, 'results', STUDY_ID);
const overview = () => call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY });
const idOf = async (code: string) => (await overview()).participants.find((p) => p.code === code)!.participantId;

describe('a between-subjects study played through the study service', () => {
  it('walks three participants through their plans; each run is written as it ends; a withdrawal moves the files', async () => {
    const first = await overview();
    expect(first.participants.map((p) => [p.code, p.status])).toEqual([['T01', 'invited'], ['T02', 'invited'], ['T03', 'invited']]);
    const seen: string[] = [];
    for (const [i, code] of ['T01', 'T02', 'T03'].entries()) {
      const participantId = await idOf(code);
      await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
      const runId = await consentAndStart(app, participantId);
      // A reload (the same call again) resumes the same run, never a second one.
      const again = await call<Screen<'run'>>(app, 'participantStep', { participantId });
      expect(again.run).toEqual({ seat: 'team', runId, ended: false });
      expect(filesUnder(path.join(results(), 'transcripts'))).toHaveLength(i);

      await submitRun(app, runId);
      await idle(app);
      const counted = filesUnder(path.join(results(), 'transcripts'));
      expect(counted).toHaveLength(i + 1);
      const mine = counted.find((f) => f.includes(`human_${code}/`))!;
      expect(mine).toMatch(new RegExp(`^sharing_and_seeking_information/hidden-profile/human_${code}/(alone|control|manipulation)_seed\\d+\\.json$`));
      seen.push(mine.split('/').at(-1)!.split('_')[0]!);
      const transcript = benchmarkTranscriptSchema.parse(JSON.parse(fs.readFileSync(path.join(results(), 'transcripts', mine), 'utf8')));
      expect(transcript.evaluated_model).toBe(`human:${code}`);

      // The run screen now lets the participant go on: questionnaire, debrief, completion.
      const ended = await call<Screen<'run'>>(app, 'participantStep', { participantId });
      expect(ended.run?.ended).toBe(true);
      const q = await call<Screen<'questionnaire'>>(app, 'participantNext', { participantId, stepToken: ended.stepToken });
      expect(q.screen).toBe('questionnaire');
      expect(await refused(app, 'participantAnswer', { participantId, stepToken: q.stepToken, answers: { effort: 9 } })).toMatch(/1 to 5/);
      const debrief = await call<Screen<'debrief'>>(app, 'participantAnswer', { participantId, stepToken: q.stepToken, answers: { effort: 4 } });
      expect(debrief.text).toContain('scripted');
      if (code === 'T03') {
        const closed = await call<Screen<'closed'>>(app, 'participantWithdraw', { participantId, stepToken: debrief.stepToken });
        expect(closed.reason).toBe('withdrawn');
      } else {
        const done = await call<Screen<'completion'>>(app, 'participantNext', { participantId, stepToken: debrief.stepToken });
        expect(done.code).toBe('DONE-123');
      }
    }
    // Between subjects: one version each, all three versions over the three participants.
    expect(seen.sort()).toEqual(['alone', 'control', 'manipulation']);
    await idle(app);
    const after = filesUnder(results());
    expect(after.filter((f) => f.startsWith('transcripts/'))).toHaveLength(2);
    // Each excluded run is a benchmark root of its own: excluded/withdrawn/<run id>/transcripts/…/<version>_seed<k>.json.
    expect(after.filter((f) => /^excluded\/withdrawn\/[^/]+\/transcripts\/[^/]+\/[^/]+\/human_T03\/(alone|control|manipulation)_seed\d+\.json$/.test(f))).toHaveLength(1);
    const rows = (await overview()).participants;
    expect(rows.map((p) => p.status)).toEqual(['finished', 'finished', 'withdrawn']);
  }, 120_000);

  it('never shows a participant the version, seed, plan cell or a path', async () => {
    const participantId = await idOf('T02');
    await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
    const screens: unknown[] = [await call(app, 'participantStep', { participantId })];
    const runId = await consentAndStart(app, participantId);
    screens.push(await call(app, 'participantStep', { participantId }));
    await submitRun(app, runId);
    screens.push(await call(app, 'participantStep', { participantId }));
    const text = JSON.stringify(screens);
    expect(text).not.toMatch(/alone|control|manipulation|seed|"c1"|hidden-profile|results|\//);
  }, 60_000);

  it('refuses a duplicate or reused code with its line, and adds generated codes with the station id', async () => {
    await overview();
    expect(await refused(app, 'studyAddParticipants', { studyKey: STUDY_KEY, codes: 'T09\nT01\n' })).toMatch(/line 2: "T01" is already a participant/);
    expect(await refused(app, 'studyAddParticipants', { studyKey: STUDY_KEY, codes: 'T10\n\nT10' })).toMatch(/line 3: duplicate code "T10"/);
    expect((await overview()).participants).toHaveLength(3);
    const added = await call<{ code: string }[]>(app, 'studyAddParticipants', { studyKey: STUDY_KEY, count: 2 });
    expect(added.map((p) => p.code)).toEqual([expect.stringMatching(/^[2-9A-Z]{4}-P01$/), expect.stringMatching(/^[2-9A-Z]{4}-P02$/)]);
    const id = await idOf('T01');
    expect(await refused(app, 'studyCorrectCode', { studyKey: STUDY_KEY, participantId: id, code: 'T02' })).toMatch(/already a participant/);
  });

  it('corrects a code only while the participant has no finished run', async () => {
    const participantId = await idOf('T01');
    await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
    const runId = await consentAndStart(app, participantId);
    await call(app, 'studyCorrectCode', { studyKey: STUDY_KEY, participantId, code: 'T01b2' });
    await submitRun(app, runId);
    await idle(app);
    expect(filesUnder(path.join(results(), 'transcripts'))).toEqual([expect.stringContaining('/human_T01b2/')]);
    expect(await refused(app, 'studyCorrectCode', { studyKey: STUDY_KEY, participantId, code: 'T01c3' })).toMatch(/finished run/);
  }, 60_000);

  it('records pilot runs from the one-at-a-time panel under excluded/pilot without touching a participant file', async () => {
    const participantId = await idOf('T01');
    await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
    const runId = await consentAndStart(app, participantId);
    await submitRun(app, runId);
    await idle(app);
    const [counted] = filesUnder(path.join(results(), 'transcripts'));
    const before = fs.readFileSync(path.join(results(), 'transcripts', counted!), 'utf8');
    const version = counted!.split('/').at(-1)!.split('_')[0]!;
    const seed = Number(/seed(\d+)/.exec(counted!)![1]);
    const pilots: string[] = [];
    for (let i = 0; i < 2; i++) {
      const pilot = await call<{ sessionId: string }>(app, 'teamStart', { studyKey: STUDY_KEY, taskId: 'hidden-profile', participant: 'T01', version, seed });
      await submitRun(app, pilot.sessionId);
      pilots.push(pilot.sessionId);
    }
    await idle(app);
    // The one-at-a-time export no longer overwrites an earlier run's file when an id is reused.
    await call(app, 'teamExport', { sessionId: pilots[0] });
    expect(await refused(app, 'teamExport', { sessionId: pilots[1] })).toMatch(/already holds another run/);
    expect(fs.readFileSync(path.join(results(), 'transcripts', counted!), 'utf8')).toBe(before);
    expect(filesUnder(path.join(results(), 'excluded/pilot'))).toHaveLength(2);
  }, 60_000);

  it('declining consent records only the refusal; a stale step token moves nothing', async () => {
    const participantId = await idOf('T02');
    await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
    const consent = await call<Screen<'consent'>>(app, 'participantStep', { participantId });
    expect(await refused(app, 'participantConsent', { participantId, stepToken: 'f'.repeat(16), agree: true })).toMatch(/already moved on/);
    const closed = await call<Screen<'closed'>>(app, 'participantConsent', { participantId, stepToken: consent.stepToken, agree: false });
    expect(closed).toMatchObject({ screen: 'closed', reason: 'declined' });
    expect(await refused(app, 'participantConsent', { participantId, stepToken: consent.stepToken, agree: true })).toMatch(/visit is over/);
    const studyLog = (await call<{ id: string; taskId: string }[]>(app, 'listSessions', { studyKey: `study:${STUDY_KEY}` }))[0]!;
    const mine = (await call<{ kind: string; payload: { participantId?: string } }[]>(app, 'replaySession', { sessionId: studyLog.id })).filter((e) => e.payload.participantId === participantId);
    expect(mine.map((e) => e.kind)).toEqual(['participant_added', 'participant_started', 'consent_declined']);
    expect((await overview()).participants.find((p) => p.participantId === participantId)?.status).toBe('declined');
  });

  it('opens the built-in team demo as a runnable study: six generated codes (one balance cycle), consent, instructions, a practice run', async () => {
    const demo = await call<StudyOverview>(app, 'studyParticipants', { studyKey: 'built-in:team-demo' });
    expect(demo.participants.map((p) => p.code)).toEqual([1, 2, 3, 4, 5, 6].map((n) => expect.stringMatching(new RegExp(`^[2-9A-Z]{4}-P0${n}$`))));
    expect(demo.warnings).toEqual([]);
    const participantId = demo.participants[0]!.participantId;
    await call(app, 'studyStartParticipant', { studyKey: 'built-in:team-demo', participantId });
    const consent = await call<Screen<'consent'>>(app, 'participantStep', { participantId });
    expect(consent.checkbox).toMatch(/agree to take part/);
    const instructions = await call<Screen<'instructions'>>(app, 'participantConsent', { participantId, stepToken: consent.stepToken, agree: true });
    const practice = await call<Screen<'run'>>(app, 'participantNext', { participantId, stepToken: instructions.stepToken });
    expect(practice).toMatchObject({ screen: 'run', seat: 'team', practice: true, title: 'Practice', timeLimitSec: 900, run: null });
    const started = await call<Screen<'run'>>(app, 'participantStartRun', { participantId, stepToken: practice.stepToken });
    const view = await call<{ taskId: string; version: string }>(app, 'teamView', { sessionId: started.run!.runId });
    expect(view).toMatchObject({ taskId: 'campsite-negotiation', version: 'control' });
    const row = (await call<StudyOverview>(app, 'studyParticipants', { studyKey: 'built-in:team-demo' })).participants[0]!;
    expect(row).toMatchObject({ status: 'active', progress: { step: 3, screen: 'practice' }, runs: [{ practice: true, attempt: 1, ended: false }] });
  }, 60_000);
});
