import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  authorization: string;
  body: unknown;
}

export interface JudgeServer {
  baseUrl: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

const between = (text: string, start: string, end: string) => {
  const from = text.indexOf(start);
  if (from < 0) return '';
  const to = text.indexOf(end, from + start.length);
  return text.slice(from + start.length, to < 0 ? undefined : to).trim();
};

/**
 * A real HTTP server on 127.0.0.1 that speaks chat completions and judges like a tiny, predictable model:
 * YES when the answer contains the reference, NO otherwise. Markers in the answer ask for trouble:
 * `[malformed]` (a reply in the wrong format), `[fail-once]` (a 500, then a normal reply), `[hang]` (no reply),
 * `[echo-key]` (a 200 reply that repeats the bearer header it was sent, as a careless proxy does).
 */
export async function startJudgeServer(apiKey: string): Promise<JudgeServer> {
  const requests: SeenRequest[] = [];
  const failedOnce = new Set<string>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(raw);
      } catch {
        // recorded as null; the reply below reports it
      }
      requests.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization ?? '', body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return send(404, { error: 'not found' });
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        // Real providers sometimes echo what they were sent; the client must scrub it.
        return send(401, { error: { message: `invalid key ${String(req.headers.authorization)}` } });
      }
      const messages = (body as { messages?: { role: string; content: string }[] } | null)?.messages ?? [];
      const prompt = messages.find((m) => m.role === 'user')?.content ?? '';
      const answer = between(prompt, '<<<ANSWER', 'ANSWER>>>');
      if (answer.includes('[hang]')) return; // never answers; the client's timeout must end it
      if (answer.includes('[fail-once]') && !failedOnce.has(answer)) {
        failedOnce.add(answer);
        return send(500, { error: 'overloaded' });
      }
      const reference = between(prompt, 'Reference answer:', '\n\n');
      const content = answer.includes('[malformed]')
        ? 'The answer looks mostly right to me.'
        : reference && answer.toLowerCase().includes(reference.toLowerCase())
          ? 'YES'
          : 'NO';
      const echoed = answer.includes('[echo-key]') ? `${content}\n(debug: you sent ${String(req.headers.authorization)})` : content;
      send(200, { id: 'cmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: echoed } }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
