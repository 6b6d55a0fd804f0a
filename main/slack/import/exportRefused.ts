/**
 * Thrown when an export cannot become a workspace at all (empty, not a Slack export, a metadata file that cannot be
 * read, no message readable): the import ends failed with this message, which names the file and the place in it.
 */
export class ExportRefused extends Error {
  override readonly name = 'ExportRefused';
}

/** Says where JSON.parse stopped as line and column (the engine's message gives a character position only). */
export function jsonErrorPlace(text: string, error: Error): string {
  const at = /position (\d+)/.exec(error.message);
  if (!at) return error.message;
  const position = Number(at[1]);
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return `${error.message.replace(/\s*\(line \d+ column \d+\)/, '')} (line ${line}, column ${column})`;
}

/** The first few names of a list, for a message ("a, b, c and 4 more"). */
export function someNames(names: readonly string[], shown = 5): string {
  if (names.length <= shown) return names.join(', ');
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}
