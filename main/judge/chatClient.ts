import { z } from 'zod';
import { fail, ok, type Result } from '../../shared/result.js';
import type { ChatMessage } from '../../shared/judge/prompt.js';

export interface ChatEndpoint {
  /** e.g. `https://api.openai.com/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  model: string;
  /** Sent as a bearer token; never logged, never part of an error. */
  apiKey: string;
}

export interface ChatClientOptions {
  timeoutMs?: number;
  /** Attempts in all, the first included. */
  maxAttempts?: number;
  /** Wait before the second attempt; doubles after each further one. */
  backoffMs?: number;
  temperature?: number;
  maxTokens?: number;
  /** Receives one line per retry or failure; the key is scrubbed from every line. */
  log?: (line: string) => void;
}

export interface ChatClient {
  complete(messages: ChatMessage[]): Promise<Result<string>>;
}

const replySchema = z.looseObject({
  choices: z.array(z.looseObject({ message: z.looseObject({ content: z.string() }) })).min(1),
});

type Attempt = { kind: 'reply'; text: string } | { kind: 'retry'; why: string } | { kind: 'stop'; error: Result<string> };

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

/** An OpenAI-compatible chat-completions client with a timeout and bounded retries on 5xx, 429 and timeouts. */
export function createChatClient(endpoint: ChatEndpoint, options: ChatClientOptions = {}): ChatClient {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const backoffMs = options.backoffMs ?? 1_000;
  const scrub = (text: string) => (endpoint.apiKey ? text.split(endpoint.apiKey).join('[redacted]') : text);
  const log = (line: string) => options.log?.(scrub(line));

  async function attempt(url: URL, body: string): Promise<Attempt> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${endpoint.apiKey}` },
        body,
        signal: controller.signal,
      });
      const text = await response.text();
      if (response.status >= 500 || response.status === 429) {
        return { kind: 'retry', why: `HTTP ${response.status}` };
      }
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
      const parsed = replySchema.safeParse(json);
      if (!parsed.success) {
        return { kind: 'stop', error: fail('internal', 'The judge endpoint answered without choices[0].message.content.') };
      }
      return { kind: 'reply', text: parsed.data.choices[0]?.message.content ?? '' };
    } catch (error) {
      if (controller.signal.aborted) return { kind: 'retry', why: `no answer within ${timeoutMs} ms` };
      // fetch's own messages do not contain headers, but scrub anyway: the key must never leak through a cause.
      return { kind: 'retry', why: scrub(`network error (${error instanceof Error ? error.message : 'unknown'})`) };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async complete(messages) {
      const url = chatCompletionsUrl(endpoint.baseUrl);
      if (!url.ok) return url;
      const body = JSON.stringify({
        model: endpoint.model,
        messages,
        temperature: options.temperature ?? 0,
        ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
      });
      let why = '';
      for (let n = 1; n <= maxAttempts; n++) {
        const result = await attempt(url.value, body);
        if (result.kind === 'reply') return ok(result.text);
        if (result.kind === 'stop') {
          log(`judge: ${result.error.ok ? '' : result.error.error.message}`);
          return result.error;
        }
        why = result.why;
        if (n < maxAttempts) {
          const wait = backoffMs * 2 ** (n - 1);
          log(`judge: attempt ${n} of ${maxAttempts} failed (${why}); retrying in ${wait} ms`);
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
      const message = `The judge endpoint did not answer after ${maxAttempts} attempt(s): ${why}.`;
      log(`judge: ${message}`);
      return fail('internal', message);
    },
  };
}
