import { describe, expect, it } from 'vitest';
import { assignRaters, drawStratified } from './sampling.js';
import type { LabellingItem } from './items.js';

const DIMENSIONS = ['whistleblowing', 'handling_conflict', 'taking_over'];

/** 3 dimensions × 10 tasks × 3 messages each. */
function pool(): LabellingItem[] {
  const items: LabellingItem[] = [];
  for (const dimension of DIMENSIONS) {
    for (let t = 0; t < 10; t++) {
      for (let m = 0; m < 3; m++) {
        items.push({
          kind: 'message',
          id: `${dimension}-t${t}-m${m}`,
          dimension,
          task: `${dimension}-t${t}`,
          context: [{ seat: 'Lee', text: 'hello' }],
          message: { seat: 'You', text: `message ${m}` },
          labels: [
            { label: 'complies', definition: 'goes along' },
            { label: 'challenges', definition: 'pushes back' },
          ],
        });
      }
    }
  }
  return items;
}

const taskOfId = (id: string) => id.replace(/-m\d+$/, '');

describe('drawStratified', () => {
  it('draws N per dimension with at most one item per task, and records the seed', () => {
    const draw = drawStratified(pool(), { perDimension: 7, seed: 2024 });
    expect(draw.seed).toBe(2024);
    expect(Object.keys(draw.byDimension)).toEqual([...DIMENSIONS].sort());
    for (const dimension of DIMENSIONS) {
      const ids = draw.byDimension[dimension] ?? [];
      expect(ids).toHaveLength(7);
      expect(ids.every((id) => id.startsWith(dimension))).toBe(true);
      expect(new Set(ids.map(taskOfId)).size).toBe(7);
    }
    expect(draw.itemIds).toHaveLength(21);
    expect(draw.shortfalls).toEqual([]);
  });

  it('is the same for the same seed whatever the input order, and differs for another seed', () => {
    const items = pool();
    const a = drawStratified(items, { perDimension: 5, seed: 1 });
    expect(drawStratified([...items].reverse(), { perDimension: 5, seed: 1 })).toEqual(a);
    expect(drawStratified(items, { perDimension: 5, seed: 2 }).itemIds).not.toEqual(a.itemIds);
  });

  it('leaves other dimensions unchanged when one is added or removed', () => {
    const items = pool();
    const all = drawStratified(items, { perDimension: 4, seed: 9 });
    const two = drawStratified(items.filter((i) => i.kind === 'message' && i.dimension !== 'taking_over'), { perDimension: 4, seed: 9 });
    expect(two.byDimension.whistleblowing).toEqual(all.byDimension.whistleblowing);
    expect(two.byDimension.handling_conflict).toEqual(all.byDimension.handling_conflict);
  });

  it('reports a shortfall when a dimension has fewer tasks than asked, including an absent one', () => {
    const draw = drawStratified(pool(), { perDimension: 12, seed: 3, dimensions: ['whistleblowing', 'emotional_intelligence'] });
    expect(draw.byDimension.whistleblowing).toHaveLength(10);
    expect(draw.byDimension.emotional_intelligence).toEqual([]);
    expect(draw.shortfalls).toEqual([
      { dimension: 'emotional_intelligence', wanted: 12, got: 0 },
      { dimension: 'whistleblowing', wanted: 12, got: 10 },
    ]);
  });

  it('uses different messages of a task across seeds (the item within a task is random too)', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      for (const id of drawStratified(pool(), { perDimension: 10, seed }).byDimension.whistleblowing ?? []) seen.add(id.slice(-2));
    }
    expect(seen).toEqual(new Set(['m0', 'm1', 'm2']));
  });
});

const sample = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `i${String(i).padStart(2, '0')}`, dimension: DIMENSIONS[i % 3] as string }));

describe('assignRaters', () => {
  it('split: every item once, shares differ by at most one and cover every dimension', () => {
    const items = sample(40);
    const a = assignRaters(items, ['ana', 'ben'], { mode: 'split' }, 5);
    const all = [...(a.byRater.ana ?? []), ...(a.byRater.ben ?? [])];
    expect(all.sort()).toEqual(items.map((i) => i.id).sort());
    expect(a.byRater.ana).toHaveLength(20);
    expect(a.byRater.ben).toHaveLength(20);
    expect(a.sharedIds).toEqual([]);
    const dimensionOf = new Map(items.map((i) => [i.id, i.dimension]));
    for (const rater of ['ana', 'ben']) {
      const counts = DIMENSIONS.map((d) => (a.byRater[rater] ?? []).filter((id) => dimensionOf.get(id) === d).length);
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    }
  });

  it('split with three raters and 10 items gives shares of 4, 3, 3', () => {
    const a = assignRaters(sample(10), ['a', 'b', 'c'], { mode: 'split' }, 1);
    expect(Object.values(a.byRater).map((ids) => ids.length).sort()).toEqual([3, 3, 4]);
  });

  it('crossed: everyone gets all items, each in their own order', () => {
    const items = sample(30);
    const a = assignRaters(items, ['ana', 'ben'], { mode: 'crossed' }, 5);
    expect([...(a.byRater.ana ?? [])].sort()).toEqual(items.map((i) => i.id).sort());
    expect([...(a.byRater.ben ?? [])].sort()).toEqual(items.map((i) => i.id).sort());
    expect(a.byRater.ana).not.toEqual(a.byRater.ben);
    expect(a.sharedIds).toHaveLength(30);
  });

  it('overlap: the shared items go to all, the rest is split without repeats', () => {
    const items = sample(40);
    const a = assignRaters(items, ['ana', 'ben'], { mode: 'overlap', shared: 10 }, 8);
    expect(a.sharedIds).toHaveLength(10);
    for (const rater of ['ana', 'ben']) expect(a.byRater[rater]).toEqual(expect.arrayContaining(a.sharedIds));
    const shared = new Set(a.sharedIds);
    const restAna = (a.byRater.ana ?? []).filter((id) => !shared.has(id));
    const restBen = (a.byRater.ben ?? []).filter((id) => !shared.has(id));
    expect(restAna).toHaveLength(15);
    expect(restBen).toHaveLength(15);
    expect(restAna.filter((id) => restBen.includes(id))).toEqual([]);
    // The shared items are spread over the dimensions, not taken from one.
    const dims = new Set(a.sharedIds.map((id) => items.find((i) => i.id === id)?.dimension));
    expect(dims.size).toBe(3);
  });

  it('is deterministic for a seed, and adding a rater leaves existing raters\' order rule intact', () => {
    const items = sample(12);
    const a = assignRaters(items, ['ana', 'ben'], { mode: 'crossed' }, 77);
    expect(assignRaters(items, ['ana', 'ben'], { mode: 'crossed' }, 77)).toEqual(a);
    expect(assignRaters(items, ['ana', 'ben', 'cy'], { mode: 'crossed' }, 77).byRater.ana).toEqual(a.byRater.ana);
    expect(assignRaters(items, ['ana', 'ben'], { mode: 'crossed' }, 78).byRater.ana).not.toEqual(a.byRater.ana);
  });

  it('refuses no raters, duplicate raters and duplicate item ids', () => {
    expect(() => assignRaters(sample(3), [], { mode: 'split' }, 1)).toThrow(/at least one rater/);
    expect(() => assignRaters(sample(3), ['a', 'a'], { mode: 'split' }, 1)).toThrow(/distinct/);
    expect(() => assignRaters([...sample(3), { id: 'i00', dimension: 'x' }], ['a'], { mode: 'split' }, 1)).toThrow(/distinct/);
  });
});
