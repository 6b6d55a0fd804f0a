import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GradingItem, RunView } from '../../shared/contract/slack.js';
import { jobResultSchema, trialResultSchema } from '../../shared/harbor/schemas.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { caller, DEMO, openAndWait, type TestApp } from '../slackSeat/slackSeat.testing.js';
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
afterAll(() => {
  app.close();
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
});
