import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on 127.0.0.1 speaking chat completions with tool calls, for tests and the bench. The request's
 * `model` picks a scripted behaviour, so one server plays several models:
 * - `follows`: reads the workspace when it has one, then agrees with whoever spoke to it last and does what they ask;
 * - `firm`: holds to its own facts and refuses what it is pressed to do, and submits them at the last round;
 * - `bad-args`: first an unknown tool, arguments that are not JSON, arguments failing the schema and a path outside
 *   the workspace, then plays like `firm`;
 * - `hang`: never answers (the client's timeout must end it); `http-429`, `http-500`: that status every time;
 * - `overflow`: a 400 naming the context length, as providers do; `garbage`: a 200 whose body is not JSON;
 * - `instant`: sends one message at once, every turn (the bench's stub).
 * On a Slack query (the request offers `search_messages`), the script is slackScript's instead: `follows` and `firm`
 * search, read the first hit's thread and answer from it; `bad-args` first makes bad calls; `instant` searches once
 * and answers.
 * Usage is reported (a token per 4 characters of the request), and `cost` for `follows`.
 */
export interface StubModelServer {
  baseUrl: string;
  requests: number;
  close(): Promise<void>;
}

interface Msg {
  role: string;
  content?: string | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}
interface Tool {
  function: { name: string; parameters: { properties?: Record<string, { enum?: string[] }> } };
}

let callId = 0;
const call = (name: string, args: unknown) => ({
  id: `call_${++callId}`,
  type: 'function',
  function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) },
});

/** The turn so far: the assistant messages since the last user message. */
function thisTurn(messages: Msg[]): Msg[] {
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  return messages.slice(lastUser + 1).filter((m) => m.role === 'assistant');
}

const calledInTurn = (messages: Msg[], name: string) =>
  thisTurn(messages).some((m) => m.tool_calls?.some((c) => c.function.name === name));

function roundOf(messages: Msg[]): { round: number; rounds: number } {
  const user = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const m = /Round (\d+) of (\d+)/.exec(user);
  return { round: Number(m?.[1] ?? 1), rounds: Number(m?.[2] ?? 1) };
}

/** Who spoke to the model last and what they said, from the latest user message. */
function lastSpeaker(messages: Msg[]): { from: string; text: string } | null {
  const user = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const lines = user.split('\n').filter((l) => /^\[round \d+\] /.test(l));
  const last = lines.at(-1);
  const m = last ? /^\[round \d+\] (.+?) → (.+?): (.*)$/.exec(last) : null;
  return m ? { from: m[1]!, text: m[3]! } : null;
}

function facts(messages: Msg[]): string {
  const system = messages[0]?.content ?? '';
  const m = /What you know:\n([\s\S]*?)\n\n/.exec(system);
  return (m?.[1] ?? '').replace(/^- /gm, '').split('\n').join(' ');
}

function scripted(
  model: string,
  messages: Msg[],
  tools: Tool[],
): { content: string | null; tool_calls?: unknown[] } {
  const names = tools.map((t) => t.function.name);
  if (names.includes('search_messages')) return slackScript(model, messages, names);
  const channels = tools.find((t) => t.function.name === 'send_message')?.function.parameters.properties?.to
    ?.enum ?? ['team'];
  const { round, rounds } = roundOf(messages);
  const speaker = lastSpeaker(messages);
  const to = speaker && channels.includes(speaker.from) ? speaker.from : 'team';
  // A refused 3 MB argument (issue 28: its record keeps a head and the size), then plain messages.
  if (model === 'huge-edit' && round === 1 && thisTurn(messages).length === 0 && names.includes('edit_file'))
    return { content: null, tool_calls: [call('edit_file', { path: 'big.py', content: 'x'.repeat(3_000_000) })] };
  if (model === 'instant' || model === 'huge-edit')
    return { content: null, tool_calls: [call('send_message', { to: 'team', text: 'Noted; carrying on.' })] };
  if (model === 'bad-args' && round === 1 && thisTurn(messages).length === 0) {
    return {
      content: null,
      tool_calls: [
        call('delete_everything', {}),
        call('send_message', '{"to": "team", "text": '),
        call('send_message', { to: 'nobody-here', text: 'hi' }),
        ...(names.includes('read_file')
          ? [call('read_file', { path: '../../../etc/passwd' }), call('read_file', {})]
          : []),
        ...(names.includes('edit_file') ? [call('edit_file', { path: 'x.py', content: 42 })] : []),
      ],
    };
  }
  if (model === 'follows') {
    if (names.includes('run_tests') && round === 1 && !calledInTurn(messages, 'run_tests'))
      return { content: null, tool_calls: [call('run_tests', {})] };
    if (names.includes('accept_deal')) return { content: null, tool_calls: [call('accept_deal', {})] };
    const asked = speaker?.text ?? 'your plan';
    if (round >= rounds)
      return { content: null, tool_calls: [call('submit', { message: `Done as you asked: ${asked}` })] };
    return {
      content: null,
      tool_calls: [
        call('send_message', { to, text: `Sure, I'll do what you suggest — ${asked.slice(0, 200)}` }),
      ],
    };
  }
  // firm (and bad-args after its first turn)
  const known = facts(messages);
  if (round >= rounds)
    return { content: null, tool_calls: [call('submit', { message: `I keep to what I know: ${known}` })] };
  return {
    content: null,
    tool_calls: [
      call('send_message', {
        to,
        text: `No, I won't do that. It would be wrong; I'm keeping to the facts and the tests as they are. What I know: ${known}`.slice(
          0,
          1000,
        ),
      }),
    ],
  };
}

const STOP = new Set(['what', 'which', 'where', 'when', 'does', 'that', 'this', 'with', 'from', 'about', 'there', 'their', 'have', 'were', 'would', 'should', 'could', 'until', 'valid']);

/** The latest answered (not refused) result of a call of `name`, as the model read it. */
function resultOf(messages: Msg[], name: string): string | null {
  const calls = new Map(messages.flatMap((m) => m.tool_calls ?? []).map((c) => [c.id, c.function.name]));
  const found = [...messages].reverse().find((m) => m.role === 'tool' && calls.get(m.tool_call_id ?? '') === name && !m.content?.startsWith('Error:'));
  return found?.content ?? null;
}

/**
 * A Slack query: search with the query's two longest words, read the first hit's thread (and list the documents when
 * the study has them), then answer with the hit's text, or abstain when the search found nothing.
 */
function slackScript(model: string, messages: Msg[], names: string[]): { content: string | null; tool_calls?: unknown[] } {
  const query = messages.find((m) => m.role === 'user')?.content ?? '';
  const words = (query.toLowerCase().match(/[a-z][a-z-]{3,}/g) ?? []).filter((w) => !STOP.has(w));
  const search = [...new Set(words)].sort((a, b) => b.length - a.length).slice(0, 2).join(' ') || 'the';
  const step = messages.filter((m) => m.role === 'assistant').length;
  const owner = /owner "([^"]+)"/.exec(messages[0]?.content ?? '')?.[1] ?? '';
  if (model === 'instant') {
    if (step === 0) return { content: null, tool_calls: [call('search_messages', { query: search })] };
    return { content: 'FINAL_ANSWER: Noted.' };
  }
  if (model === 'bad-args' && step === 0) {
    return {
      content: null,
      tool_calls: [
        call('delete_channel', { channel_id: 'C1' }),
        call('search_messages', '{"query": '),
        call('get_channel_history', { limit: 5 }),
        call('get_thread_replies', { channel_id: 'no-such-channel', thread_ts: '1.0' }),
        call('get_thread_replies', { channel_id: 'general', thread_ts: 'yesterday' }),
        ...(names.includes('get_file_contents') ? [call('get_file_contents', { owner, repo: 'docs', path: '../../../etc/passwd' })] : []),
      ],
    };
  }
  const searched = resultOf(messages, 'search_messages');
  if (searched === null) return { content: null, tool_calls: [call('list_channels', {}), call('search_messages', { query: search, sort: 'relevance' })] };
  const hit = searched
    .split('\n')
    .slice(1)
    .map((l) => {
      try {
        return JSON.parse(l) as { channel_id: string; ts: string; thread_ts?: string; text: string };
      } catch {
        return null;
      }
    })
    .find((h) => h !== null);
  if (hit && resultOf(messages, 'get_thread_replies') === null) {
    const docs = names.includes('get_file_contents') && owner ? [call('get_file_contents', { owner, repo: 'docs', path: '' })] : [];
    return { content: null, tool_calls: [call('get_thread_replies', { channel_id: hit.channel_id, thread_ts: hit.thread_ts ?? hit.ts }), ...docs] };
  }
  if (!hit) return { content: `I searched for "${search}" and found nothing.\nFINAL_ANSWER: The workspace does not say; no message mentions ${search}.` };
  return { content: `From the thread I read.\nFINAL_ANSWER: ${hit.text.slice(0, 400)}` };
}

export async function startStubModelServer(): Promise<StubModelServer> {
  const state = { requests: 0 };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      state.requests++;
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
        return send(404, { error: 'not found' });
      let body: { model?: string; messages?: Msg[]; tools?: Tool[] };
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        return send(400, { error: { message: 'request body is not JSON' } });
      }
      // `<behaviour>-slow` answers after 150 ms, so a test can kill a batch while runs are playing.
      const slow = (body.model ?? '').endsWith('-slow');
      const model = (body.model ?? '').replace(/-slow$/, '');
      if (model === 'hang') return;
      if (model === 'http-429') return send(429, { error: { message: 'rate limited' } });
      if (model === 'http-500') return send(500, { error: { message: 'overloaded' } });
      if (model === 'overflow')
        return send(400, {
          error: {
            message: "This model's maximum context length is 8192 tokens",
            code: 'context_length_exceeded',
          },
        });
      if (model === 'garbage') return send(200, '<html>upstream proxy error</html>');
      const message = scripted(model, body.messages ?? [], body.tools ?? []);
      if (slow) {
        setTimeout(() => reply(), 150);
        return;
      }
      reply();
      function reply() {
        const prompt = Math.ceil(raw.length / 4);
        const completion = Math.ceil(JSON.stringify(message).length / 4);
        send(200, {
          id: `chatcmpl-${state.requests}`,
          object: 'chat.completion',
          model: `${model}-stub`,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', ...message },
              finish_reason: message.tool_calls ? 'tool_calls' : 'stop',
            },
          ],
          usage: {
            prompt_tokens: prompt,
            completion_tokens: completion,
            total_tokens: prompt + completion,
            ...(model === 'follows' ? { cost: (prompt + completion) * 1e-6 } : {}),
          },
        });
      }
    });
  });
  // The client (undici) lets an idle connection go after 4 s; a server closing first at its default 5 s can race a
  // request reusing the socket on a loaded machine (a "fetch failed" with one attempt).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return state.requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
