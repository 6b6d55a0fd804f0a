import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GradingItem, RunView } from '../../shared/contract/slack.js';
import { jobResultSchema, trialResultSchema } from '../../shared/harbor/schemas.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { caller, DEMO, openAndWait, type TestApp } from '../slackSeat/slackSeat.testing.js';
import type { ParticipantScreen, StudyOverview } from '../../shared/contract/study.js';
import { filesUnder } from './study.testing.js';
import { resultsWriterOf } from './handlers.js';

// A Slack trial is written when the answer is given (verifier_result: null); grading is an event after which the
// writer rewrites the trial's result.json and verifier/ files and the job's result.json. A run started from the
// one-at-a-time panel is a pilot.

let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
const { call } = caller(() => app);
beforeAll(() => {
  tmp = makeTempDir();
  app = createTestApp(tmp.dir);
});
afterAll(async () => {
  // Listing a Slack study's participants starts preparing its workspaces: wait for those imports to stop first.
  await app.close();
  tmp.cleanup();
});

const QUERY = 'as-library-permit';

describe('Slack trials in results/<study id>/', () => {
  it('writes the answered trial at once, then rewrites it with its grade', async () => {
    await openAndWait(app, 'slackOpenStudyWorkspace', { studyKey: DEMO, queryId: QUERY });
    const run = await call<RunView>('slackStartRun', { studyKey: DEMO, queryId: QUERY, participant: 'P07' });
    const job = path.join(tmp.dir, 'results', 'slack-demo', 'excluded', 'pilot', 'slack', 'human_P07');
    await call('slackSubmitAnswer', { runId: run.runId, answer: 'Permit CP-2024-0815, valid until 31 March 2025.' });
    await resultsWriterOf(app)!.idle();
    const files = filesUnder(job);
    const trial = files.find((f) => f.endsWith('/result.json'))!.split('/')[0]!;
    expect(files).toEqual(expect.arrayContaining(['config.json', 'result.json', `${trial}/result.json`, `${trial}/agent/trajectory.json`]));
    expect(files.some((f) => f.includes('verifier/'))).toBe(false);
    const before = trialResultSchema.parse(JSON.parse(fs.readFileSync(path.join(job, trial, 'result.json'), 'utf8')));
    expect(before.verifier_result).toBeNull();

    const [item] = await call<GradingItem[]>('slackGradingQueue', { studyKey: DEMO, graderId: 'G01' });
    await call('slackRecordGrade', { studyKey: DEMO, itemId: item!.itemId, graderId: 'G01', pass: true });
    await resultsWriterOf(app)!.idle();
    const after = trialResultSchema.parse(JSON.parse(fs.readFileSync(path.join(job, trial, 'result.json'), 'utf8')));
    expect(after.verifier_result).toEqual({ rewards: { reward: 1 } });
    expect(after.id).toBe(before.id);
    expect(fs.readFileSync(path.join(job, trial, 'verifier', 'reward.txt'), 'utf8').trim()).toBe('1');
    const jobResult = jobResultSchema.parse(JSON.parse(fs.readFileSync(path.join(job, 'result.json'), 'utf8')));
    expect(Object.values(jobResult.stats.evals)[0]!.metrics).toEqual([{ mean: 1 }]);
  }, 120_000);

  it("plays a Slack study participant's practice query as a study run, written under excluded/practice", async () => {
    const overview = await call<StudyOverview>('studyParticipants', { studyKey: DEMO });
    const p = overview.participants[0]!;
    await call('studyStartParticipant', { studyKey: DEMO, participantId: p.participantId });
    const at = <K extends ParticipantScreen['screen']>(s: ParticipantScreen, k: K) => {
      expect(s.screen).toBe(k);
      return s as Extract<ParticipantScreen, { screen: K }>;
    };
    const consent = at(await call<ParticipantScreen>('participantStep', { participantId: p.participantId }), 'consent');
    const instructions = at(await call<ParticipantScreen>('participantConsent', { participantId: p.participantId, stepToken: consent.stepToken, agree: true }), 'instructions');
    const practice = at(await call<ParticipantScreen>('participantNext', { participantId: p.participantId, stepToken: instructions.stepToken }), 'run');
    expect(practice).toMatchObject({ seat: 'slack', practice: true, title: 'Practice', timeLimitSec: 1200, run: null });
    const started = at(await call<ParticipantScreen>('participantStartRun', { participantId: p.participantId, stepToken: practice.stepToken }), 'run');
    const runId = started.run!.runId;
    const view = await call<RunView>('slackRunView', { runId });
    expect(view).toMatchObject({ participant: p.code, timeLimitMs: 1_200_000 });
    await call('slackSubmitAnswer', { runId, answer: 'Permit CP-2024-0815.' });
    await resultsWriterOf(app)!.idle();
    const job = path.join(tmp.dir, 'results', 'slack-demo', 'excluded', 'practice', 'slack', `human_${p.code}`);
    expect(filesUnder(job)).toEqual(expect.arrayContaining(['result.json', expect.stringMatching(/^as-library-permit__[0-9a-f]{8}\/result\.json$/)]));
    // Practice is never scored: its answer is not queued for grading and not counted in the scores.
    const queue = await call<GradingItem[]>('slackGradingQueue', { studyKey: DEMO, graderId: 'G1' });
    expect(queue.map((q) => q.answer)).not.toContain('Permit CP-2024-0815.');
    const scores = await call<{ byParticipant: Array<{ participant: string }> }>('slackScores', { studyKey: DEMO });
    expect(scores.byParticipant.map((row) => row.participant)).not.toContain(p.code);
    const ended = at(await call<ParticipantScreen>('participantStep', { participantId: p.participantId }), 'run');
    expect(ended.run?.ended).toBe(true);
    const next = await call<ParticipantScreen>('participantNext', { participantId: p.participantId, stepToken: ended.stepToken });
    expect(next).toMatchObject({ screen: 'run', practice: false, title: 'Question 1', run: null });
  }, 120_000);
});
