import { z } from 'zod';

// A judge reply that does not follow the format is an error to look at, never a silent NO: a NO would count
// against the person for the judge's mistake.
export type ReplyParse<T> = { ok: true; value: T } | { ok: false; reason: string };

const bad = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

function excerpt(reply: string): string {
  const flat = reply.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
}

/** Exactly one word, YES or NO; case, surrounding markdown emphasis and a final full stop are tolerated. */
export function parseYesNo(reply: string): ReplyParse<boolean> {
  const word = reply
    .trim()
    .replace(/^(\*\*|\*|`)(.*)\1$/s, '$2')
    .trim()
    .replace(/\.$/, '')
    .toUpperCase();
  if (word === 'YES') return { ok: true, value: true };
  if (word === 'NO') return { ok: true, value: false };
  return bad(`expected exactly YES or NO, got "${excerpt(reply)}"`);
}

/** The reply's JSON object: the whole reply, or the whole reply inside one ```json fence. */
function jsonObject(reply: string): ReplyParse<unknown> {
  const trimmed = reply.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n\s*```$/.exec(trimmed);
  const body = fenced?.[1] ?? trimmed;
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch {
    return bad(`expected a JSON object, got "${excerpt(reply)}"`);
  }
}

function zodReason(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return 'unexpected shape';
  const where = first.path.length > 0 ? `${first.path.join('.')}: ` : '';
  return `${where}${first.message}`;
}

const abstentionReply = z.strictObject({ abstains: z.boolean(), names_reason: z.boolean() });
export interface AbstentionJudgement {
  abstains: boolean;
  namesReason: boolean;
}

export function parseAbstention(reply: string): ReplyParse<AbstentionJudgement> {
  const json = jsonObject(reply);
  if (!json.ok) return json;
  const parsed = abstentionReply.safeParse(json.value);
  if (!parsed.success) return bad(`abstention verdict malformed (${zodReason(parsed.error)})`);
  return { ok: true, value: { abstains: parsed.data.abstains, namesReason: parsed.data.names_reason } };
}

const checklistReply = z.strictObject({
  items: z.array(z.looseObject({ item: z.number().int(), met: z.boolean() })),
});

/** One verdict per item, numbered 1..n in any order, each exactly once. */
export function parseChecklist(reply: string, itemCount: number): ReplyParse<boolean[]> {
  const json = jsonObject(reply);
  if (!json.ok) return json;
  const parsed = checklistReply.safeParse(json.value);
  if (!parsed.success) return bad(`checklist verdict malformed (${zodReason(parsed.error)})`);
  const met: (boolean | undefined)[] = Array.from({ length: itemCount }, () => undefined);
  for (const entry of parsed.data.items) {
    if (entry.item < 1 || entry.item > itemCount) {
      return bad(`checklist verdict names item ${entry.item}; the checklist has items 1 to ${itemCount}`);
    }
    if (met[entry.item - 1] !== undefined) return bad(`checklist verdict names item ${entry.item} twice`);
    met[entry.item - 1] = entry.met;
  }
  const missing = met.flatMap((m, i) => (m === undefined ? [i + 1] : []));
  if (missing.length > 0) return bad(`checklist verdict leaves out item ${missing.join(', ')}`);
  return { ok: true, value: met as boolean[] };
}
