/**
 * Adjudication: a third person resolves the raters' disagreements item by item into a consensus label.
 * The adjudicator sees the item as the raters saw it and the labels the raters chose, never who chose which,
 * never the judges. An item the raters agree on needs no adjudication: its consensus is their label.
 */
import { z } from 'zod';
import { labelSetOf, type LabellingItem } from '../items.js';

export const ADJUDICATION_TASK = 'adjudication';

export const adjudicationStartedSchema = z.object({ studyKey: z.string(), adjudicator: z.string() });

export const adjudicationGivenSchema = z.object({
  itemId: z.string(),
  label: z.string(),
  /** The raters' distinct labels the adjudicator was shown, sorted: a later change by a rater re-opens the item. */
  shown: z.array(z.string()),
  ms: z.number().nonnegative(),
  note: z.string().optional(),
});
export type AdjudicationGiven = z.infer<typeof adjudicationGivenSchema>;

export interface AdjudicationState {
  adjudicator: string | null;
  /** The latest decision per item; a later one replaces an earlier one (the adjudicator changed their mind). */
  given: Map<string, AdjudicationGiven & { at: string }>;
}

export function foldAdjudication(events: ReadonlyArray<{ kind: string; payload: unknown; wallTime?: string }>): AdjudicationState {
  const state: AdjudicationState = { adjudicator: null, given: new Map() };
  for (const e of events) {
    if (e.kind === 'adjudication_started') {
      const parsed = adjudicationStartedSchema.safeParse(e.payload);
      if (parsed.success) state.adjudicator = parsed.data.adjudicator;
    } else if (e.kind === 'adjudication_given') {
      const parsed = adjudicationGivenSchema.safeParse(e.payload);
      if (parsed.success) state.given.set(parsed.data.itemId, { ...parsed.data, at: e.wallTime ?? '' });
    }
  }
  return state;
}

export type ConsensusSource = 'agreed' | 'adjudicated' | 'pending';

export interface ConsensusEntry {
  itemId: string;
  /** Null while a disagreement waits for the adjudicator. */
  label: string | null;
  source: ConsensusSource;
  /** The raters' labels, by rater (the researcher's view only). */
  raters: Record<string, string>;
  /** The distinct labels the raters gave, sorted (what the adjudicator is shown). */
  shown: string[];
  /** An earlier decision no longer applies: a rater changed their label since. */
  stale: boolean;
  note?: string;
}

/** `used`: itemId → rater → usable label. Items with fewer than two raters have no consensus and are left out. */
export function consensusOf(
  items: ReadonlyArray<LabellingItem>,
  used: ReadonlyMap<string, ReadonlyMap<string, string>>,
  adjudication: AdjudicationState,
): ConsensusEntry[] {
  const out: ConsensusEntry[] = [];
  for (const item of items) {
    const byRater = used.get(item.id);
    if (!byRater || byRater.size < 2) continue;
    const raters = Object.fromEntries([...byRater].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    const shown = [...new Set(byRater.values())].sort();
    if (shown.length === 1) {
      out.push({ itemId: item.id, label: shown[0] as string, source: 'agreed', raters, shown, stale: false });
      continue;
    }
    const given = adjudication.given.get(item.id);
    const current = given && sameList(given.shown, shown) && labelSetOf(item).includes(given.label);
    out.push({
      itemId: item.id,
      label: current ? given.label : null,
      source: current ? 'adjudicated' : 'pending',
      raters,
      shown,
      stale: Boolean(given) && !current,
      ...(current && given.note ? { note: given.note } : {}),
    });
  }
  return out;
}

const sameList = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => a.length === b.length && a.every((x, i) => x === b[i]);
