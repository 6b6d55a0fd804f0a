/**
 * The runner fact a live partner's answer leaves in the session log, appended in the same transaction as the
 * seat_message it explains (just before it). Not folded by the engine; never sent to a participant (main/access).
 */
export const PARTNER_REPLY = 'partner_reply';

export interface PartnerReplyRecord {
  seat: string;
  /** Why the partner answered: a direct message, one of its scripted replies matched, or the message named it. */
  why: 'direct' | 'reply_matched' | 'named';
  /** `live`: the endpoint's text was said; `fallback`: the pack's scripted reply was said instead. */
  status: 'live' | 'fallback';
  /** The endpoint's model id, and the `models:` entry it came from when named so. */
  model: string;
  model_entry: string | null;
  /** Why the scripted reply was said (endpoint error, timeout, empty reply, key not set). */
  fallback_reason: string | null;
  /** The scripted reply that stood ready (its id, or `default_reply`), said or not. */
  scripted: string;
  /** The endpoint's text, redacted; null when it gave none. */
  reply: string | null;
  latency_ms: number | null;
  attempts: number;
  tokens: { prompt: number | null; completion: number | null; total: number | null } | null;
  /**
   * Facts the said text names by the pack's keywords: `revealed` are the partner's own (marked revealed on the
   * message), `not_held` belong to other seats (recorded only: the partner could not have known them).
   */
  facts: { revealed: string[]; not_held: string[] };
}

export function isPartnerReplyRecord(value: unknown): value is PartnerReplyRecord {
  return typeof value === 'object' && value !== null && typeof (value as { seat?: unknown }).seat === 'string' && 'status' in value && 'facts' in value;
}
