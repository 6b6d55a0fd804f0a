/**
 * Redaction by structure, for anything from or about an endpoint that is stored (a reply, an error, a header, a log
 * line): values under names that hold credentials are replaced whole, and inside every string the known keys,
 * bearer tokens and provider-style key shapes are replaced. A provider echoing the key in a 200 reply, an error
 * body or a header therefore never reaches the event log, a transcript or an export.
 */
export const REDACTED = '[redacted]';

const CREDENTIAL_NAMES = /^(authorization|proxy-authorization|x-api-key|api[-_]?key|apikey|x-goog-api-key|access[-_]?token|refresh[-_]?token|secret|client[-_]?secret|password|bearer|token)$/i;

// Key shapes of the providers a panel is likely to point at (OpenAI, Anthropic, Google, Hugging Face, Groq, xAI).
const KEY_SHAPES = /\b(?:sk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}|AIza[0-9A-Za-z_-]{30,}|hf_[A-Za-z0-9]{20,}|gsk_[A-Za-z0-9]{20,}|xai-[A-Za-z0-9]{20,})/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/gi;

/** A string with the known secrets (any length ≥ 4) and anything shaped like a key or bearer token replaced. */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  return out.replace(BEARER, (_m, scheme: string) => `${scheme} ${REDACTED}`).replace(KEY_SHAPES, REDACTED);
}

/** A deep copy of `value` with credential fields blanked and every string redacted; other values unchanged. */
export function redactSecrets<T>(value: T, secrets: readonly string[] = []): T {
  return walk(value, secrets, 0) as T;
}

function walk(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => walk(v, secrets, depth + 1));
  if (value instanceof Headers) return walk(Object.fromEntries(value.entries()), secrets, depth + 1);
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(value)) out[name] = CREDENTIAL_NAMES.test(name) && v !== null && v !== undefined && v !== '' ? REDACTED : walk(v, secrets, depth + 1);
  return out;
}
