import { RE2JS, RE2JSException } from 're2js';
import { fail, ok, type Result } from '../../shared/result.js';

/** Tests one line of text. */
export type LineMatcher = (line: string) => boolean;

/**
 * Builds the line test for a participant's grep pattern. Regular expressions run on RE2 (re2js), whose
 * matching time is linear in the line: JavaScript's backtracking engine took 9.5 s on `^(a+)+$` against
 * a 28-character line, on the host's one thread, freezing every session. RE2 has no backreferences or
 * lookaround, so such patterns get a clear error instead. Literal text needs no regex engine at all.
 */
export function lineMatcher(
  pattern: string,
  { regex = false, ignoreCase = false } = {},
): Result<LineMatcher> {
  if (!regex) {
    if (!ignoreCase) return ok((line) => line.includes(pattern));
    const needle = pattern.toLowerCase();
    return ok((line) => line.toLowerCase().includes(needle));
  }
  try {
    const re = RE2JS.compile(RE2JS.translateRegExp(pattern), ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
    return ok((line) => re.test(line));
  } catch (error) {
    const why = error instanceof RE2JSException ? error.message : String(error);
    return fail(
      'bad_request',
      `"${pattern}" is not a valid regular expression: ${why}. ` +
        'Patterns use RE2 syntax (no backreferences like \\1, no lookahead or lookbehind).',
    );
  }
}
