import { describe, expect, it } from 'vitest';
import { labelSchema } from '../../shared/team/pack/schema.js';
import { scoreBayes, strongestFeatures, trainBayes } from './bayes.js';
import { leaveOneOut, leaveOneTaskOut } from './crossValidate.js';
import { textFeatures } from './textFeatures.js';

describe('label cross-validation on train halves', () => {
  it('marks the words a negation covers, up to the end of the clause', () => {
    expect(textFeatures("I won't sign it, ok")).toEqual(['i', '^ i', "won't", "i won't", 'not_sign', "won't sign", 'not_it', 'sign it', 'it $', 'ok', '^ ok', 'ok $']);
  });

  it('naive Bayes learns from examples and names the features that decided', () => {
    const ex = [
      { label: 'yes', features: textFeatures('sure, will do') },
      { label: 'yes', features: textFeatures('ok will do it now') },
      { label: 'no', features: textFeatures('not signing this') },
      { label: 'no', features: textFeatures('no, I refuse') },
    ];
    const model = trainBayes(['yes', 'no'], ex);
    const f = textFeatures('will do');
    expect(scoreBayes(model, f)[0]!.label).toBe('yes');
    expect(scoreBayes(model, textFeatures('I refuse'))[0]!.label).toBe('no');
    expect(strongestFeatures(model, f, 'yes', 'no')).toContain('will');
  });

  it('leave-one-out never sees the message it labels', () => {
    const labels = [
      labelSchema.parse({ id: 'a', definition: 'a', rules: [{ keywords: ['alpha'] }] }),
      labelSchema.parse({ id: 'other', definition: 'else', default: true }),
    ];
    // "zeta" only ever occurs in the one message labelled a without the keyword: left out, nothing can teach it.
    const train = [
      { text: 'alpha one', label: 'a' },
      { text: 'alpha two', label: 'a' },
      { text: 'zeta', label: 'a' },
      { text: 'beta one', label: 'other' },
      { text: 'beta two', label: 'other' },
      { text: 'beta three', label: 'other' },
    ];
    const cv = leaveOneOut({ id: 't', labels, train });
    expect(cv.rules).toBeCloseTo(5 / 6);
    expect(cv.n).toBe(6);
    expect(cv.bayes).toBeCloseTo(5 / 6);
    expect(cv.rulesThenBayes).toBeCloseTo(5 / 6);
    const kinds = leaveOneTaskOut([
      { id: 't1', labels, train: [{ text: 'I refuse', label: 'refuses' }, { text: 'ok fine', label: 'complies' }] },
      { id: 't2', labels, train: [{ text: 'refuse it', label: 'refuses' }, { text: 'fine ok', label: 'complies' }] },
    ]);
    expect(kinds).toEqual([{ task: 't1', kindAccuracy: 1 }, { task: 't2', kindAccuracy: 1 }]);
  });
});
