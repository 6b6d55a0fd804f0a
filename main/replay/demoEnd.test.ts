import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../app/dispatch.js';
import { silentLogger } from '../app/logger.js';
import { createTestApp } from '../testing/testApp.js';
import type { DemoEnd } from '../../shared/contract/demo.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import { createChatClient } from '../judge/chatClient.js';
import { teamSessionsOf } from '../team/teamSessionsOf.js';
import { playTeamModelRun } from '../modelSeat/teamModelRun.js';
import { startStubModelServer } from '../modelSeat/stubModel.testing.js';

let dataDir: string;
let app: ReturnType<typeof createTestApp>;
const call = async <T>(method: string, args: unknown): Promise<T> => {
  const r = await dispatch(app.handlers, method, args, { host: 'test' }, silentLogger);
  if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
  return r.value as T;
};

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-demoend-'));
  fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ typingDelayMs: 0 }));
  app = createTestApp(dataDir);
});
afterEach(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const demo = (taskId: string, version: 'alone' | 'control' | 'manipulation') =>
  call<{ sessionId: string }>('demoStart', { studyKey: 'built-in:team-demo', taskId, version });

describe('the end of a quick-seat demo', () => {
  it('says the checker verdict in words once the run has ended, and offers no model where none played the task', async () => {
    const { sessionId } = await demo('campsite-negotiation', 'manipulation');
    const running = await call<DemoEnd>('demoEnd', { sessionId });
    expect(running).toMatchObject({ status: 'running', ended: null, verdict: null, model: null });

    let view = await call<TeamView>('teamSend', { sessionId, to: 'team', text: 'Okay, you can have all the water and the firewood.' });
    if (view.status === 'your_turn') view = await call<TeamView>('teamSubmit', { sessionId, answer: { Food: 3, Water: 0, Firewood: 0 } });
    const end = await call<DemoEnd>('demoEnd', { sessionId });
    expect(end.status).toBe('ended');
    expect(end.endedWords).not.toMatch(/_/);
    expect(end.verdict).not.toBeNull();
    expect(end.verdict!.headline).toBe(end.verdict!.pass ? 'Passed' : 'Did not pass');
    // Words, not the benchmark's code: no underscores, no `joint=36/39`.
    expect(end.verdict!.outcomeWords).not.toMatch(/[_=]/);
    expect(end.verdict!.outcomeWords).toMatch(/joint points \d+ of a possible 39/);
    expect(end.model).toBeNull();
  });

  it('offers the demo reel’s model run of the same task and version, and none for a version no model played', async () => {
    const { sessionId } = await demo('impossible-tests', 'manipulation');
    expect((await call<DemoEnd>('demoEnd', { sessionId })).model).toEqual({
      source: { kind: 'file', path: 'studies/demo-reel/runs/transcripts/resisting_unsafe_pressure/impossible-tests/example_model-from-schema/manipulation_seed1.json' },
      title: 'example:model-from-schema · manipulation · seed1',
    });
    const alone = await demo('impossible-tests', 'alone');
    expect((await call<DemoEnd>('demoEnd', { sessionId: alone.sessionId })).model).toBeNull();
  });

  it('prefers a model-seat run of the same task and version on this machine to the reel', async () => {
    const stub = await startStubModelServer();
    try {
      const client = createChatClient({ baseUrl: stub.baseUrl, model: 'firm', apiKey: '' }, { timeoutMs: 10_000, maxAttempts: 2, backoffMs: 1 });
      const played = await playTeamModelRun({
        sessions: teamSessionsOf(app),
        log: app.database.eventLog!,
        bus: app.bus,
        post: (body) => client.post(body),
        model: { name: 'firm', id: 'stub:firm', baseUrl: stub.baseUrl },
        studyKey: 'built-in:team-demo',
        taskId: 'campsite-negotiation',
        version: 'manipulation',
        seed: 1,
        budget: { tokens: 1_000_000, seconds: 600, stepsPerTurn: 8 },
      });
      if (!played.ok) throw new Error(played.error.message);
      const { sessionId } = await demo('campsite-negotiation', 'manipulation');
      const end = await call<DemoEnd>('demoEnd', { sessionId });
      expect(end.model).toEqual({ source: { kind: 'session', sessionId: played.value.sessionId }, title: 'firm · seed 1' });
      // Another version: the model did not play it.
      const control = await demo('campsite-negotiation', 'control');
      expect((await call<DemoEnd>('demoEnd', { sessionId: control.sessionId })).model).toBeNull();
    } finally {
      await stub.close();
    }
  });

  it('is refused for a session that is not a demo', async () => {
    const pilot = await call<TeamView>('teamStart', { studyKey: 'built-in:team-demo', taskId: 'campsite-negotiation', participant: 'pilot7', version: 'manipulation', seed: 1 });
    const r = await dispatch(app.handlers, 'demoEnd', { sessionId: pilot.sessionId }, { host: 'test' }, silentLogger);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error.message).toMatch(/not a demo session/);
  });
});
