import type { ResolvedTask } from '../../shared/team/pack/resolve.js';
import { evaluatedSeat } from '../../shared/team/pack/resolve.js';
import type { SessionState } from '../../shared/team/engine/state.js';
import { duePartners, type DuePartner, type SeatMessage } from '../../shared/team/partners/due.js';
import { factsInText } from '../../shared/team/partners/factCheck.js';
import { partnerMessages } from '../../shared/team/partners/partnerPrompt.js';
import type { PartnerPlan } from '../../shared/team/partners/partnersSchema.js';
import { createChatClient, type ChatClient } from '../judge/chatClient.js';
import { redactSecrets } from '../judge/redact.js';
import type { PartnerReplyRecord } from './partnerRecord.js';

export type LivePlan = Extract<PartnerPlan, { live: true }>;

/** One answer to append: the record first, then the message, in one transaction. */
export interface PartnerAnswer {
  record: PartnerReplyRecord;
  message: SeatMessage;
}

/** The partner seats of one session played live, and how to ask them. */
export interface LivePartners {
  /** The seats played live now: none while Settings do not allow live partners (asked at each message). */
  readonly seats: ReadonlySet<string>;
  /** Every due partner's answer (asked at once); one per due partner, the scripted reply when the endpoint fails. */
  answer(task: ResolvedTask, state: SessionState): Promise<PartnerAnswer[]>;
}

interface Seat {
  plan: LivePlan;
  client: ChatClient | null;
  /** Set when the plan cannot be asked at all (its key variable is not set): every answer is the fallback. */
  unusable: string | null;
  key: string;
}

/** The model's own name prefix ("Rosa: …") is not part of what it says. */
function clean(text: string, seat: string): string {
  const trimmed = text.trim();
  const prefix = new RegExp(`^\\**${seat.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\**\\s*[:\\-—]\\s*`, 'iu');
  return trimmed.replace(prefix, '').trim();
}

/**
 * Live partners from their plans (seat → plan). `env` holds the keys `key_env` names; a missing variable makes the
 * seat answer by its script, with the reason recorded, rather than send a request that can only be refused.
 */
export function createLivePartners(plans: ReadonlyMap<string, LivePlan>, env: NodeJS.ProcessEnv = process.env, allowed: () => boolean = () => true): LivePartners {
  const seats = new Map<string, Seat>();
  for (const [name, plan] of plans) {
    const keyName = plan.endpoint.key_env;
    const key = keyName ? (env[keyName] ?? '') : '';
    const unusable = keyName && !key ? `the environment variable ${keyName} (key_env) is not set` : null;
    // One attempt: the timeout is the whole of the participant's wait before the script answers instead.
    const client = unusable
      ? null
      : createChatClient(
          { baseUrl: plan.endpoint.base_url, model: plan.endpoint.model, apiKey: key },
          { timeoutMs: plan.timeoutMs, maxAttempts: 1, temperature: plan.endpoint.temperature, maxTokens: 400 },
        );
    seats.set(name, { plan, client, unusable, key });
  }

  async function ask(task: ResolvedTask, state: SessionState, due: DuePartner): Promise<PartnerAnswer> {
    const seat = seats.get(due.partner.name)!;
    const base = {
      seat: due.partner.name,
      why: due.why,
      model: seat.plan.endpoint.model,
      model_entry: seat.plan.modelName,
      scripted: due.fallback.source?.id ?? due.fallback.source?.kind ?? 'reply',
    };
    const fallback = (reason: string, extra: Partial<PartnerReplyRecord> = {}): PartnerAnswer => ({
      record: {
        ...base,
        status: 'fallback',
        fallback_reason: reason,
        reply: null,
        latency_ms: null,
        attempts: 0,
        tokens: null,
        facts: { revealed: due.fallback.reveals ?? [], not_held: [] },
        ...extra,
      },
      message: due.fallback,
    });
    if (!seat.client) return fallback(seat.unusable ?? 'no endpoint');
    const exchange = await seat.client.exchange(partnerMessages(task, due.partner, state));
    const measured = {
      latency_ms: exchange.latencyMs,
      attempts: exchange.attempts,
      tokens: exchange.usage ? { prompt: exchange.usage.prompt_tokens, completion: exchange.usage.completion_tokens, total: exchange.usage.total_tokens } : null,
    };
    if (!exchange.result.ok) return fallback(exchange.result.error.message.replace(/judge endpoint/g, 'partner endpoint'), measured);
    const text = clean(exchange.result.value, due.partner.name);
    if (!text) return fallback('the endpoint answered with no text', { ...measured, reply: exchange.result.value });
    const facts = factsInText(task, due.partner.name, text);
    const message: SeatMessage = {
      type: 'seat_message',
      seat: due.partner.name,
      text,
      to: due.fallback.to,
      source: { kind: 'live' },
      ...(facts.revealed.length > 0 ? { reveals: facts.revealed } : {}),
    };
    return {
      record: { ...base, status: 'live', fallback_reason: null, reply: exchange.result.value, ...measured, facts: { revealed: facts.revealed, not_held: facts.notHeld } },
      message,
    };
  }

  const all: ReadonlySet<string> = new Set(seats.keys());
  const none: ReadonlySet<string> = new Set();
  return {
    get seats() {
      return allowed() ? all : none;
    },
    async answer(task, state) {
      const due = duePartners(task, evaluatedSeat(task).name, state, this.seats);
      const answers = await Promise.all(due.map((d) => ask(task, state, d)));
      const keys = [...seats.values()].map((s) => s.key).filter((k) => k !== '');
      // The client redacts what it returns; the stored record is redacted once more by structure.
      return answers.map((a) => ({ record: redactSecrets(a.record, keys), message: redactSecrets(a.message, keys) }));
    },
  };
}
