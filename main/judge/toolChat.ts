import { z } from 'zod';
import { fail, ok, type Result } from '../../shared/result.js';

/**
 * Chat completions with function tools, on top of the judge panel's client (chatClient.ts): the same timeout, bounded
 * retries on 429/5xx/timeouts and key redaction; this file only shapes the request and reads the tool calls back.
 */

/** A tool as the OpenAI-compatible protocol describes it (`parameters` is a JSON Schema). */
export interface FunctionTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface WireToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ToolChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: WireToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** Tokens (and a cost) as the endpoint reported them; null fields were not reported. */
export interface TurnUsage {
  prompt_tokens: number | null;
  completion_tokens: number | null;
  total_tokens: number | null;
  /** Only when the endpoint reports one (OpenRouter-style `usage.cost`). */
  cost_usd: number | null;
}

export interface ToolTurn {
  content: string | null;
  toolCalls: WireToolCall[];
  finishReason: string | null;
  /** The model id the endpoint says answered. */
  model: string | null;
  usage: TurnUsage | null;
  latencyMs: number;
}

/** Why a turn could not be had: each is recorded as the run's error reason, never as a failed run. */
export const endpointFailures = ['rate_limited', 'server_error', 'timeout', 'network', 'context_overflow', 'refused', 'malformed_reply'] as const;
export type EndpointFailure = (typeof endpointFailures)[number];

/** The one request the client makes: extra body fields in, the parsed (and redacted) JSON reply out. */
export type ChatPost = (body: Record<string, unknown>) => Promise<Result<unknown>>;

const count = z.number().min(0).nullable().catch(null).default(null);
const replySchema = z.looseObject({
  model: z.string().optional().catch(undefined),
  choices: z
    .array(
      z.looseObject({
        message: z.looseObject({
          content: z.string().nullable().optional(),
          tool_calls: z
            .array(
              z.looseObject({
                id: z.string().min(1),
                function: z.looseObject({ name: z.string(), arguments: z.string().optional() }),
              }),
            )
            .nullable()
            .optional(),
        }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
  usage: z
    .looseObject({ prompt_tokens: count, completion_tokens: count, total_tokens: count, cost: count })
    .nullable()
    .optional()
    .catch(null),
});

/** One turn of the model: the conversation and the tools in, its text and tool calls out. */
export async function toolTurn(post: ChatPost, messages: readonly ToolChatMessage[], tools: readonly FunctionTool[]): Promise<Result<ToolTurn>> {
  const started = performance.now();
  const reply = await post({ messages, ...(tools.length > 0 ? { tools, tool_choice: 'auto' } : {}) });
  const latencyMs = Math.round(performance.now() - started);
  if (!reply.ok) return reply;
  const parsed = replySchema.safeParse(reply.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail('internal', `The model endpoint's reply does not match chat completions at ${issue?.path.join('.') || 'the top level'}: ${issue?.message ?? ''}`);
  }
  const choice = parsed.data.choices[0]!;
  const u = parsed.data.usage;
  return ok({
    content: choice.message.content ?? null,
    toolCalls: (choice.message.tool_calls ?? []).map((c) => ({ id: c.id, type: 'function', function: { name: c.function.name, arguments: c.function.arguments ?? '' } })),
    finishReason: choice.finish_reason ?? null,
    model: parsed.data.model ?? null,
    usage: u
      ? {
          prompt_tokens: u.prompt_tokens,
          completion_tokens: u.completion_tokens,
          total_tokens: u.total_tokens ?? (u.prompt_tokens !== null && u.completion_tokens !== null ? u.prompt_tokens + u.completion_tokens : null),
          cost_usd: u.cost,
        }
      : null,
    latencyMs,
  });
}

/**
 * What kind of failure an error of the client is, read from its message (the client says `HTTP 429`, `HTTP 5xx`,
 * `no answer within`, or quotes a 400's body, which is where providers and llama.cpp/Ollama name a context overflow).
 */
export function classifyFailure(message: string): EndpointFailure {
  if (/context[_ ]length|context size|context window|maximum context|too many tokens|prompt is too long|exceeds the (available )?context/i.test(message)) return 'context_overflow';
  if (/HTTP 429/.test(message)) return 'rate_limited';
  if (/HTTP 5\d\d/.test(message)) return 'server_error';
  if (/no answer within/.test(message)) return 'timeout';
  if (/network error/.test(message)) return 'network';
  if (/does not match chat completions|not JSON|without choices/.test(message)) return 'malformed_reply';
  return 'refused';
}

/** A tool call's `arguments`, which the model writes as a JSON string: an object, or the reason it is not one. */
export function parseArguments(raw: string): Result<Record<string, unknown>> {
  if (raw.trim() === '') return ok({});
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return fail('bad_request', `the arguments are not valid JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('bad_request', 'the arguments must be a JSON object');
  return ok(value as Record<string, unknown>);
}
