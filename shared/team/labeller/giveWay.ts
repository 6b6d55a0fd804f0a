/**
 * The benchmark's give-way rule for a panel of three raters: the referee's label when the second rater gives the
 * same one; otherwise the third rater's when it equals one of the two; otherwise the study's fallback. A rater
 * that did not answer or answered outside the label set counts as no label (`null`), never as a vote.
 */
export type PanelRule = 'referee+second' | 'third+referee' | 'third+second' | 'fallback';

export interface PanelVotes {
  referee: string | null;
  second: string | null;
  /** `undefined` when the third rater was not asked (the first two agreed). */
  third?: string | null;
}

export type PanelOutcome = { settled: true; label: string; rule: Exclude<PanelRule, 'fallback'> } | { settled: false; rule: 'fallback' };

/** Whether the third rater must be asked: only when the first two do not agree on a label. */
export function needsThird(votes: Pick<PanelVotes, 'referee' | 'second'>): boolean {
  return votes.referee === null || votes.referee !== votes.second;
}

export function giveWayRule(votes: PanelVotes): PanelOutcome {
  const { referee, second, third } = votes;
  if (referee !== null && referee === second) return { settled: true, label: referee, rule: 'referee+second' };
  if (third !== undefined && third !== null) {
    if (third === referee) return { settled: true, label: third, rule: 'third+referee' };
    if (third === second) return { settled: true, label: third, rule: 'third+second' };
  }
  return { settled: false, rule: 'fallback' };
}
