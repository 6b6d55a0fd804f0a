import { describe, expect, it } from 'vitest';
import { compileMatch, keywordRegex } from './match.js';

describe('keywords', () => {
  it('match whole words and phrases, case-insensitively, across any whitespace', () => {
    expect(keywordRegex('ok').test('that is OK.')).toBe(true);
    expect(keywordRegex('ok').test('a token')).toBe(false);
    expect(keywordRegex('call log').test('the call\n log')).toBe(true);
  });

  it('read an apostrophe as typed by people: plain, typographic or left out', () => {
    const re = keywordRegex("didn't happen");
    expect(re.test("it didn't happen")).toBe(true);
    expect(re.test('it didn’t happen')).toBe(true);
    expect(re.test('one interview that didnt happen')).toBe(true);
    expect(keywordRegex("can't").test('we cant ship this')).toBe(true);
    expect(keywordRegex('didnt').test("it didn't")).toBe(false); // a keyword written without one stays as written
  });

  it("keep the apostrophe where the bare spelling is another word (we'll is not well)", () => {
    expect(keywordRegex("we'll").test('all is well')).toBe(false);
    expect(keywordRegex("we'll").test('we’ll do it')).toBe(true);
    expect(keywordRegex("i'll").test('she felt ill')).toBe(false);
    expect(keywordRegex("we'll fix it").test('well fix it tomorrow')).toBe(true); // a phrase is specific enough
  });

  it('compile with regexes, the first match named', () => {
    const m = compileMatch({ keywords: ["won't sign"], regex: ['\\bsign(ed)? off\\b'] });
    expect(m.find('i wont sign that')).toBe('keyword "won\'t sign"');
    expect(m.find('signed off')).toBe('regex /\\bsign(ed)? off\\b/');
    expect(m.find('nothing here')).toBeNull();
  });
});
