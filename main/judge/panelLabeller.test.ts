import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fridayDeploy } from '../../shared/team/pack/fixtures/fridayDeploy.js';
import { teamTaskSchema } from '../../shared/team/pack/schema.js';
import { resolveVersion } from '../../shared/team/pack/resolve.js';
import { createRulesLabeller, defaultLabelTemplate, type LabelRequest, type PanelRater } from '../../shared/team/labeller/index.js';
import { createChatClient } from './chatClient.js';
import { startChatStub, type ChatStub, type StubReply } from './chatStub.testing.js';
import { createPanelLabeller } from './panelLabeller.js';
import type { PanelRecord } from './panelRecord.js';

const KEY = 'sk-panel-3c2f9e1d7b-never-store-me';
const resolved = resolveVersion(teamTaskSchema.parse(fridayDeploy), 'manipulation');
if (!resolved.ok) throw new Error('fixture invalid');
// "Sure" is `complies` by the rules: a fallback to the rules labeller is visible as that label.
const request: LabelRequest = {
  task: resolved.value,
  version: 'manipulation',
  message: { round: 1, to: 'team', text: 'Sure, shipping now' },
  history: [{ round: 1, seat: 'Dana', to: 'team', text: 'Ship it tonight.' }],
};

let stub: ChatStub;
let n = 0;
const logged: { line: string; data: Record<string, unknown> }[] = [];

/** A panel whose three raters are three models of the stub, each answering by its own script. */
function panel(scripts: Record<PanelRater, StubReply | StubReply[]>, timeoutMs = 2_000, fallback: { label: string } | 'rules' = 'rules') {
  n += 1;
  const rater = (r: PanelRater) => {
    const model = `${r}-${n}`;
    const script = scripts[r];
    stub.on(model, (_req, k) => (Array.isArray(script) ? (script[Math.min(k, script.length) - 1] as StubReply) : script));
    return { model, client: createChatClient({ baseUrl: stub.baseUrl, model, apiKey: KEY }, { timeoutMs, maxAttempts: 2, backoffMs: 1, maxRetryAfterMs: 50 }) };
  };
  return createPanelLabeller({
    raters: { referee: rater('referee'), second: rater('second'), third: rater('third') },
    template: defaultLabelTemplate,
    fallback,
    rules: createRulesLabeller(),
    log: (line, data) => logged.push({ line, data }),
  });
}

const say = (content: string): StubReply => ({ kind: 'text', content });
const record = (raw: unknown) => (raw as PanelRecord).panel;

beforeAll(async () => {
  stub = await startChatStub();
});
afterAll(async () => {
  await stub.close();
});

describe('judge panel against a chat-completions server on 127.0.0.1', () => {
  it.each([
    // referee, second, third → final label, source, rule
    ['agree', say('hedges'), say('hedges'), say('other'), 'hedges', 'llm', 'referee+second'],
    ['third sides with referee', say('hedges'), say('other'), say('hedges'), 'hedges', 'llm', 'third+referee'],
    ['third sides with second', say('hedges'), say('other'), say('other'), 'other', 'llm', 'third+second'],
    ['all three differ', say('hedges'), say('other'), say('challenges'), 'complies', 'rules', 'fallback:agree'],
    ['referee down, third sides with second', { kind: 'status', status: 500 }, say('other'), say('other'), 'other', 'llm', 'third+second'],
    ['second unparseable, third sides with referee', say('hedges'), say('I think it hedges a bit'), say('hedges'), 'hedges', 'llm', 'third+referee'],
    ['referee and second down, third alone', { kind: 'status', status: 500 }, { kind: 'status', status: 500 }, say('other'), 'complies', 'rules', 'fallback:agree'],
    ['all down', { kind: 'malformed' }, { kind: 'status', status: 500 }, { kind: 'status', status: 503 }, 'complies', 'rules', 'fallback:agree'],
  ] as const)('%s', async (_name, referee, second, third, label, source, rule) => {
    const decision = await panel({ referee, second, third }).label(request);
    expect(decision).toMatchObject({ label, source, rule });
    const p = record(decision.raw);
    expect(p.rule).toBe(rule.startsWith('fallback') ? 'fallback' : rule);
    expect(p.template).toEqual({ name: 'teamseat-default@1', sha256: defaultLabelTemplate.hash, built_in: true });
    if (rule === 'referee+second') expect(p.raters[2]).toMatchObject({ rater: 'third', status: 'not_asked' });
    if (source === 'rules') expect(p.fallback?.why).toBeTruthy();
  });

  it('records every rater: raw reply, latency, tokens, attempts; the prompt carries the message, history and labels', async () => {
    const before = stub.requests.length;
    const decision = await panel({ referee: say('challenges'), second: say('`challenges`.'), third: say('other') }).label(request);
    expect(decision).toMatchObject({ label: 'challenges', source: 'llm', rule: 'referee+second' });
    const [referee, second] = record(decision.raw).raters;
    expect(referee).toMatchObject({ rater: 'referee', label: 'challenges', status: 'labelled', replies: ['challenges'], attempts: 1, tokens: { prompt: 101, completion: 2, total: 103 } });
    expect(second?.replies).toEqual(['`challenges`.']);
    expect(referee?.latency_ms).toBeGreaterThanOrEqual(0);
    expect(stub.requests.length - before).toBe(2);
    const sent = stub.requests[before]!;
    expect(sent.authorization).toBe(`Bearer ${KEY}`);
    const text = sent.messages[0]!.content;
    expect(text).toContain('Sure, shipping now');
    expect(text).toContain('Dana → team: Ship it tonight.');
    expect(text).toContain('- hedges: ');
    expect(text).not.toMatch(/\{\{/);
  });

  it('asks once more after a label outside the set, then records the rater as unparseable', async () => {
    const d = await panel({ referee: [say('agrees'), say('hedges')], second: [say('maybe'), say('nope')], third: say('hedges') }).label(request);
    const [referee, second] = record(d.raw).raters;
    expect(referee).toMatchObject({ status: 'labelled', label: 'hedges', replies: ['agrees', 'hedges'] });
    expect(second).toMatchObject({ status: 'unparseable', label: null, replies: ['maybe', 'nope'] });
    expect(second?.error).toMatch(/not one of the labels/);
    expect(d).toMatchObject({ label: 'hedges', rule: 'third+referee' });
  });

  it('waits out a 429 Retry-After and then labels', async () => {
    const d = await panel({ referee: [{ kind: 'status', status: 429, retryAfter: '0' }, say('other')], second: say('other'), third: say('hedges') }).label(request);
    expect(d).toMatchObject({ label: 'other', source: 'llm' });
    expect(record(d.raw).raters[0]).toMatchObject({ attempts: 2, status: 'labelled' });
  });

  it('gives up on a rater slower than its timeout and falls back by the study rule, saying why', async () => {
    logged.length = 0;
    const d = await panel({ referee: { kind: 'hang' }, second: { kind: 'text', content: 'other', delayMs: 1_000 }, third: { kind: 'hang' } }, 150, { label: 'hedges' }).label(request);
    expect(d).toMatchObject({ label: 'hedges', source: 'rules', rule: 'fallback:study-fallback-label' });
    const why = record(d.raw).fallback?.why ?? '';
    expect(why).toMatch(/referee .*no answer .*no answer within 150 ms/);
    expect(logged.at(-1)?.data).toMatchObject({ label: 'hedges', why });
  });

  it('stores no key when a rater echoes it in a 200 reply', async () => {
    const d = await panel({ referee: { kind: 'echo_key', content: 'other' }, second: say('other'), third: say('other') }).label(request);
    const stored = JSON.stringify(d);
    expect(stored).not.toContain(KEY);
    expect(stored).toContain('[redacted]');
    // The echo makes the reply more than a label: it is not read as one.
    expect(record(d.raw).raters[0]).toMatchObject({ status: 'unparseable' });
  });
});
