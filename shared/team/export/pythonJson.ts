/**
 * JSON as Python's `json.dump` writes it by default (`allow_nan=True`): the bare tokens `NaN`, `Infinity` and
 * `-Infinity` stand where a number may. Python reads such a file back, so a run file holding them is a file the
 * benchmark's own tooling accepts; JSON.parse refuses it whole. Plain JSON takes the fast path (JSON.parse alone).
 */
const MARK = '\u0000teamseat-nonfinite:';
const VALUES: Record<string, number> = { NaN: Number.NaN, Infinity: Number.POSITIVE_INFINITY, '-Infinity': Number.NEGATIVE_INFINITY };

/** Parses JSON, accepting Python's non-finite tokens outside strings; throws JSON.parse's error for anything else. */
export function parsePythonJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (!/NaN|Infinity/.test(text)) throw error;
    const marked = markNonFinite(text);
    if (marked === null) throw error;
    return JSON.parse(marked, (_key, value: unknown) =>
      typeof value === 'string' && value.startsWith(MARK) ? VALUES[value.slice(MARK.length)] : value,
    );
  }
}

/** The text with each bare non-finite token replaced by a marked string, or null when there was none. */
function markNonFinite(text: string): string | null {
  let out = '';
  let from = 0;
  let found = false;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      continue;
    }
    const token = text.startsWith('-Infinity', i) ? '-Infinity' : text.startsWith('Infinity', i) ? 'Infinity' : text.startsWith('NaN', i) ? 'NaN' : null;
    if (token === null) continue;
    out += text.slice(from, i) + JSON.stringify(MARK + token);
    i += token.length - 1;
    from = i + 1;
    found = true;
  }
  return found ? out + text.slice(from) : null;
}
