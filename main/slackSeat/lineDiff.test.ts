import { describe, expect, it } from 'vitest';
import { lineDiff, MAX_DIFF_LINES } from './lineDiff.js';

const render = (before: string, after: string) => lineDiff(before, after).lines.map((l) => `${l.op}${l.text}`);

describe('lineDiff', () => {
  it('keeps common lines and marks removed and added ones in order', () => {
    expect(render('a\nb\nc\nd\n', 'a\nB\nc\nd\ne\n')).toEqual([' a', '-b', '+B', ' c', ' d', '+e']);
  });
  it('treats an added and a deleted file as all added / all removed', () => {
    expect(render('', 'x\ny')).toEqual(['+x', '+y']);
    expect(render('x\ny\n', '')).toEqual(['-x', '-y']);
  });
  it('reproduces both sides', () => {
    const before = 'one\ntwo\nthree\nfour\nfive';
    const after = 'zero\none\nthree\nfour!\nfive\nsix';
    const lines = lineDiff(before, after).lines;
    expect(lines.filter((l) => l.op !== '+').map((l) => l.text).join('\n')).toBe(before);
    expect(lines.filter((l) => l.op !== '-').map((l) => l.text).join('\n')).toBe(after);
  });
  it('cuts very long files and says so', () => {
    const big = Array.from({ length: MAX_DIFF_LINES + 10 }, (_, i) => `line ${i}`).join('\n');
    expect(lineDiff(big, `${big}\nmore`).truncated).toBe(true);
    expect(lineDiff('a', 'b').truncated).toBe(false);
  });
});
