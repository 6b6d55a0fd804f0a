import { z } from 'zod';
import type { StoredEvent } from '../../shared/contract/schemas.js';
import { endpointFailures } from '../judge/toolChat.js';
import { MODEL_RUN_ERROR, MODEL_RUN_STARTED, MODEL_STEP } from '../team/teamLog.js';

export { MODEL_RUN_ERROR, MODEL_RUN_STARTED, MODEL_STEP };

/** A model's runs are sessions whose participant is `model:<name>`: a person's code can never contain a colon. */
export const MODEL_PARTICIPANT_PREFIX = 'model:';
export const modelParticipant = (name: string): string => `${MODEL_PARTICIPANT_PREFIX}${name}`;
export const isModelParticipant = (participant: string): boolean => participant.startsWith(MODEL_PARTICIPANT_PREFIX);
export const modelNameOf = (participant: string): string => participant.slice(MODEL_PARTICIPANT_PREFIX.length);

const usage = z.object({
  prompt_tokens: z.number().nullable(),
  completion_tokens: z.number().nullable(),
  total_tokens: z.number().nullable(),
  cost_usd: z.number().nullable(),
});

/** Which endpoint played the run and under which budget (the key is never recorded). */
export const modelRunStartedSchema = z.object({
  model_name: z.string(),
  model_id: z.string(),
  base_url: z.string(),
  system_prompt: z.string(),
  budget: z.object({ tokens: z.number(), seconds: z.number(), steps_per_turn: z.number() }),
  /** Set when the run was started from a batch: what it retries. */
  batch: z.string().optional(),
});
export type ModelRunStarted = z.infer<typeof modelRunStartedSchema>;

/** One endpoint call and what came of each tool call it asked for. */
export const modelStepSchema = z.object({
  round: z.number().int(),
  step: z.number().int(),
  latency_ms: z.number(),
  /** Our own time for the step: the session's work on the tool calls, without the endpoint's. */
  overhead_ms: z.number(),
  usage: usage.nullable(),
  reported_model: z.string().nullable(),
  finish_reason: z.string().nullable(),
  content: z.string().nullable(),
    // Long arguments keep their head; `arguments_chars` is then their whole length (issue 28).
  calls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.string(), arguments_chars: z.number().int().optional(), ok: z.boolean(), result: z.string() })),
});
export type ModelStep = z.infer<typeof modelStepSchema>;

export const modelRunErrorReasons = [...endpointFailures, 'token_budget', 'turn_limit', 'interrupted', 'session'] as const;
export type ModelRunErrorReason = (typeof modelRunErrorReasons)[number];

/** The run stopped without an ending the benchmark scores: it is an error, never a fail. */
export const modelRunErrorSchema = z.object({ reason: z.enum(modelRunErrorReasons), message: z.string(), round: z.number().int() });
export type ModelRunError = z.infer<typeof modelRunErrorSchema>;

export interface ModelRunRecord {
  started: ModelRunStarted | null;
  steps: ModelStep[];
  error: ModelRunError | null;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number; cost_usd: number | null; reported: boolean };
}

/** The model's facts in a session's log, validated (a fact that does not parse is corruption, and says where). */
export function modelRecordOf(stored: readonly StoredEvent[]): ModelRunRecord {
  const out: ModelRunRecord = { started: null, steps: [], error: null, usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0, cost_usd: null, reported: false } };
  const parse = <T>(schema: z.ZodType<T>, e: StoredEvent): T => {
    const r = schema.safeParse(e.payload);
    if (!r.success) throw new Error(`event ${e.seq} (${e.kind}) of session ${e.sessionId}: ${r.error.issues[0]?.path.join('.')}: ${r.error.issues[0]?.message}`);
    return r.data;
  };
  for (const e of stored) {
    if (e.kind === MODEL_RUN_STARTED) out.started = parse(modelRunStartedSchema, e);
    else if (e.kind === MODEL_RUN_ERROR) out.error = parse(modelRunErrorSchema, e);
    else if (e.kind === MODEL_STEP) {
      const step = parse(modelStepSchema, e);
      out.steps.push(step);
      if (step.usage) {
        out.usage.reported = true;
        out.usage.prompt_tokens += step.usage.prompt_tokens ?? 0;
        out.usage.completion_tokens += step.usage.completion_tokens ?? 0;
        out.usage.total_tokens += step.usage.total_tokens ?? 0;
        if (step.usage.cost_usd !== null) out.usage.cost_usd = (out.usage.cost_usd ?? 0) + step.usage.cost_usd;
      }
    }
  }
  return out;
}
