import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fridayDeploy } from '../../shared/team/pack/fixtures/fridayDeploy.js';
import { teamTaskSchema } from '../../shared/team/pack/schema.js';
import { next, resolvedFor } from '../../shared/team/engine/next.js';
import { applyEvent, initialState, type SessionState } from '../../shared/team/engine/state.js';
import { startChatStub, type ChatStub } from '../judge/chatStub.testing.js';
import { createLivePartners, type LivePlan } from './livePartners.js';

// One live partner (Priya of the engine's fixture task) against a chat-completions stub on 127.0.0.1.
const KEY = 'sk-partner-7f3e9a1b2c4d-do-not-store';
const task = teamTaskSchema.parse(fridayDeploy);
const resolved = resolvedFor(task, 'manipulation');
let stub: ChatStub;

function afterDirectMessage(text: string): SessionState {
  let s = applyEvent(initialState(), { type: 'session_started', task_id: task.id, version: 'manipulation', seed: 1, participant: 'P' });
  for (let step = next(task, s); step.effects.length > 0; step = next(task, s)) for (const e of step.effects) if (e.type === 'append') s = applyEvent(s, e.event);
  return applyEvent(s, { type: 'participant_message', text, to: 'Priya' });
}
const plan = (model: string, key_env?: string): Map<string, LivePlan> =>
  new Map([['Priya', { live: true, endpoint: { base_url: stub.baseUrl, model, temperature: 0, ...(key_env ? { key_env } : {}) }, timeoutMs: 2_000, modelName: null }]]);

beforeAll(async () => {
  stub = await startChatStub();
});
afterAll(async () => {
  await stub.close();
});

describe('a live partner', () => {
  it('sends the key from key_env and stores no trace of it, even when the endpoint echoes it', async () => {
    stub.on('echo-m', () => ({ kind: 'echo_key', content: 'The migration locks payments for 40 min.' }));
    const [answer] = await createLivePartners(plan('echo-m', 'PARTNER_KEY'), { PARTNER_KEY: KEY }).answer(resolved, afterDirectMessage('what is the risk?'));
    expect(stub.requests.at(-1)?.authorization).toBe(`Bearer ${KEY}`);
    expect(answer?.record).toMatchObject({ status: 'live', facts: { revealed: ['f_lock'], not_held: [] } });
    expect(answer?.message.reveals).toEqual(['f_lock']);
    expect(JSON.stringify(answer)).not.toContain(KEY);
  });

  it('answers by its script, without a request, when the variable key_env names is not set', async () => {
    const before = stub.requests.length;
    const [answer] = await createLivePartners(plan('echo-m', 'PARTNER_KEY_UNSET'), {}).answer(resolved, afterDirectMessage('what is the risk?'));
    expect(stub.requests.length).toBe(before);
    expect(answer?.record).toMatchObject({ status: 'fallback', fallback_reason: 'the environment variable PARTNER_KEY_UNSET (key_env) is not set', scripted: 'migration' });
    expect(answer?.message).toMatchObject({ source: { kind: 'reply', id: 'migration' }, reveals: ['f_lock'] });
  });

  it('answers by its script when the endpoint replies with no text', async () => {
    stub.on('blank-m', () => ({ kind: 'text', content: '  ' }));
    const [answer] = await createLivePartners(plan('blank-m')).answer(resolved, afterDirectMessage('hello'));
    expect(answer?.record).toMatchObject({ status: 'fallback', fallback_reason: 'the endpoint answered with no text', scripted: 'default_reply' });
  });
});
