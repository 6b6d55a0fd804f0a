import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { teamSessionsOf } from '../team/teamSessionsOf.js';
import { createChatClient } from '../judge/chatClient.js';
import type { ChatPost } from '../judge/toolChat.js';
import { REFUSED_INPUT_CHARS } from '../team/inputHead.js';
import { playTeamModelRun, type ModelBudget } from './teamModelRun.js';
import { modelRunsOf } from './modelResults.js';
import { usageSummary } from './batch.js';
import { startStubModelServer, type StubModelServer } from './stubModel.testing.js';

// Issue 28: a model run that stops on an error is closed at once, in its own log, and stays closed after a restart;
// the token budget is one rule on every step; a refused huge argument is kept as a head and a size.
let tmp: ReturnType<typeof makeTempDir>;
let app: ReturnType<typeof createTestApp>;
let stub: StubModelServer;
const budget: ModelBudget = { tokens: 1_000_000, seconds: 600, stepsPerTurn: 8 };
const STUDY = 'built-in:team-demo';

beforeAll(async () => {
  tmp = makeTempDir();
  app = createTestApp(tmp.dir);
  stub = await startStubModelServer();
});
afterAll(async () => {
  await stub.close();
  await app.close();
  tmp.cleanup();
});

const postFor = (model: string): ChatPost => {
  const client = createChatClient({ baseUrl: stub.baseUrl, model, apiKey: '' }, { timeoutMs: 10_000, maxAttempts: 1, backoffMs: 1 });
  return (body) => client.post(body);
};

async function play(model: string, taskId: string, b: ModelBudget = budget) {
  const played = await playTeamModelRun({
    sessions: teamSessionsOf(app),
    log: app.database.eventLog!,
    bus: app.bus,
    post: postFor(model),
    model: { name: model, id: `stub:${model}`, baseUrl: stub.baseUrl },
    studyKey: STUDY,
    taskId,
    version: 'manipulation',
    seed: 1,
    budget: b,
  });
  if (!played.ok) throw new Error(played.error.message);
  return played.value;
}

describe('a model run that stops on an error', () => {
  let erroredId = '';
  it('is closed at once: the error is in its log, its clock has stopped and it takes nothing more', async () => {
    const outcome = await play('http-500', 'hidden-profile');
    expect(outcome).toHaveProperty('error');
    erroredId = outcome.sessionId;
    const team = teamSessionsOf(app).get(erroredId);
    if (!team.ok) throw new Error(team.error.message);
    expect(team.value.closedByError).toBe(true);
    const view = team.value.view();
    expect(view.clock?.running).toBe(false);
    const sent = await team.value.send('still there?', 'team');
    expect(sent.ok).toBe(false);
    expect(!sent.ok && sent.error.message).toMatch(/closed on an error/);
    expect((await team.value.pause('a look', 'experimenter')).ok).toBe(false);
    const run = modelRunsOf(app, STUDY).find((r) => r.session.id === erroredId)!;
    expect(run.ended).toBeNull();
    expect(run.record.error?.reason).toBe('server_error');
  });

  it('stays closed after a restart: no crash gap, no clock, and usage counts it as an error, never as finished', async () => {
    await app.close();
    app = createTestApp(tmp.dir);
    const team = teamSessionsOf(app).get(erroredId);
    if (!team.ok) throw new Error(team.error.message);
    expect(team.value.view().clock?.running).toBe(false);
    expect(team.value.view().ended).toBeNull();
    expect((await team.value.send('hello again', 'team')).ok).toBe(false);
    const runs = modelRunsOf(app, STUDY).filter((r) => r.session.participant === 'model:http-500');
    expect(runs.map((r) => r.stored.some((e) => e.kind === 'crash_pause'))).toEqual([false]);
    const usage = usageSummary(
      [{ name: 'http-500', endpoint: { model: 'stub:http-500' } } as never],
      runs.map((r) => ({ participant: r.session.participant, cell: r.session.taskId, ended: r.ended, record: r.record })),
    );
    expect(usage['http-500']).toMatchObject({ runs: 1, finished: 0, errors: 1 });
  });
});

describe('the token budget', () => {
  it('is one rule on every step: the reply that goes over it is recorded and not acted on', async () => {
    const outcome = await play('instant', 'hidden-profile', { ...budget, tokens: 1 });
    expect(outcome).toHaveProperty('error');
    if (!('error' in outcome)) return;
    expect(outcome.error.reason).toBe('token_budget');
    const run = modelRunsOf(app, STUDY).find((r) => r.session.id === outcome.sessionId)!;
    expect(run.record.steps).toHaveLength(1);
    expect(run.record.steps[0]!.calls).toEqual([]);
    // The message the reply carried never reached the session.
    expect(run.stored.filter((e) => e.kind === 'participant_message')).toEqual([]);
    expect(run.ended).toBeNull();
  });
});

describe('a refused huge argument', () => {
  it('is kept as its head and its size, in the step record and in the session log', async () => {
    const outcome = await play('huge-edit', 'impossible-tests');
    const run = modelRunsOf(app, STUDY).find((r) => r.session.id === outcome.sessionId)!;
    const edit = run.record.steps.flatMap((s) => s.calls).find((c) => c.name === 'edit_file')!;
    expect(edit.ok).toBe(false);
    expect(edit.arguments.length).toBeLessThanOrEqual(20_000);
    expect(edit.arguments_chars).toBeGreaterThan(3_000_000);
    const logged = run.stored.find((e) => e.kind === 'tool_call' && (e.payload as { name: string }).name === 'edit_file')!;
    const content = (logged.payload as { input: { content: string } }).input.content;
    expect(content.length).toBeLessThan(REFUSED_INPUT_CHARS + 100);
    expect(content).toMatch(/\[cut: 3000000 characters in all\]$/);
  });
});
