/**
 * Which items a labelling session uses and who sees which. Both steps are pure functions of the
 * items and a seed, and the seed is written into the result, so a session can be re-derived.
 * Every stratum and every rater gets its own sub-stream (deriveSeed), so adding a dimension or a
 * rater leaves the others' draws unchanged.
 */
import { deriveSeed, mulberry32, shuffled } from '../stats/prng.js';
import { dimensionOf, taskOf, type LabellingItem } from './items.js';

export interface DrawOptions {
  /** Items wanted per dimension (query category for verdict items). */
  perDimension: number;
  seed: number;
  /** Limit the draw to these dimensions; all present when omitted. */
  dimensions?: string[];
}

export interface Draw {
  seed: number;
  perDimension: number;
  /** Drawn ids grouped by dimension, dimensions sorted. */
  byDimension: Record<string, string[]>;
  itemIds: string[];
  /** Dimensions with fewer distinct tasks than asked for. */
  shortfalls: Array<{ dimension: string; wanted: number; got: number }>;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Stratified draw: per dimension, `perDimension` distinct tasks at random and one random item from
 * each, so no task dominates a dimension. Input order does not matter (everything is sorted first).
 */
export function drawStratified(items: ReadonlyArray<LabellingItem>, options: DrawOptions): Draw {
  const groups = new Map<string, Map<string, string[]>>();
  for (const item of items) {
    const dimension = dimensionOf(item);
    if (options.dimensions && !options.dimensions.includes(dimension)) continue;
    const tasks = groups.get(dimension) ?? new Map<string, string[]>();
    groups.set(dimension, tasks);
    const ids = tasks.get(taskOf(item)) ?? [];
    tasks.set(taskOf(item), ids);
    ids.push(item.id);
  }
  const byDimension: Record<string, string[]> = {};
  const shortfalls: Draw['shortfalls'] = [];
  const dimensions = [...new Set([...groups.keys(), ...(options.dimensions ?? [])])].sort(byText);
  for (const dimension of dimensions) {
    const tasks = groups.get(dimension) ?? new Map<string, string[]>();
    const rng = mulberry32(deriveSeed(options.seed, `dimension:${dimension}`));
    const chosenTasks = shuffled([...tasks.keys()].sort(byText), rng).slice(0, options.perDimension);
    byDimension[dimension] = chosenTasks.map((task) => {
      const ids = [...(tasks.get(task) ?? [])].sort(byText);
      return ids[rng.int(ids.length)] as string;
    });
    if (chosenTasks.length < options.perDimension) {
      shortfalls.push({ dimension, wanted: options.perDimension, got: chosenTasks.length });
    }
  }
  return {
    seed: options.seed,
    perDimension: options.perDimension,
    byDimension,
    itemIds: dimensions.flatMap((d) => byDimension[d] ?? []),
    shortfalls,
  };
}

export type AssignmentPlan =
  /** Each rater labels a share (sizes differ by at most one). */
  | { mode: 'split' }
  /** Every rater labels every item. */
  | { mode: 'crossed' }
  /** `shared` items go to every rater (for rater-vs-rater agreement), the rest are split. */
  | { mode: 'overlap'; shared: number };

export interface Assignment {
  seed: number;
  plan: AssignmentPlan;
  /** Items every rater sees. */
  sharedIds: string[];
  /** Each rater's items in that rater's own presentation order. */
  byRater: Record<string, string[]>;
}

/**
 * Items are first interleaved across dimensions (each dimension shuffled), so both the shared
 * items and each rater's share cover the dimensions evenly rather than by luck.
 */
export function assignRaters(
  items: ReadonlyArray<{ id: string; dimension: string }>,
  raters: ReadonlyArray<string>,
  plan: AssignmentPlan,
  seed: number,
): Assignment {
  if (raters.length === 0) throw new Error('assignment needs at least one rater');
  if (new Set(raters).size !== raters.length) throw new Error('rater names must be distinct');
  if (new Set(items.map((i) => i.id)).size !== items.length) throw new Error('item ids must be distinct');
  const groups = new Map<string, string[]>();
  for (const item of items) groups.set(item.dimension, [...(groups.get(item.dimension) ?? []), item.id]);
  const queues = [...groups.keys()]
    .sort(byText)
    .map((d) => shuffled([...(groups.get(d) ?? [])].sort(byText), mulberry32(deriveSeed(seed, `assign:${d}`))));
  const interleaved: string[] = [];
  for (let round = 0; interleaved.length < items.length; round++) {
    for (const queue of queues) if (round < queue.length) interleaved.push(queue[round] as string);
  }
  const sharedCount =
    plan.mode === 'crossed' ? interleaved.length : plan.mode === 'overlap' ? Math.min(Math.max(0, plan.shared), interleaved.length) : 0;
  const sharedIds = interleaved.slice(0, sharedCount);
  const dealOrder = shuffled([...raters], mulberry32(deriveSeed(seed, 'deal')));
  const shares = new Map<string, string[]>(raters.map((r) => [r, [...sharedIds]]));
  interleaved.slice(sharedCount).forEach((id, i) => shares.get(dealOrder[i % dealOrder.length] as string)?.push(id));
  const byRater: Record<string, string[]> = {};
  for (const rater of raters) {
    byRater[rater] = shuffled(shares.get(rater) ?? [], mulberry32(deriveSeed(seed, `order:${rater}`)));
  }
  return { seed, plan, sharedIds, byRater };
}
