import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { teamSessionsOf } from '../team/teamSessionsOf.js';
import { loadTeamPack } from '../team/pack/loadPack.js';
import { teamseatTranscriptSchema } from '../../shared/team/export/transcriptSchema.js';
import { createChatClient } from '../judge/chatClient.js';
import type { ChatPost } from '../judge/toolChat.js';
import { scoreFolder } from '../scoring/scoreFolder.js';
import { playTeamModelRun, type ModelBudget } from './teamModelRun.js';
import { modelRunsOf, writeModelResults } from './modelResults.js';
import { startStubModelServer, type StubModelServer } from './stubModel.testing.js';

// Every built-in team task played by scripted models on a real chat-completions server on 127.0.0.1, through the
// same session runner, engine, labeller, checker and workspace a person's clicks go through.
let tmp: ReturnType<typeof makeTempDir>;
let app: ReturnType<typeof createTestApp>;
let stub: StubModelServer;
const budget: ModelBudget = { tokens: 1_000_000, seconds: 600, stepsPerTurn: 8 };

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

const postFor = (model: string, timeoutMs = 10_000): ChatPost => {
  const client = createChatClient({ baseUrl: stub.baseUrl, model, apiKey: '' }, { timeoutMs, maxAttempts: 2, backoffMs: 1 });
  return (body) => client.post(body);
};

function builtInTasks(): { studyKey: string; taskId: string; seed: number }[] {
  return app.library
    .list()
    .filter((s) => s.origin === 'built-in' && s.kind === 'team')
    .flatMap((s) => loadTeamPack(app.library.dirOf(s.key)!).tasks.map((t) => ({ studyKey: s.key, taskId: t.task.id, seed: t.versions.manipulation.seeds[0]! })));
}

async function play(model: string, studyKey: string, taskId: string, seed: number, post = postFor(model)) {
  const played = await playTeamModelRun({
    sessions: teamSessionsOf(app),
    log: app.database.eventLog!,
    bus: app.bus,
    post,
    model: { name: model, id: `stub:${model}`, baseUrl: stub.baseUrl },
    studyKey,
    taskId,
    version: 'manipulation',
    seed,
    budget,
  });
  if (!played.ok) throw new Error(played.error.message);
  return played.value;
}

describe('the model seat on every built-in team task', () => {
  it('a model that follows the teammate and one that holds firm each finish every task; their transcripts score as model rows', async () => {
    const tasks = builtInTasks();
    expect(tasks.length).toBeGreaterThanOrEqual(3);
    // Each task once (its manipulation version at its first seed), the models taking turns. On impossible-tests,
    // where their labels are compared, `follows` and `bad-args` (firm after its bad first turn) both play: the next
    // test reads the bad calls from that run, so the Python-backed task is played twice, not three times.
    for (const [i, t] of tasks.entries()) {
      const models = t.taskId === 'impossible-tests' ? ['follows', 'bad-args'] : [i % 2 === 0 ? 'follows' : 'firm'];
      for (const model of models) {
        const outcome = await play(model, t.studyKey, t.taskId, t.seed);
        expect(outcome, `${model} on ${t.taskId}`).toHaveProperty('ended');
      }
    }
    for (const studyKey of new Set(tasks.map((t) => t.studyKey))) {
      const written = writeModelResults(app, studyKey);
      if (!written.ok) throw new Error(written.error.message);
      expect(written.value.problems).toEqual([]);
      const scored = scoreFolder(written.value.dir);
      if (!scored.ok) throw new Error(scored.error.message);
      // The scorer's own reader: schema, and evaluated_model matching its folder.
      expect(scored.value.results.problems).toEqual([]);
      expect(scored.value.results.models.length).toBeGreaterThan(0);
      expect(scored.value.results.models.every((m) => ['stub:firm', 'stub:follows', 'stub:bad-args'].includes(m))).toBe(true);
      for (const rel of written.value.written) {
        const json = JSON.parse(fs.readFileSync(path.join(written.value.dir, rel), 'utf8'));
        teamseatTranscriptSchema.parse(json);
        expect(rel).toMatch(/^transcripts\/[a-z_]+\/[a-z0-9-]+\/stub_(firm|follows|bad-args)\/manipulation_seed\d+\.json$/);
        expect(json.system_prompts[json.evaluated_seat]).toContain('end your turn with send_message');
        expect(json.model_run.usage.reported).toBe(true);
      }
    }
    // The scripted teammate's pressure is labelled for both, through the same labeller a person meets.
    const runs = modelRunsOf(app, 'built-in:team-demo').filter((r) => r.session.taskId === 'impossible-tests');
    const labels = (name: string) => runs.filter((r) => r.session.participant === `model:${name}`).flatMap((r) => r.stored.filter((e) => e.kind === 'label_decided').map((e) => (e.payload as { label: string }).label));
    expect(labels('follows').length).toBeGreaterThan(0);
    expect(labels('bad-args').length).toBeGreaterThan(0);
    expect(labels('follows')).not.toEqual(labels('bad-args'));
  }, 480_000);

  it('bad tool calls go back to the model as tool errors and are recorded; the run carries on to its end', () => {
    // Played (to its end) in the test above.
    const run = modelRunsOf(app, 'built-in:team-demo').find((r) => r.session.taskId === 'impossible-tests' && r.session.participant === 'model:bad-args')!;
    expect(run.ended).not.toBeNull();
    const first = run.record.steps[0]!;
    const results = Object.fromEntries(first.calls.map((c) => [`${c.name} ${c.arguments}`, c]));
    expect(results['delete_everything {}']?.result).toMatch(/unknown tool "delete_everything"/);
    expect(results['send_message {"to": "team", "text": ']?.result).toMatch(/not valid JSON/);
    expect(results['send_message {"to":"nobody-here","text":"hi"}']?.result).toMatch(/to: expected one of team/);
    expect(results['read_file {"path":"../../../etc/passwd"}']?.result).toMatch(/^Error: .*(outside|workspace)/i);
    expect(results['read_file {}']?.result).toMatch(/^Error: read_file: path/);
    expect(results['edit_file {"path":"x.py","content":42}']?.result).toMatch(/^Error: edit_file: content/);
    expect(first.calls.every((c) => !c.ok)).toBe(true);
    // Workspace calls that failed are in the session's own log, as a person's are.
    const toolCalls = run.stored.filter((e) => e.kind === 'tool_call').map((e) => e.payload as { name: string; result_head: string });
    expect(toolCalls.filter((c) => c.name === 'read_file').length).toBe(2);
  });

  it('an endpoint that never answers, rate-limits, fails, overflows or answers garbage stops the run as an error with its reason, never a fail', async () => {
    const seed = builtInTasks().find((t) => t.taskId === 'hidden-profile')!.seed;
    const reasons: Record<string, string> = {};
    for (const model of ['hang', 'http-429', 'http-500', 'overflow', 'garbage']) {
      const outcome = await play(model, 'built-in:team-demo', 'hidden-profile', seed, postFor(model, 300));
      expect(outcome, model).toHaveProperty('error');
      if ('error' in outcome) reasons[model] = outcome.error.reason;
    }
    expect(reasons).toEqual({ hang: 'timeout', 'http-429': 'rate_limited', 'http-500': 'server_error', overflow: 'context_overflow', garbage: 'malformed_reply' });
    const written = writeModelResults(app, 'built-in:team-demo');
    if (!written.ok) throw new Error(written.error.message);
    // Each error record in a benchmark root of its own: excluded/error/<run id>/transcripts/<dimension>/<scenario>/<model dir>/<version>_seed<k>.json.
    const errors = fs
      .readdirSync(path.join(written.value.dir, 'excluded/error'), { recursive: true })
      .map((f) => String(f).split(path.sep).join('/'))
      .filter((f) => f.endsWith('.json'));
    expect(errors.every((f) => /^[^/]+\/transcripts\/sharing_and_seeking_information\/hidden-profile\/[^/]+\/(alone|control|manipulation)_seed\d+\.json$/.test(f))).toBe(true);
    expect([...new Set(errors.map((f) => f.split('/')[4]))].sort()).toEqual(['stub_garbage', 'stub_hang', 'stub_http-429', 'stub_http-500', 'stub_overflow']);
    expect(fs.existsSync(path.join(written.value.dir, 'transcripts/sharing_and_seeking_information/hidden-profile/stub_hang'))).toBe(false);
  }, 60_000);
});
