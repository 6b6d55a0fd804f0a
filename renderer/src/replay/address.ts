/**
 * The replay's address names a round by its number, as the round counter and the jump box do (`round=6` is round 6,
 * wherever it falls in the run), and it decides what is shown: the page keeps no position of its own, so a prepared
 * link opens where it says and changing only `round=` moves the view.
 */

/** The position in `timeline` (sorted round numbers) that `round=` names: that round, else the next one there is, else the last. */
export function positionOf(round: string | undefined, timeline: readonly number[]): number {
  if (timeline.length === 0) return 0;
  const n = round === undefined ? NaN : Number(round);
  if (!Number.isInteger(n)) return 0;
  const exact = timeline.indexOf(n);
  if (exact >= 0) return exact;
  const next = timeline.findIndex((r) => r > n);
  return next >= 0 ? next : timeline.length - 1;
}

/** What the jump box makes of a typed text: the position of that round, or why it cannot go there. */
export function parseJump(text: string, timeline: readonly number[]): { index: number } | { error: string } {
  const m = /^\s*(?:round\s*)?(\d{1,7})\s*$/i.exec(text);
  if (!m) return { error: `"${text.trim()}" is not a round number.` };
  const n = Number(m[1]);
  const index = timeline.indexOf(n);
  if (index >= 0) return { index };
  if (timeline.length === 0) return { error: 'This run has no rounds.' };
  return { error: `There is no round ${n}; rounds run from ${timeline[0]} to ${timeline.at(-1)}.` };
}
