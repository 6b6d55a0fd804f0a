import type { EventBus } from '../app/eventBus.js';
import type { EventLog } from '../db/eventLog.js';
import type { ToolTurn } from '../judge/toolChat.js';
import { MODEL_RUN_STARTED, MODEL_STEP, type ModelRunError, type ModelRunStarted, type ModelStep } from './modelLog.js';
import type { ModelBudget } from './teamModelRun.js';

export interface ModelFacts {
  /** Appends one runner fact to the run's log and sends it out like any event (the watch view follows it). */
  fact(kind: string, payload: ModelRunStarted | ModelStep | ModelRunError): void;
  /** One endpoint call and its tool calls; our own time is measured from `startedAt` (performance.now()). */
  step(at: { round: number; step: number; startedAt: number }, reply: ToolTurn, calls: ModelStep['calls']): void;
}

/**
 * The runner's facts about one model run, team or Slack, and the first of them: which endpoint plays, with which
 * system prompt and under which budget (never the key).
 */
export function startModelFacts(
  log: EventLog,
  bus: EventBus,
  runId: string,
  started: { model: { name: string; id: string; baseUrl: string }; system: string; budget: ModelBudget; batch?: string },
): ModelFacts {
  const fact: ModelFacts['fact'] = (kind, payload) => bus.emit({ type: 'session.event', event: log.append(runId, kind, payload) });
  fact(MODEL_RUN_STARTED, {
    model_name: started.model.name,
    model_id: started.model.id,
    base_url: started.model.baseUrl,
    system_prompt: started.system,
    budget: { tokens: started.budget.tokens, seconds: started.budget.seconds, steps_per_turn: started.budget.stepsPerTurn },
    ...(started.batch ? { batch: started.batch } : {}),
  });
  const step: ModelFacts['step'] = (at, reply, calls) =>
    fact(MODEL_STEP, {
      round: at.round,
      step: at.step,
      latency_ms: reply.latencyMs,
      overhead_ms: Math.round(performance.now() - at.startedAt),
      usage: reply.usage,
      reported_model: reply.model,
      finish_reason: reply.finishReason,
      content: reply.content,
      calls,
    });
  return { fact, step };
}
