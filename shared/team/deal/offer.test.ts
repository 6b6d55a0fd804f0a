import { describe, expect, it } from 'vitest';
import { answerOffer, type PlayedDealForm } from './dealForm.js';
import { checkOffer, offerText } from './offer.js';

describe('an offer through the deal form', () => {
  it('is what the offering side gets when each item adds up', () => {
    expect(checkOffer({ youGet: { Food: 3, Water: 0, Firewood: 3 }, theyGet: { Food: 0, Water: 3, Firewood: 0 } })).toEqual({
      ok: true,
      value: { Food: 3, Water: 0, Firewood: 3 },
    });
  });

  it('is refused in plain words when the counts do not add up to the packages there are', () => {
    const r = checkOffer({ youGet: { Food: 2, Water: 1, Firewood: 3 }, theyGet: { Food: 2, Water: 1, Firewood: 0 } });
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'bad_request',
        message: 'This offer cannot be put on the table: Food: 2 + 2 = 4, but there are 3 packages of Food; Water: 1 + 1 = 2, but there are 3 packages of Water.',
      },
    });
  });

  it('is refused for counts that are not whole numbers from 0 up, a missing item or an unknown one', () => {
    const refused = (youGet: Record<string, unknown>, theyGet: Record<string, unknown>) => {
      const r = checkOffer({ youGet, theyGet });
      return r.ok ? 'accepted' : r.error.message;
    };
    expect(refused({ Food: 1.5, Water: 0, Firewood: 3 }, { Food: 1.5, Water: 3, Firewood: 0 })).toContain('say how many packages of Food each side gets, as whole numbers from 0 to 3');
    expect(refused({ Food: -1, Water: 0, Firewood: 3 }, { Food: 4, Water: 3, Firewood: 0 })).toContain('packages of Food');
    expect(refused({ Water: 0, Firewood: 3 }, { Food: 3, Water: 3, Firewood: 0 })).toContain('packages of Food');
    expect(refused({ Food: 3, Water: 0, Firewood: 3, Gold: 1 }, { Food: 0, Water: 3, Firewood: 0 })).toContain('"Gold" is not one of the items (Food, Water, Firewood)');
  });

  it('is said in the chat as CaSiNo records it, with the split in words', () => {
    expect(offerText({ Food: 3, Water: 0, Firewood: 3 })).toBe('Submit-Deal (I get 3 Food, 0 Water, 3 Firewood; you get 0 Food, 3 Water, 0 Firewood)');
  });
});

describe("the counterpart's answer", () => {
  // campsite-hungry-boys: Pine camp (the participant) Food > Firewood > Water; Lake camp Water > Food > Firewood.
  const form: PlayedDealForm = {
    counterpart: 'Jo',
    evaluatedValues: { High: 'Food', Medium: 'Firewood', Low: 'Water' },
    counterpartValues: { High: 'Water', Medium: 'Food', Low: 'Firewood' },
    acceptAtLeast: 15,
    bestJoint: 42,
    acceptText: 'Accept-Deal',
    rejectText: 'Reject-Deal',
  };

  it('accepts the best joint deal, even below its threshold', () => {
    expect(answerOffer(form, { Food: 3, Water: 0, Firewood: 3 })).toBe('accept');
    expect(answerOffer({ ...form, acceptAtLeast: 40 }, { Food: 3, Water: 0, Firewood: 3 })).toBe('accept');
  });

  it('accepts what gives it at least its threshold, and turns down the rest', () => {
    expect(answerOffer(form, { Food: 2, Water: 1, Firewood: 1 })).toBe('accept'); // Jo's own split: 20 points for Lake camp
    expect(answerOffer(form, { Food: 3, Water: 1, Firewood: 3 })).toBe('reject'); // 10 points for Lake camp
    expect(answerOffer({ ...form, acceptAtLeast: 0 }, { Food: 3, Water: 3, Firewood: 3 })).toBe('accept');
  });
});
