/**
 * The strict reading of a rater's reply: exactly one label id of the task's set, nothing else but whitespace,
 * surrounding quotes or backticks and a final full stop. Anything looser ("probably complies") is not guessed at:
 * the caller asks once more and then records the reply as unparseable.
 */
export type LabelReply = { ok: true; label: string } | { ok: false; reason: string };

const WRAPPERS = /^[\s"'`*]+|[\s"'`*.]+$/g;

export function parseLabelReply(reply: string, labelIds: readonly string[]): LabelReply {
  const text = reply.replace(WRAPPERS, '');
  if (text === '') return { ok: false, reason: 'the reply is empty' };
  // Ids are matched exactly, then case-insensitively when that names exactly one id (`Complies` for `complies`).
  if (labelIds.includes(text)) return { ok: true, label: text };
  const folded = labelIds.filter((id) => id.toLowerCase() === text.toLowerCase());
  if (folded.length === 1) return { ok: true, label: folded[0]! };
  const mentioned = labelIds.filter((id) => new RegExp(`(^|[^A-Za-z0-9_-])${escape(id)}($|[^A-Za-z0-9_-])`, 'i').test(text));
  if (mentioned.length > 1) return { ok: false, reason: `the reply names more than one label (${mentioned.join(', ')})` };
  if (mentioned.length === 1) return { ok: false, reason: `the reply is not just the label: it says more than "${mentioned[0]}"` };
  return { ok: false, reason: `the reply is not one of the labels ${labelIds.join(', ')}` };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
