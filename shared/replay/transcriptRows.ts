import { isRecord } from './parsedRun.js';

/**
 * A benchmark transcript as the replay reads it: its small top-level fields parsed, and its two long lists
 * (`messages`, `tool_calls`) as rows known by their round and sender (or tool name) and whether they have the
 * format's shape, each parsed only when its round is shown. The host builds this from a file without parsing it whole
 * (main/replay/jsonIndex.ts); a run already in memory (a session's transcript) uses `rowsOf`.
 */
export interface RowMeta {
  round: number | null;
  /** The message's seat, or the tool call's name (null when not a non-empty string). */
  who: string | null;
  /** The row has the format's shape (the same checks as isMessage / isToolCall). */
  ok: boolean;
}

export interface TranscriptRows {
  /** Every top-level field except `messages` and `tool_calls`. */
  top: Record<string, unknown>;
  /** The field names in the file's order (for "kept but not shown"). */
  keys: string[];
  messages: RowMeta[] | null;
  tools: RowMeta[] | null;
  message(i: number): unknown;
  tool(i: number): unknown;
}

const isRound = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const optionalString = (v: unknown) => v === undefined || typeof v === 'string';
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v !== '';

export function isMessageRow(m: unknown): boolean {
  return isRecord(m) && isRound(m.round) && nonEmpty(m.seat) && typeof m.text === 'string' && optionalString(m.kind) && optionalString(m.to);
}
export function isToolRow(c: unknown): boolean {
  return isRecord(c) && isRound(c.round) && nonEmpty(c.name) && (c.input === undefined || isRecord(c.input)) && optionalString(c.result_head);
}

const metaOf = (x: unknown, ok: boolean, whoKey: string): RowMeta => {
  const r = isRecord(x) ? x : {};
  return { round: isRound(r.round) ? r.round : null, who: nonEmpty(r[whoKey]) ? r[whoKey] : null, ok };
};

export function rowsOf(data: Record<string, unknown>): TranscriptRows {
  const messages = Array.isArray(data.messages) ? (data.messages as unknown[]) : null;
  const tools = Array.isArray(data.tool_calls) ? (data.tool_calls as unknown[]) : null;
  const top: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) if (k !== 'messages' && k !== 'tool_calls') top[k] = v;
  return {
    top,
    keys: Object.keys(data),
    messages: messages?.map((m) => metaOf(m, isMessageRow(m), 'seat')) ?? null,
    tools: tools?.map((c) => metaOf(c, isToolRow(c), 'name')) ?? null,
    message: (i) => messages?.[i],
    tool: (i) => tools?.[i],
  };
}
