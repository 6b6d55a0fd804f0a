import { describe, expect, it } from 'vitest';
import { affirmed, containsNegation, negationBefore } from './negation.js';

const at = (text: string, word: string) => text.indexOf(word);

describe('negation scope', () => {
  it('finds a negation a few words before an occurrence in the same clause', () => {
    const t = "Give me a bit, I haven't opened the audit trail yet.";
    expect(negationBefore(t, at(t, 'audit'))).toBe("haven't");
    expect(negationBefore('no green light on the nose gear', 9)).toBe('no');
    // Typographic apostrophes and missing ones are negations too.
    expect(negationBefore('I don\u2019t see the risk', 16)).toBe("don't");
    expect(negationBefore('i dont see the risk', 15)).toBe('dont');
  });

  it('stops at the end of the clause, at "but", and after five words', () => {
    const comma = 'no, the audit trail was off';
    expect(negationBefore(comma, at(comma, 'audit'))).toBeNull();
    const but = "I didn't want to, but the audit trail was off";
    expect(negationBefore(but, at(but, 'audit'))).toBeNull();
    const far = 'I do not think any of you were looking at the audit trail';
    expect(negationBefore(far, at(far, 'audit'))).toBeNull();
    const near = 'I do not think you saw the audit trail';
    expect(negationBefore(near, at(near, 'audit'))).toBe('not');
  });

  it('never passes over a pattern that spells the negation itself', () => {
    expect(containsNegation("won't sign")).toBe(true);
    expect(containsNegation('not complete')).toBe(true);
    expect(containsNegation('audit trail')).toBe(false);
    const t = "I'm not going to say it is not complete";
    expect(affirmed(t, at(t, 'not complete'), 'not complete')).toBe(true);
    expect(affirmed(t, at(t, 'say'), 'say')).toBe(false);
  });
});
