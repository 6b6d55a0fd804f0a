import { describe, expect, it } from 'vitest';
import { labelSplitSchema } from '../pack/labelSplitSchema.js';
import { labelSchema } from '../pack/schema.js';
import { labelByRules } from './rulesLabeller.js';
import { splitMatch } from './splitRule.js';

const names = { our_names: ['Riverside'], their_names: ['Hilltop', 'Hal'] };
const best = labelSplitSchema.parse({ keeps: { Water: 0, Firewood: 3 }, ...names });
const givesIn = labelSplitSchema.parse({ keeps: { Firewood: [0, 1] }, ...names });

describe('a label rule that reads the split a message states', () => {
  it('fires on the split however it is worded, and says what it read', () => {
    expect(splitMatch(best, 'u take the water, we keep the wood')).toBe('split keeping Water 0, Firewood 3');
    expect(splitMatch(best, 'Hilltop: 3 water. Riverside: 3 firewood, food 2 for u 1 for us')).toBe('split keeping Water 0, Firewood 3');
    expect(splitMatch(givesIn, 'fine, Hal can have the firewood and the water')).toBe('split keeping Firewood 0');
  });
  it('does not fire on a mention, a question about needs, a negated clause, or a split outside its ranges', () => {
    expect(splitMatch(best, 'why do you need the water so much?')).toBeNull();
    expect(splitMatch(best, "we can't give you the firewood")).toBeNull();
    expect(splitMatch(best, 'you take the water')).toBeNull(); // the firewood is not settled
    expect(splitMatch(best, 'you take 2 water, we keep the wood and 1 water')).toBeNull();
    expect(splitMatch(givesIn, 'we keep all the firewood')).toBeNull();
  });
  it('needs an item, and a range low to high', () => {
    expect(labelSplitSchema.safeParse({ keeps: {} }).success).toBe(false);
    expect(labelSplitSchema.safeParse({ keeps: { Water: [2, 1] } }).success).toBe(false);
    expect(labelSplitSchema.safeParse({ keeps: { Water: 4 } }).success).toBe(false);
    expect(labelSplitSchema.safeParse({ keeps: { Wood: 3 } }).success).toBe(false);
  });
  it('is tried in priority order with keyword rules, and a split rule alone is a rule', () => {
    const labels = [
      { id: 'proposes_best', definition: 'best split', rules: [{ id: 'best', priority: 30, split: { keeps: { Water: 0, Firewood: 3 }, ...names } }] },
      { id: 'gives_in', definition: 'gives in', rules: [{ id: 'agrees', priority: 20, keywords: ['ok'] }] },
      { id: 'other', definition: 'else', default: true },
    ].map((l) => labelSchema.parse(l));
    expect(labelByRules(labels, 'ok so you take all the water and we keep the firewood')).toMatchObject({ label: 'proposes_best', rule: 'best', raw: { matched: 'split keeping Water 0, Firewood 3' } });
    expect(labelByRules(labels, 'ok')).toMatchObject({ label: 'gives_in' });
    expect(labelByRules(labels, 'the water is frozen here')).toMatchObject({ label: 'other', rule: 'default' });
    expect(labelSchema.safeParse({ id: 'x', definition: 'x', rules: [{ id: 'r' }] }).success).toBe(false);
  });
});
