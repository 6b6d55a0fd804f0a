/**
 * Strict reading of a judge's reply: exactly one label of the item's set, nothing else. Wrapping quotes,
 * backticks, bold markers, a trailing full stop and letter case are forgiven; any other word is not, so a
 * reply that names two labels or explains itself is unparseable rather than guessed at.
 */
export function parseLabelReply(reply: string, labels: ReadonlyArray<string>): string | null {
  let text = reply.trim();
  for (;;) {
    const before = text;
    text = text.replace(/^(\*\*|`+|"|'|“|‘)/, '').replace(/(\*\*|`+|"|'|”|’)$/, '').replace(/[.!]$/, '').trim();
    if (text === before) break;
  }
  const found = labels.filter((l) => l.toLowerCase() === text.toLowerCase());
  return found.length === 1 ? (found[0] as string) : null;
}
