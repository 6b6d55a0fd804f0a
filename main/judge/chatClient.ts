import { z } from 'zod';
import { fail, ok, type Result } from '../../shared/result.js';
import type { ChatMessage } from '../../shared/judge/prompt.js';
import { redactSecrets, redactText } from './redact.js';

export interface ChatEndpoint {
  /** e.g. `https://api.openai.com/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  model: string;
  /** Sent as a bearer token (no header when empty: a local server); never logged, never part of an error or reply. */
  apiKey: string;
}

export interface ChatClientOptions {
  timeoutMs?: number;
  /** Attempts in all, the first included. */
  maxAttempts?: number;
  /** Wait before the second attempt; doubles after each further one. */
  backoffMs?: number;
  /** The longest a 429's Retry-After is honoured; a longer one waits this long. */
  maxRetryAfterMs?: number;
  /** Default 0; null sends no temperature (some hosted reasoning models refuse any but their own). */
  temperature?: number | null;
  maxTokens?: number;
  /** Receives one line per retry or failure; keys are redacted from every line. */
  log?: (line: string) => void;
}

/** Token counts as the endpoint reported them (`usage`), or null when it did not. */
export interface ChatUsage {
  prompt_tokens: number | null;
  completion_tokens: number | null;
  total_tokens: number | null;
}

/** One call with what a record needs beside the reply: how long it took, how many attempts, the tokens. */
export interface ChatExchange {
  /** The reply text, or the error; both already redacted. */
  result: Result<string>;
  latencyMs: number;
  attempts: number;
  usage: ChatUsage | null;
}

export interface ChatClient {
  complete(messages: ChatMessage[]): Promise<Result<string>>;
  exchange(messages: ChatMessage[]): Promise<ChatExchange>;
  /**
   * The same request with extra body fields (`messages`, `tools`, …), answered with the whole parsed reply, redacted:
   * the model seat's tool calls (toolChat.ts) have `content: null`, which `exchange` would refuse.
   */
  post(extra: Record<string, unknown>): Promise<Result<unknown>>;
}

const countSchema = z.number().int().min(0).nullable().catch(null).default(null);
const replySchema = z.looseObject({
  choices: z.array(z.looseObject({ message: z.looseObject({ content: z.string() }) })).min(1),
  usage: z.looseObject({ prompt_tokens: countSchema, completion_tokens: countSchema, total_tokens: countSchema }).nullable().catch(null).optional(),
});

type Attempt =
  | { kind: 'reply'; text: string; usage: ChatUsage | null; json?: unknown }
  | { kind: 'retry'; why: string; waitMs?: number }
  | { kind: 'stop'; error: Result<string> };

export function chatCompletionsUrl(baseUrl: string): Result<URL> {
  let url: URL;
  try {
    url = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  } catch {
    return fail('bad_request', `The judge endpoint "${baseUrl}" is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return fail('bad_request', `The judge endpoint must be an http(s) URL, not ${url.protocol}.`);
  }
  return ok(new URL('chat/completions', url));
}

/** Seconds (or an HTTP date) of a Retry-After header, in ms; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** An OpenAI-compatible chat-completions client with a timeout and bounded retries on 5xx, 429 and timeouts. */
export function createChatClient(endpoint: ChatEndpoint, options: ChatClientOptions = {}): ChatClient {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const backoffMs = options.backoffMs ?? 1_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000;
  const scrub = (text: string) => redactText(text, endpoint.apiKey ? [endpoint.apiKey] : []);
  const log = (line: string) => options.log?.(scrub(line));
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;

  async function attempt(url: URL, body: string, raw: boolean): Promise<Attempt> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetch(url, { method: 'POST', headers, body, signal: controller.signal });
      const text = await response.text();
      if (response.status === 429) {
        const asked = retryAfterMs(response.headers.get('retry-after'));
        return { kind: 'retry', why: `HTTP 429${asked !== null ? ` (retry after ${asked} ms)` : ''}`, ...(asked !== null ? { waitMs: Math.min(asked, maxRetryAfterMs) } : {}) };
      }
      if (response.status >= 500) return { kind: 'retry', why: `HTTP ${response.status}` };
      if (!response.ok) {
        const code = response.status === 401 || response.status === 403 ? 'unauthorized' : 'bad_request';
        const detail = scrub(text.replace(/\s+/g, ' ').slice(0, 200));
        return { kind: 'stop', error: fail(code, `The judge endpoint refused the request (HTTP ${response.status}): ${detail}`) };
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return { kind: 'stop', error: fail('internal', 'The judge endpoint answered with something that is not JSON.') };
      }
      if (raw) return { kind: 'reply', text: '', usage: null, json: redactSecrets(json, endpoint.apiKey ? [endpoint.apiKey] : []) };
      const parsed = replySchema.safeParse(json);
      if (!parsed.success) {
        return { kind: 'stop', error: fail('internal', 'The judge endpoint answered without choices[0].message.content.') };
      }
      // A provider (or a proxy) may echo what it was sent: the reply is stored, so it is redacted here, once for all.
      return { kind: 'reply', text: scrub(parsed.data.choices[0]?.message.content ?? ''), usage: parsed.data.usage ?? null };
    } catch (error) {
      if (controller.signal.aborted) return { kind: 'retry', why: `no answer within ${timeoutMs} ms` };
      // fetch's own messages do not contain headers, but scrub anyway: the key must never leak through a cause.
      return { kind: 'retry', why: scrub(`network error (${error instanceof Error ? error.message : 'unknown'})`) };
    } finally {
      clearTimeout(timer);
    }
  }

  async function exchange(messages: ChatMessage[]): Promise<ChatExchange> {
    const started = performance.now();
    const done = (result: Result<string>, attempts: number, usage: ChatUsage | null = null): ChatExchange => ({
      result,
      latencyMs: Math.round(performance.now() - started),
      attempts,
      usage,
    });
    const sent = await send({ messages }, false);
    return sent.result.ok ? done(ok(sent.result.value.text), sent.attempts, sent.result.value.usage) : done(sent.result, sent.attempts);
  }

  /** One request with the retries: the attempt that answered, or the error, and how many attempts it took. */
  async function send(extra: Record<string, unknown>, raw: boolean): Promise<{ result: Result<Extract<Attempt, { kind: 'reply' }>>; attempts: number }> {
    const url = chatCompletionsUrl(endpoint.baseUrl);
    if (!url.ok) return { result: url, attempts: 0 };
    const body = JSON.stringify({
      model: endpoint.model,
      ...(options.temperature === null ? {} : { temperature: options.temperature ?? 0 }),
      ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
      ...extra,
    });
    let why = '';
    for (let n = 1; n <= maxAttempts; n++) {
      const result = await attempt(url.value, body, raw);
      if (result.kind === 'reply') return { result: ok(result), attempts: n };
      if (result.kind === 'stop') {
        log(`judge: ${result.error.ok ? '' : result.error.error.message}`);
        return { result: result.error as Result<never>, attempts: n };
      }
      why = result.why;
      if (n < maxAttempts) {
        const wait = result.waitMs ?? backoffMs * 2 ** (n - 1);
        log(`judge: attempt ${n} of ${maxAttempts} failed (${why}); retrying in ${wait} ms`);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
    const message = `The judge endpoint did not answer after ${maxAttempts} attempt(s): ${why}.`;
    log(`judge: ${message}`);
    return { result: fail('internal', message), attempts: maxAttempts };
  }

  return {
    exchange,
    async post(extra) {
      const sent = await send(extra, true);
      return sent.result.ok ? ok(sent.result.value.json) : sent.result;
    },
    async complete(messages) {
      return (await exchange(messages)).result;
    },
  };
}
