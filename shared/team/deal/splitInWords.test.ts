import { describe, expect, it } from 'vitest';
import { readSplitInWords } from './splitInWords.js';

const sides = { ours: ['Riverside', 'Riverside camp'], theirs: ['Hilltop', 'Hilltop camp', 'Hal'] };
const read = (text: string) => readSplitInWords(text, sides);
const whole = (text: string) => {
  const r = read(text);
  return r.complete ? r.ours : null;
};

describe('a split said in words', () => {
  it('reads whole splits however they are typed', () => {
    const best = { Food: 0, Water: 0, Firewood: 3 };
    expect(whole('Hilltop: 3 water, 3 food. Riverside: 3 firewood.')).toEqual(best);
    expect(whole('you take all the water and the food, we keep all the firewood')).toEqual(best);
    expect(whole('Riverside gets all 3 firewood; Hilltop gets 3 water and 3 food')).toEqual(best);
    expect(whole('hilltop 3 water 3 food / riverside 3 firewood')).toEqual(best);
    expect(whole('We keep the wood. You can have everything else.')).toEqual(best);
    expect(whole('if we give you all the water and food, we keep the firewood?')).toEqual(best);
    expect(whole('u take 3 water + 2 food, we take 3 wood + 1 food')).toEqual({ Food: 1, Water: 0, Firewood: 3 });
    expect(whole('Water: all 3 to Hilltop. Firewood: all 3 to Riverside. Food: 2 for us, 1 for you.')).toEqual({ Food: 2, Water: 0, Firewood: 3 });
    expect(whole('Deal idea - me: 3 firewood, 1 water. you: 2 water, 3 food')).toEqual({ Food: 0, Water: 1, Firewood: 3 });
    expect(whole('I’ll take two of the food and all the fire wood, you get the rest')).toEqual({ Food: 2, Water: 0, Firewood: 3 });
  });

  it('settles only the items it names', () => {
    expect(read('you take all the water and we take all the firewood')).toEqual({ ours: { Water: 0, Firewood: 3 }, complete: false });
    expect(read('Could we have 2 of the food?')).toEqual({ ours: { Food: 2 }, complete: false });
    expect(read('Hilltop all the water, Riverside all the firewood (the food either way)')).toEqual({ ours: { Water: 0, Firewood: 3 }, complete: false });
  });

  it('reads nothing from questions, refusals and talk about the items', () => {
    for (const text of [
      'why do you need the wood?',
      'I get it about your grandpa and the water.',
      "we can't give up the firewood, it's freezing where we are",
      'Water is important to stay alive.',
      'What matters most to Hilltop?',
      'we will not take the water',
      'No deal. You want all the firewood and we need it.',
    ]) {
      expect(read(text), text).toEqual({ ours: {}, complete: false });
    }
  });

  it('reads an order as said to the counterpart', () => {
    expect(read('Sure, take the water.').ours).toEqual({ Water: 0 });
    expect(read('its fine take the food, we have snacks').ours).toEqual({ Food: 0 });
    expect(read('Take all three, give us the three firewood, and keep the food too.').ours).toEqual({ Food: 0, Firewood: 3 });
    expect(read('let us have 2 firewood').ours).toEqual({ Firewood: 2 });
    // An order with no items, or one that is not an order, assigns nothing.
    expect(read('take your time and tell me what matters to you').ours).toEqual({});
    expect(read("don't take the firewood").ours).toEqual({});
  });

  it('reads "everything else" as the rest, and what "comes to" a side', () => {
    expect(whole('We keep the wood, and everything else comes to Hilltop.')).toEqual({ Food: 0, Water: 0, Firewood: 3 });
    expect(read('all the water comes to us').ours).toEqual({ Water: 3 });
  });

  it('leaves an item unsettled when both sides claim all of it', () => {
    expect(read('we take all the water and you take all the water').ours.Water).toBeUndefined();
  });

  it('knows a counterpart by the name the pack gives', () => {
    expect(read('Hal gets the water').ours).toEqual({ Water: 0 });
    expect(readSplitInWords('Lake camp: all water. Pine camp: all food and all firewood.', { ours: ['Pine camp', 'Pine'], theirs: ['Lake camp', 'Lake', 'Jo'] })).toEqual({
      ours: { Food: 3, Water: 0, Firewood: 3 },
      complete: true,
    });
  });
});
