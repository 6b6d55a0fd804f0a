import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the test's endpoint does with one request: a reply text, an HTTP failure, or an answer after a delay. */
export type LabelReply = { content: string; delayMs?: number } | { status: number; body?: string; headers?: Record<string, string> };

export interface LabelServer {
  baseUrl: string;
  /** Every request's model, prompt and authorization header, in arrival order. */
  requests: Array<{ model: string; prompt: string; authorization: string }>;
  /** The most requests that were ever in flight at once. */
  maxInFlight: number;
  close(): Promise<void>;
}

/** A real chat-completions server on 127.0.0.1 whose replies the test chooses, request by request. */
export async function startLabelServer(reply: (request: { model: string; prompt: string; authorization: string }) => LabelReply): Promise<LabelServer> {
  const state: LabelServer = { baseUrl: '', requests: [], maxInFlight: 0, close: async () => undefined };
  let inFlight = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      inFlight += 1;
      state.maxInFlight = Math.max(state.maxInFlight, inFlight);
      const body = JSON.parse(raw || '{}') as { model?: string; messages?: Array<{ role: string; content: string }> };
      const request = { model: body.model ?? '', prompt: body.messages?.map((m) => m.content).join('\n') ?? '', authorization: req.headers.authorization ?? '' };
      state.requests.push(request);
      const answer = reply(request);
      const send = () => {
        inFlight -= 1;
        if ('status' in answer) {
          res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
          res.end(answer.body ?? JSON.stringify({ error: { message: 'failed' } }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: answer.content } }] }));
      };
      if ('content' in answer && answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
