import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobResultSchema, trajectorySchema, trialResultSchema } from '../../shared/harbor/schemas.js';
import type { GradingItem } from '../../shared/contract/slack.js';
import type { SlackResults } from '../../shared/contract/results.js';
import { createChatClient } from '../judge/chatClient.js';
import { comparisonForStudy } from '../comparison/comparisonView.js';
import type { ChatPost } from '../judge/toolChat.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { caller, DEMO, openAndWait, type TestApp } from '../slackSeat/slackSeat.testing.js';
import { runBatch } from './batch.js';
import { budgetOf, loadModelStudy, type ConfiguredModel } from './modelConfig.js';
import { MODEL_RUN_STARTED, modelParticipant } from './modelLog.js';
import { writeModelResults } from './modelResults.js';
import { slackModelRunsOf } from './slackModelResults.js';
import { playSlackModelRun, workspaceReady } from './slackModelRun.js';
import { loadSlackStudy } from '../slackSeat/slackStudy.js';
import { slackRunsOf } from '../slackSeat/slackRunsOf.js';
import { timeOnTaskOf } from '../slackSeat/runLog.js';
import { startStubModelServer, type StubModelServer } from './stubModel.testing.js';

// Scripted models answer the slack-demo study's queries on a real chat-completions server on 127.0.0.1, through the
// Slack seat's own handlers and runs (the real workspace, imported into SQLite), recorded as Harbor trials.
let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
let stub: StubModelServer;
const { call } = caller(() => app);
const budget = { tokens: 1_000_000, seconds: 600, stepsPerTurn: 8 };
const QUERY = 'as-library-permit';

beforeAll(async () => {
  tmp = makeTempDir();
  app = createTestApp(tmp.dir);
  stub = await startStubModelServer();
  expect((await openAndWait(app, 'slackOpenStudyWorkspace', { studyKey: DEMO })).status).toBe('ready');
}, 120_000);
afterAll(async () => {
  await stub.close();
  await app.close();
  tmp.cleanup();
});

const postFor = (model: string, timeoutMs = 10_000): ChatPost => {
  const client = createChatClient({ baseUrl: stub.baseUrl, model, apiKey: '' }, { timeoutMs, maxAttempts: 1, backoffMs: 1 });
  return (body) => client.post(body);
};
const play = async (model: string, queryId = QUERY) => {
  const played = await playSlackModelRun({ s: app, post: postFor(model), model: { name: model, id: `stub:${model}`, baseUrl: stub.baseUrl }, studyKey: DEMO, queryId, budget });
  if (!played.ok) throw new Error(played.error.message);
  return played.value;
};
const results = () => path.join(tmp.dir, 'results', 'slack-demo');
const readJson = (rel: string) => JSON.parse(fs.readFileSync(path.join(results(), rel), 'utf8')) as Record<string, unknown>;

describe('the model seat on a Slack query', () => {
  it('searches and reads through the Slack seat, answers, and is written as a Harbor trial under its own name', async () => {
    const outcome = await play('follows');
    expect(outcome).toMatchObject({ ended: 'submitted' });
    const run = slackModelRunsOf(app, DEMO).find((r) => r.run.runId === outcome.sessionId)!;
    // Recorded as a person's clicks are: the benchmark's tool names, in the run's own log. The documents' list is not
    // an action (a person's side panel shows it unasked); the model's own trajectory has the call.
    expect(run.run.actions.map((x) => x.tool)).toEqual(['list_channels', 'search_messages', 'get_thread_replies']);
    expect(run.run.answer?.answer).toMatch(/CP-2024-0815/);
    expect(run.record.steps).toHaveLength(3);

    const written = writeModelResults(app, DEMO);
    if (!written.ok) throw new Error(written.error.message);
    expect(written.value.problems).toEqual([]);
    const job = 'models/stub_follows/slack';
    jobResultSchema.parse(readJson(`${job}/result.json`));
    const trials = fs.readdirSync(path.join(results(), job)).filter((f) => f.startsWith(`${QUERY}__`));
    expect(trials).toHaveLength(1);
    const trial = trialResultSchema.parse(readJson(`${job}/${trials[0]}/result.json`));
    expect(trial.agent_info).toMatchObject({ name: 'teamseat-model-seat', model_info: { name: 'stub:follows', provider: new URL(stub.baseUrl).host } });
    expect(trial.agent_result?.n_input_tokens).toBeGreaterThan(0);
    // Its time on task beside a person's, from the run's own clock at the answer.
    const ours = (trial.agent_result?.metadata as { teamseat?: { active_ms?: number; pauses?: unknown[] } }).teamseat;
    expect(ours?.active_ms).toBe(timeOnTaskOf(run.run).activeMs);
    expect(ours?.active_ms).toBeGreaterThan(0);
    expect(ours?.pauses).toEqual([]);
    expect(trial.verifier_result).toBeNull();
    const trajectory = trajectorySchema.parse(readJson(`${job}/${trials[0]}/agent/trajectory.json`));
    expect(trajectory.steps.map((st) => st.source)).toEqual(['system', 'user', 'agent', 'agent', 'agent']);
    expect(trajectory.steps[2]!.tool_calls?.map((c) => c.function_name)).toEqual(['list_channels', 'search_messages']);
    expect(trajectory.steps[4]!.message).toMatch(/FINAL_ANSWER: /);
    expect(fs.readFileSync(path.join(results(), job, trials[0]!, 'agent/answer.txt'), 'utf8')).toMatch(/^FINAL_ANSWER: .*CP-2024-0815/);
    // The people's jobs live in slack/, which the comparison pools into the human row: the model is not there.
    expect(fs.existsSync(path.join(results(), 'slack'))).toBe(false);
  }, 60_000);

  it('bad tool calls go back to the model as tool errors and are recorded; the run carries on to an answer', async () => {
    const outcome = await play('bad-args');
    expect(outcome).toMatchObject({ ended: 'submitted' });
    const run = slackModelRunsOf(app, DEMO).find((r) => r.run.runId === outcome.sessionId)!;
    const first = Object.fromEntries(run.record.steps[0]!.calls.map((c) => [c.name + ' ' + c.arguments, c.result]));
    expect(first['delete_channel {"channel_id":"C1"}']).toMatch(/^Error: unknown tool "delete_channel"/);
    expect(first['search_messages {"query": ']).toMatch(/not valid JSON/);
    expect(first['get_channel_history {"limit":5}']).toMatch(/^Error: get_channel_history: channel_id: /);
    expect(first['get_thread_replies {"channel_id":"no-such-channel","thread_ts":"1.0"}']).toMatch(/^Error: no conversation "no-such-channel"/);
    expect(first['get_thread_replies {"channel_id":"general","thread_ts":"yesterday"}']).toMatch(/^Error: get_thread_replies: thread_ts: expected a Slack ts/);
    expect(first['get_file_contents {"owner":"slack-demo","repo":"docs","path":"../../../etc/passwd"}']).toMatch(/^Error: /);
    expect(run.record.steps[0]!.calls.every((c) => !c.ok)).toBe(true);
    // Refused calls are not actions: only what was answered is in the trajectory.
    expect(run.run.actions.map((x) => x.tool)).toEqual(['list_channels', 'search_messages', 'get_thread_replies']);
  }, 60_000);

  it('is graded blind and scored as one more participant; the Results screen lists it beside the people', async () => {
    const queue = await call<GradingItem[]>('slackGradingQueue', { studyKey: DEMO, graderId: 'G1' });
    // Blind: the grader cannot tell the two models' answers apart, and grades both.
    const items = queue.filter((q) => q.queryId === QUERY && /CP-2024-0815/.test(q.answer));
    expect(items).toHaveLength(2);
    for (const item of items) await call('slackRecordGrade', { studyKey: DEMO, itemId: item.itemId, graderId: 'G1', pass: true });
    const scores = await call<{ byParticipant: { participant: string }[] }>('slackScores', { studyKey: DEMO });
    expect(scores.byParticipant.map((p) => p.participant)).toContain(modelParticipant('follows'));
    const shown = await call<SlackResults>('studyResults', { studyKey: DEMO });
    expect(shown.runs.filter((r) => r.participant === modelParticipant('follows')).map((r) => r.grading)).toContain('graded');
    expect(shown.byParticipant.map((p) => p.participant)).toContain(modelParticipant('follows'));
    // The pooled row is the people's: a model's answers are not pooled into it.
    expect(shown.all.categories.AS?.n ?? 0).toBe(0);
    // The grade reaches the model's Harbor trial as it is recorded.
    const dir = path.join(results(), 'models/stub_follows/slack');
    const trial = fs.readdirSync(dir).find((f) => f.startsWith(`${QUERY}__`))!;
    expect(fs.readFileSync(path.join(dir, trial, 'verifier/reward.txt'), 'utf8')).toBe('1\n');
    // People beside models: each model is a Slack row of its own, from its job, beside SlackBench's published row.
    const compared = comparisonForStudy(app, DEMO, [], false);
    if (!compared.ok) throw new Error(compared.error.message);
    const rows = compared.value.slack.rows;
    expect(rows.find((r) => r.id === 'stub:follows')).toMatchObject({ human: false, source: { kind: 'modelseat' } });
    expect(rows.find((r) => r.id === 'stub:follows')?.categories.AS?.passRate).toBe(1);
    expect(compared.value.problems).toEqual([]);
  }, 60_000);

  it('a query whose workspace is not imported yet (a circumstance-inference variant) is imported first, then played', async () => {
    const study = loadSlackStudy(app.library, DEMO);
    if (!study.ok) throw new Error(study.error.message);
    const ready = await workspaceReady(app, study.value, 'ci-ben-end-of-year');
    if (!ready.ok) throw new Error(ready.error.message);
    expect(ready.value).not.toBe('slack-demo');
    // Ready means a run can start at once (the import's own status no longer reads "importing").
    const run = slackRunsOf(app).start(DEMO, 'ci-ben-end-of-year', 'PROBE1');
    expect(run.ok && run.value.workspaceId).toBe(ready.value);
  }, 120_000);

  it('a batch plays every counted query, records an endpoint failure under excluded/error, marks a killed run interrupted, and a second pass retries only those', async () => {
    const study = loadModelStudy(app.library, DEMO);
    if (!study.ok) throw new Error(study.error.message);
    expect(study.value.kind).toBe('slack');
    expect(study.value.queries.map((q) => q.queryId)).not.toContain(QUERY); // the practice query is not counted
    const queries = study.value.queries.slice(0, 3);
    const endpoint = (model: string) => ({ base_url: stub.baseUrl, model, timeout_seconds: 5, temperature: 0, max_tokens_per_run: 1_000_000, max_seconds_per_run: 600, max_steps_per_turn: 8 });
    const models: ConfiguredModel[] = ['instant', 'http-500'].map((m) => ({ name: m, endpoint: endpoint(m), budget: budgetOf(endpoint(m)) }));
    // A run left playing by a killed batch: started, never finished, no error.
    const left = slackRunsOf(app).start(DEMO, queries[0]!.queryId, modelParticipant('instant'), { newAttempt: true });
    if (!left.ok) throw new Error(left.error.message);
    app.database.eventLog!.append(left.value.runId, MODEL_RUN_STARTED, { model_name: 'instant', model_id: 'instant', base_url: stub.baseUrl, system_prompt: '', budget: { tokens: 1, seconds: 1, steps_per_turn: 1 } });

    const postFor = (m: ConfiguredModel) => ({ ok: true as const, value: ((body) => createChatClient({ baseUrl: stub.baseUrl, model: m.endpoint.model, apiKey: '' }, { timeoutMs: 5000, maxAttempts: 1, backoffMs: 1 }).post(body)) as ChatPost });
    const first = await runBatch({ s: app, studyKey: DEMO, studyId: 'slack-demo', models, cells: [], queries, concurrency: 2, postFor });
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value).toMatchObject({ total: 6, skipped: 0, done: 6, errors: 3, interrupted: 1 });
    expect(first.value.usage.instant).toMatchObject({ finished: 3, errors: 1, interrupted: 1 });
    // Every errored run, the killed one included, is closed on its error at once (issue 28): never "running".
    const statuses = slackRunsOf(app).list(DEMO).filter((r) => r.started.participant === modelParticipant('http-500') || r.runId === left.value.runId);
    expect(statuses.map((r) => slackRunsOf(app).statusOf(r))).toEqual(statuses.map(() => 'error'));
    // excluded/error/<run id>/slack/<model dir>/<query id>.json: one folder per failed run.
    const errors = fs.readdirSync(path.join(results(), 'excluded/error'), { recursive: true }).map((f) => String(f).split(path.sep).join('/')).filter((f) => f.endsWith('.json'));
    expect(errors.every((f) => /^[^/]+\/slack\/[^/]+\/[^/]+\.json$/.test(f))).toBe(true);
    expect(errors.filter((f) => f.split('/')[2] === 'http-500')).toHaveLength(3);
    expect(errors.filter((f) => f.split('/')[2] === 'instant')).toHaveLength(1);
    expect(JSON.parse(fs.readFileSync(path.join(results(), 'excluded/error', errors.find((f) => f.split('/')[2] === 'http-500')!), 'utf8')).error.reason).toBe('server_error');
    const job = jobResultSchema.parse(readJson('models/instant/slack/result.json'));
    expect(job.n_total_trials).toBe(3);

    const before = stub.requests;
    const second = await runBatch({ s: app, studyKey: DEMO, studyId: 'slack-demo', models, cells: [], queries, concurrency: 2, postFor });
    if (!second.ok) throw new Error(second.error.message);
    expect(second.value).toMatchObject({ total: 6, skipped: 3, done: 6, errors: 3, interrupted: 0 });
    expect(stub.requests - before).toBe(3);
  }, 120_000);
});
