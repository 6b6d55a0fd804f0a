import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stub answers to one request, chosen by the test per model. */
export type StubReply =
  | { kind: 'text'; content: string; delayMs?: number }
  /** Never answers: the client's timeout must end it. */
  | { kind: 'hang' }
  /** A 200 whose body is not JSON. */
  | { kind: 'malformed' }
  | { kind: 'status'; status: number; retryAfter?: string }
  /** A 200 whose content repeats the Authorization header it was sent. */
  | { kind: 'echo_key'; content: string };

export interface StubRequest {
  model: string;
  authorization: string | null;
  messages: { role: string; content: string }[];
}

export type StubScript = (request: StubRequest, nthForModel: number) => StubReply;

export interface ChatStub {
  baseUrl: string;
  requests: StubRequest[];
  /** Sets how one model answers from now on (unknown models answer 404). */
  on(model: string, script: StubScript): void;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 that speaks OpenAI chat completions, with replies chosen by the test per model:
 * the panel's raters are three "models" of one stub. Every reply carries `usage` token counts.
 */
export async function startChatStub(): Promise<ChatStub> {
  const requests: StubRequest[] = [];
  const scripts = new Map<string, StubScript>();
  const counts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      let body: { model?: string; messages?: StubRequest['messages'] } = {};
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        // answered 400 below
      }
      const send = (status: number, payload: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(payload);
      };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions' || !body.model) return send(400, '{"error":"bad request"}');
      const request: StubRequest = { model: body.model, authorization: req.headers.authorization ?? null, messages: body.messages ?? [] };
      requests.push(request);
      const script = scripts.get(body.model);
      if (!script) return send(404, JSON.stringify({ error: { message: `no model ${body.model}` } }));
      const n = (counts.get(body.model) ?? 0) + 1;
      counts.set(body.model, n);
      const reply = script(request, n);
      const ok = (content: string) =>
        send(
          200,
          JSON.stringify({
            id: `cmpl-${requests.length}`,
            object: 'chat.completion',
            model: body.model,
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 100 + n, completion_tokens: 2, total_tokens: 102 + n },
          }),
        );
      switch (reply.kind) {
        case 'hang':
          return;
        case 'malformed':
          return send(200, '{"choices": [ {"message": ');
        case 'status':
          return send(reply.status, JSON.stringify({ error: { message: `status ${reply.status}` } }), reply.retryAfter !== undefined ? { 'retry-after': reply.retryAfter } : {});
        case 'echo_key':
          return ok(`${reply.content} (you sent: ${request.authorization ?? 'nothing'})`);
        case 'text':
          if (reply.delayMs) return void setTimeout(() => ok(reply.content), reply.delayMs);
          return ok(reply.content);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    on: (model, script) => scripts.set(model, script),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
