import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlackQuery } from '../../shared/judge/query.js';
import { createChatClient } from './chatClient.js';
import { createEndpointJudge } from './endpointJudge.js';
import { startJudgeServer, type JudgeServer } from './judgeServer.testing.js';

const KEY = 'sk-test-6f1d0c9a-never-show-me';
const query: SlackQuery = { id: 'as-riverside', category: 'AS', query: 'Which monitor is at Riverside?', reference: 'Palas Fidas 200' };

describe('chat-completions judge against a real HTTP server', () => {
  let server: JudgeServer;
  const logLines: string[] = [];
  const log = (line: string) => logLines.push(line);
  // A reply may take its time on a loaded machine (a first fetch in a process took over 300 ms under load and was
  // retried); only the endpoint that never answers is given a short limit.
  const fast = { timeoutMs: 10_000, maxAttempts: 2, backoffMs: 5, log };

  beforeAll(async () => {
    server = await startJudgeServer(KEY);
  });
  afterAll(async () => {
    await server.close();
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(line).not.toContain(KEY);
  });

  it('judges a correct answer YES and sends model, messages and the bearer key', async () => {
    const judge = createEndpointJudge({ baseUrl: server.baseUrl, model: 'judge-mini', apiKey: KEY }, {}, fast);
    const before = server.requests.length;
    const outcome = await judge(query, 'FINAL_ANSWER: It is a Palas Fidas 200 (the T640 claim was corrected).');
    expect(outcome.status === 'judged' && outcome.verdict.pass).toBe(true);
    const request = server.requests[before];
    expect(request?.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body).toMatchObject({ model: 'judge-mini', temperature: 0 });
    const messages = (request?.body as { messages: { role: string; content: string }[] }).messages;
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[1]?.content).toContain('Which monitor is at Riverside?');
  });

  it('judges a wrong answer NO', async () => {
    const judge = createEndpointJudge({ baseUrl: server.baseUrl, model: 'm', apiKey: KEY }, {}, fast);
    const outcome = await judge(query, 'FINAL_ANSWER: a Teledyne T640');
    // Judged NO, not merely not judged YES (an error would pass `pass === false`).
    expect(outcome).toMatchObject({ status: 'judged', verdict: { pass: false } });
  });

  it('reports a malformed judge reply as an error, not a NO', async () => {
    const judge = createEndpointJudge({ baseUrl: server.baseUrl, model: 'm', apiKey: KEY }, {}, fast);
    const outcome = await judge(query, 'Palas Fidas 200 [malformed]');
    expect(outcome).toMatchObject({ status: 'error', stage: 'reply', reply: 'The answer looks mostly right to me.' });
  });

  it('retries after a 500 and then succeeds', async () => {
    const judge = createEndpointJudge({ baseUrl: server.baseUrl, model: 'm', apiKey: KEY }, {}, fast);
    const before = server.requests.length;
    const outcome = await judge(query, 'Palas Fidas 200 [fail-once]');
    expect(outcome.status === 'judged' && outcome.verdict.pass).toBe(true);
    expect(server.requests.length - before).toBe(2);
    expect(logLines.some((l) => l.includes('HTTP 500'))).toBe(true);
  });

  it('gives up on a hanging endpoint after its attempts, as a value', async () => {
    const client = createChatClient({ baseUrl: server.baseUrl, model: 'm', apiKey: KEY }, { ...fast, timeoutMs: 300 });
    const before = server.requests.length;
    const result = await client.complete([{ role: 'user', content: '<<<ANSWER\n[hang]\nANSWER>>>' }]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/after 2 attempt\(s\): no answer within 300 ms/);
    // The server may record an abandoned request after the client gave up on it (one loop, a loaded machine).
    await expect.poll(() => server.requests.length - before, { timeout: 15_000 }).toBe(2);
  });

  it('keeps the key out of an auth error even when the server echoes it', async () => {
    const client = createChatClient({ baseUrl: server.baseUrl, model: 'm', apiKey: `${KEY}-wrong` }, fast);
    const result = await client.complete([{ role: 'user', content: 'hello' }]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('unauthorized');
      expect(result.error.message).toContain('[redacted]');
      expect(result.error.message).not.toContain(KEY);
    }
  });

  it('keeps the key out of a 200 reply that echoes it, so the recorded verdict (event log, Harbor export) has none', async () => {
    const judge = createEndpointJudge({ baseUrl: server.baseUrl, model: 'm', apiKey: KEY }, {}, fast);
    const outcome = await judge(query, 'Palas Fidas 200 [echo-key]');
    expect(JSON.stringify(outcome)).toContain('[redacted]');
    expect(JSON.stringify(outcome)).not.toContain(KEY);
  });

  it('does not retry a refused request and returns a bad endpoint as a value', async () => {
    const before = server.requests.length;
    const wrongPath = createChatClient({ baseUrl: `${server.baseUrl}/nope`, model: 'm', apiKey: KEY }, fast);
    const refused = await wrongPath.complete([{ role: 'user', content: 'x' }]);
    expect(refused.ok).toBe(false);
    expect(server.requests.length - before).toBe(1);
    const notUrl = await createChatClient({ baseUrl: 'file:///etc', model: 'm', apiKey: KEY }).complete([]);
    expect(notUrl.ok || notUrl.error.message).toMatch(/http\(s\)/);
  });
});
