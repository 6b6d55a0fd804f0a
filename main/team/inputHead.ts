/** Characters of a long string kept in the record of a refused call: enough to see what was tried. */
export const REFUSED_INPUT_CHARS = 2_000;

/**
 * The input of a call that was refused, as its record keeps it: each string longer than `max` cut to its head with
 * its length. A refused 3 MB argument was kept whole in the log and in every transcript exported from it (issue 28);
 * nothing was done with it, so its head and size say all a reader needs.
 */
export function inputHead(input: Record<string, unknown>, max = REFUSED_INPUT_CHARS): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, headOf(v, max)]));
}

function headOf(value: unknown, max: number): unknown {
  if (typeof value === 'string') return value.length <= max ? value : `${value.slice(0, max)}… [cut: ${value.length} characters in all]`;
  if (Array.isArray(value)) return value.map((v) => headOf(v, max));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, headOf(v, max)]));
  return value;
}

/** A model's raw tool-call arguments as its step record keeps them: the head and the size when they are long. */
export function argumentsHead(raw: string, max = 20_000): { arguments: string; arguments_chars?: number } {
  return raw.length <= max ? { arguments: raw } : { arguments: raw.slice(0, max), arguments_chars: raw.length };
}
