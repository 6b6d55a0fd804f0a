import { describe, expect, it } from 'vitest';
import { latin1 } from './exportChart';

// The PDF's standard Helvetica shows Latin-1 only; a character outside it made jsPDF write the line as UTF-16 glyphs
// the font does not have. The figures' typographic characters are spelled in Latin-1, anything else is marked '?'.
describe('latin1', () => {
  it('spells the figures\u2019 typographic characters in Latin-1 and keeps Latin-1 as is', () => {
    expect(latin1('\u221240% \u2192 +12 pts \u2264 5 \u2014 n\u00d73, caf\u00e9')).toBe('-40% -> +12 pts <= 5 - n\u00d73, caf\u00e9');
    expect(latin1('\u201cquoted\u201d \u2018too\u2019\u2026')).toBe('"quoted" \'too\'...');
  });
  it('marks a character it has no spelling for, so no text line ever leaves Latin-1', () => {
    const out = latin1('people \u{1F600} \u4eba');
    expect(out).toBe('people ? ?');
    expect([...out].every((c) => c.charCodeAt(0) < 256)).toBe(true);
  });
});
