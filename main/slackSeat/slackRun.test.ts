import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../shared/contract/events.js';
import type { ChannelPageView, ConversationView, RunView, SearchPageView, UserProfileView } from '../../shared/contract/slack.js';
import { jobResultSchema, trajectorySchema, trialResultSchema } from '../../shared/harbor/schemas.js';
import { parse } from 'yaml';
import { parseQueries } from '../../shared/judge/query.js';
import { startJudgeServer, type JudgeServer } from '../judge/judgeServer.testing.js';
import { consoleLogger } from '../app/logger.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { caller, DEMO, openAndWait, type TestApp } from './slackSeat.testing.js';

// One participant answers an AS query of studies/slack-demo through the contract, as the UI would: the workspace is
// imported in the worker, every browse call carries the runId, and grading goes to a real chat-completions server.

const KEY = 'sk-test-4f1c9e-never-leaks';
const logLines: string[] = [];
let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
let judge: JudgeServer;
const api = caller(() => app, consoleLogger('test', (l) => logLines.push(l)));
const { call, attempt } = api;

beforeAll(async () => {
  tmp = makeTempDir();
  app = createTestApp(tmp.dir, consoleLogger('app', (l) => logLines.push(l)));
  judge = await startJudgeServer(KEY);
});
afterAll(async () => {
  app.close();
  await judge.close();
  tmp.cleanup();
});

const QUERY = 'as-library-permit';
const REFERENCE = 'Permit CP-2024-0815, valid until 31 March 2025 (Maya told Dev on 10 September 2024).';

describe('a Slack query run', () => {
  let run: RunView;
  const events: AppEvent[] = [];

  it('imports the study export in the worker on first open, with progress on the event stream', async () => {
    const ws = await openAndWait(app, 'slackOpenStudyWorkspace', { studyKey: DEMO, queryId: QUERY }, events);
    expect(ws).toMatchObject({ workspaceId: 'slack-demo', status: 'ready', origin: 'study', variant: null });
    expect(ws.report?.messages).toBeGreaterThan(500);
    expect(fs.existsSync(path.join(tmp.dir, 'slack', 'slack-demo.sqlite'))).toBe(true);
    const progress = events.filter((e) => e.type === 'slack.import.progress');
    expect(progress.length).toBeGreaterThan(10);
    expect(events.filter((e) => e.type === 'slack.import.done')).toHaveLength(1);
    // A second open finds it ready and imports nothing.
    expect((await call<{ status: string }>('slackOpenStudyWorkspace', { studyKey: DEMO })).status).toBe('ready');
  }, 120_000);

  it('starts the clock at open and shows the query text and category only', async () => {
    run = await call<RunView>('slackStartRun', { studyKey: DEMO, queryId: QUERY, participant: 'P07' });
    expect(run).toMatchObject({ queryId: QUERY, category: 'AS', status: 'running', timeLimitMs: 20 * 60_000, workspaceId: 'slack-demo', grading: 'not_submitted' });
    expect(run.query).toBe('What is the council permit number for the library rooftop site, and until when is it valid?');
    // One run per (study, query, participant): opening again returns the same run.
    const again = await call<RunView>('slackStartRun', { studyKey: DEMO, queryId: QUERY, participant: 'P07' });
    expect(again.runId).toBe(run.runId);
  });

  it('records every browse call as the benchmark tool call, in order, before returning it', async () => {
    const r = { workspaceId: run.workspaceId, runId: run.runId };
    const channels = await call<ConversationView[]>('slackConversations', r);
    // A reload of the page lists the channels again: the trajectory keeps the first list only.
    await call<ConversationView[]>('slackConversations', r);
    const general = channels.find((c) => c.name === 'general')!;
    const page = await call<ChannelPageView>('slackChannelPage', { ...r, conversationId: general.id, limit: 20 });
    expect(page.messages).toHaveLength(20);
    const older = await call<ChannelPageView>('slackChannelPage', { ...r, conversationId: general.id, before: page.olderCursor, limit: 20 });
    expect(older.messages[older.messages.length - 1]!.id).toBeLessThan(page.messages[0]!.id);
    const found = await call<SearchPageView>('slackSearch', { ...r, query: 'permit' });
    const hit = found.hits.find((h) => h.message.text.includes('CP-2024-0815'))!;
    expect(hit.snippet.highlights.length).toBeGreaterThan(0);
    await call('slackThread', { ...r, conversationId: hit.message.conversationId, threadTs: hit.message.threadTs ?? hit.message.ts });
    const maya = await call<UserProfileView>('slackUser', { ...r, userId: hit.message.userId });
    expect(maya.known).toBe(true);
    const ghost = await call<UserProfileView>('slackUser', { ...r, userId: 'U0NOBODY' });
    expect(ghost).toMatchObject({ id: 'U0NOBODY', name: 'U0NOBODY', known: false });
    await call('slackRepoFile', { studyKey: DEMO, runId: run.runId, path: 'README.md' });
    await call('slackRepoCommits', { studyKey: DEMO, runId: run.runId, limit: 5 });
    await call('slackRepoSearch', { studyKey: DEMO, runId: run.runId, query: 'learning_rate' });
    await call('slackDocument', { studyKey: DEMO, runId: run.runId, path: 'paper-plan.md' });
    // Without a runId the same call is the researcher looking around: nothing is recorded.
    await call('slackUsers', { workspaceId: run.workspaceId });

    const log = await call<Array<{ kind: string; wallTime: string; payload: { tool: string; arguments: unknown } }>>('replaySession', { sessionId: run.runId });
    const calls = log.filter((e) => e.kind === 'tool_call');
    expect(calls.map((c) => [c.payload.tool, c.payload.arguments])).toEqual([
      ['list_channels', {}],
      ['get_channel_history', { channel_id: general.id, limit: 20 }],
      ['get_channel_history', { channel_id: general.id, latest: expect.stringMatching(/^\d{10}\.\d{6}$/), limit: 20 }],
      ['search_messages', { query: 'permit', sort: 'newest', count: 20 }],
      ['get_thread_replies', { channel_id: hit.message.conversationId, thread_ts: hit.message.threadTs ?? hit.message.ts }],
      ['get_user_info', { user_id: hit.message.userId }],
      ['get_user_info', { user_id: 'U0NOBODY' }],
      ['get_file_contents', { owner: 'slack-demo', repo: 'calibrate', path: 'README.md' }],
      ['list_commits', { owner: 'slack-demo', repo: 'calibrate', perPage: 5 }],
      ['search_code', { q: 'learning_rate repo:slack-demo/calibrate' }],
      ['get_file_contents', { owner: 'slack-demo', repo: 'docs', path: 'paper-plan.md' }],
    ]);
    const times = calls.map((c) => Date.parse(c.wallTime));
    expect(times.every((t, i) => i === 0 || t >= times[i - 1]!)).toBe(true);
    expect((await call<RunView>('slackRunView', { runId: run.runId })).actionCount).toBe(11);
  });

  it('stops the clock on a typed pause, refuses recorded calls while paused, and resumes', async () => {
    const paused = await call<RunView>('slackPauseRun', { runId: run.runId, reason: 'fire alarm' });
    expect(paused.status).toBe('paused');
    const refused = await attempt('slackChannelPage', { workspaceId: run.workspaceId, runId: run.runId, conversationId: 'C06A20GEN' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict' } });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const still = await call<RunView>('slackRunView', { runId: run.runId });
    expect(still.elapsedMs).toBe(paused.elapsedMs);
    expect((await attempt('slackPauseRun', { runId: run.runId, reason: 'again' })).ok).toBe(false);
    const resumed = await call<RunView>('slackResumeRun', { runId: run.runId, reason: 'all clear' });
    expect(resumed.status).toBe('running');
    expect(resumed.pauses).toEqual([{ at: expect.any(String), reason: 'fire alarm', resumedAt: expect.any(String), resumeReason: 'all clear' }]);
    expect((await call<RunView>('slackRunView', { runId: run.runId })).actionCount).toBe(11);
  });

  it('never sends a reference, guideline or checklist item before grading', async () => {
    await call('slackListQueries', { studyKey: DEMO });
    await call('listStudies', {});
    await call('openStudy', { key: DEMO });
    await call('replaySession', { sessionId: run.runId });
    expect((await attempt('slackRunDetail', { runId: run.runId })).ok).toBe(false);
    const parsed = parseQueries('queries.yaml', parse(fs.readFileSync(path.join(import.meta.dirname, '../../studies/slack-demo/queries.yaml'), 'utf8')));
    if (!parsed.ok) throw new Error('queries.yaml');
    const secrets = parsed.queries.flatMap((q) => [q.reference, q.guideline ?? [], q.checklist ?? []].flat());
    expect(secrets.length).toBeGreaterThan(20);
    const everything = JSON.stringify(api.seen);
    for (const secret of secrets) expect(everything).not.toContain(JSON.stringify(secret).slice(1, -1));
  });

  it('grades the answer at submit with the configured endpoint, keeping the key out of settings and logs', async () => {
    await call('updateSettings', { judge: { baseUrl: judge.baseUrl, model: 'judge-model-1' } });
    expect(await call('judgeKeyStatus', {})).toMatchObject({ keySet: false, store: 'file', encrypted: false });
    expect(await call('setJudgeKey', { apiKey: KEY })).toMatchObject({ keySet: true });
    const done = await call<RunView>('slackSubmitAnswer', { runId: run.runId, answer: `FINAL_ANSWER: ${REFERENCE}` });
    expect(done).toMatchObject({ status: 'submitted', grading: 'graded', answer: { late: false } });
    expect(judge.requests).toHaveLength(1);
    expect(judge.requests[0]!.authorization).toBe(`Bearer ${KEY}`);
    expect((await attempt('slackSubmitAnswer', { runId: run.runId, answer: 'again' })).ok).toBe(false);

    const detail = await call<{ reference: string; verdict: { pass: boolean; reward: number; by: string; model: string } }>('slackRunDetail', { runId: run.runId });
    expect(detail.reference).toBe(REFERENCE);
    expect(detail.verdict).toMatchObject({ pass: true, reward: 1, by: 'endpoint', model: 'judge-model-1' });

    const secretsFile = path.join(tmp.dir, 'secrets.json');
    expect(fs.statSync(secretsFile).mode & 0o777).toBe(0o600);
    for (const f of fs.readdirSync(tmp.dir).filter((n) => n !== 'secrets.json' && n.endsWith('.json'))) {
      expect(fs.readFileSync(path.join(tmp.dir, f), 'utf8')).not.toContain(KEY);
    }
    expect(logLines.join('\n')).not.toContain(KEY);
  });

  it('records a judge reply in the wrong format as a judge error, never as a NO, and re-judges on request', async () => {
    await openAndWait(app, 'slackOpenStudyWorkspace', { studyKey: DEMO, queryId: 'su-northgate-outage' });
    const su = await call<RunView>('slackStartRun', { studyKey: DEMO, queryId: 'su-northgate-outage', participant: 'P08' });
    // The test server answers YES/NO, which is not the checklist format an SU verdict needs.
    const done = await call<RunView>('slackSubmitAnswer', { runId: su.runId, answer: 'NG-03 was down from 14 to 18 October.' });
    expect(done.grading).toBe('judge_error');
    const again = await call<{ judged: number; errors: Array<{ queryId: string; message: string }> }>('slackJudgeRuns', { studyKey: DEMO });
    expect(again).toEqual({ judged: 0, errors: [{ queryId: 'su-northgate-outage', message: expect.stringContaining('did not follow the format') }] });
    const runs = await call<Array<{ participant: string; grading: string; reward: number | null }>>('slackListRuns', { studyKey: DEMO });
    expect(runs.map((r) => [r.participant, r.grading, r.reward])).toEqual([['P07', 'graded', 1], ['P08', 'judge_error', null]]);
  });

  it('scores and exports the graded trial as a Harbor job with the run log as its trajectory', async () => {
    const scores = await call<{ all: { categories: { AS: { passRate: number | null } } } }>('slackScores', { studyKey: DEMO });
    expect(scores.all.categories.AS.passRate).toBe(1);
    const { jobs } = await call<{ jobs: Array<{ participant: string; path: string; trials: number }> }>('slackExport', { studyKey: DEMO });
    expect(jobs).toEqual([
      { participant: 'P07', path: expect.stringContaining(path.join(tmp.dir, 'results', 'slack', 'slack-demo', 'human_P07_')), trials: 1 },
      { participant: 'P08', path: expect.stringContaining('human_P08_'), trials: 1 },
    ]);
    const p08 = jobResultSchema.parse(JSON.parse(fs.readFileSync(path.join(jobs[1]!.path, 'result.json'), 'utf8')));
    expect(p08.stats.n_errors).toBe(1);
    const job = jobs[0]!.path;
    jobResultSchema.parse(JSON.parse(fs.readFileSync(path.join(job, 'result.json'), 'utf8')));
    const [trial] = fs.readdirSync(job, { withFileTypes: true }).filter((d) => d.isDirectory());
    const dir = path.join(job, trial!.name);
    const result = trialResultSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, 'result.json'), 'utf8')));
    expect(result.agent_info.name).toBe('human');
    expect(result.verifier_result?.rewards).toEqual({ reward: 1 });
    const trajectory = trajectorySchema.parse(JSON.parse(fs.readFileSync(path.join(dir, 'agent', 'trajectory.json'), 'utf8')));
    const tools = trajectory.steps.flatMap((s) => s.tool_calls?.map((c) => c.function_name) ?? []);
    expect(tools).toEqual(['list_channels', 'get_channel_history', 'get_channel_history', 'search_messages', 'get_thread_replies', 'get_user_info', 'get_user_info', 'get_file_contents', 'list_commits', 'search_code', 'get_file_contents']);
    expect(trajectory.steps.at(-1)!.message).toBe(`FINAL_ANSWER: ${REFERENCE}`);
    expect(fs.readFileSync(path.join(dir, 'verifier', 'reward.txt'), 'utf8')).toBe('1\n');
    const all = fs.readdirSync(job, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
    for (const f of all) expect(fs.readFileSync(path.join(f.parentPath, f.name), 'utf8')).not.toContain(KEY);
  });
});
