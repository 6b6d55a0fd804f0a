import { describe, expect, it } from 'vitest';
import { notJson } from './jsonPlace.js';

describe('where a text stops being JSON', () => {
  it('names the line, the column and what was expected', () => {
    expect(notJson('{"a": [1, 2]}')).toBeNull();
    expect(notJson('not json')).toBe('line 1, column 1: expected a value');
    expect(notJson('{"a": 1,\n  "b" 2}')).toBe('line 2, column 7: expected ":" after the property name');
    expect(notJson('{"a": 1')).toBe('line 1, column 8: expected "," or "}"');
    expect(notJson('[1, 2] x')).toBe('line 1, column 8: expected the end of the text after one value');
    expect(notJson('{"a": "b\nc"}')).toBe('line 1, column 9: expected no control character inside a string');
    expect(notJson('')).toBe('line 1, column 1: expected a value, not the end of the text');
    expect(notJson('['.repeat(1_000_000))).toMatch(/^line 1, column \d+: expected /);
  });
});
