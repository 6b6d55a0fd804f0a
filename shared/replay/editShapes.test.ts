import { describe, expect, it } from 'vitest';
import { readEdit, type EditResult } from './editShapes.js';

const apply = (input: Record<string, unknown>, before: string | null): EditResult | string => {
  const e = readEdit(input);
  return 'apply' in e ? e.apply(before) : e.unreadable;
};

describe('edit shapes', () => {
  const before = 'def f():\n    return 3\n';
  it('takes the whole new text under its usual names', () => {
    for (const key of ['content', 'file_text', 'text', 'new_content']) expect(apply({ path: 'a.py', [key]: 'x\n' }, null)).toEqual({ content: 'x\n' });
    expect(apply({ command: 'create', path: 'a.py', file_text: 'y' }, null)).toEqual({ content: 'y' });
    expect(readEdit({ file_path: 'b.py', content: '' })).toMatchObject({ path: 'b.py' });
  });

  it('applies a replacement (old_str/new_str, old_string/new_string, replace_all)', () => {
    expect(apply({ path: 'a.py', old_str: 'return 3', new_str: 'return 2' }, before)).toEqual({ content: 'def f():\n    return 2\n' });
    expect(apply({ command: 'str_replace', path: 'a.py', old_str: 'return 3', new_str: 'return 2' }, before)).toEqual({ content: 'def f():\n    return 2\n' });
    expect(apply({ file_path: 'a.py', old_string: '3', new_string: '4' }, before)).toEqual({ content: 'def f():\n    return 4\n' });
    expect(apply({ path: 'a.py', old_str: 'r', new_str: 'R', replace_all: true }, 'rr')).toEqual({ content: 'RR' });
  });

  it('applies a list of replacements and an insertion after a line', () => {
    expect(apply({ file_path: 'a.py', edits: [{ old_string: 'def f', new_string: 'def g' }, { old_string: '3', new_string: '5' }] }, before)).toEqual({ content: 'def g():\n    return 5\n' });
    expect(apply({ command: 'insert', path: 'a.py', insert_line: 1, new_str: '    x = 1' }, before)).toEqual({ content: 'def f():\n    x = 1\n    return 3\n' });
  });

  it('is uncertain, never silently wrong, when the edit cannot be applied', () => {
    expect(apply({ path: 'a.py', old_str: 'return 9', new_str: 'x' }, before)).toMatchObject({ uncertain: expect.stringContaining('does not hold') });
    expect(apply({ path: 'a.py', old_str: 'r', new_str: 'x' }, 'rr')).toMatchObject({ uncertain: expect.stringContaining('more than once') });
    expect(apply({ path: 'a.py', old_str: 'return 3', new_str: 'x' }, null)).toMatchObject({ uncertain: expect.stringContaining('not known') });
    expect(apply({ path: 'a.py', patch: '--- a\n+++ b' }, before)).toMatch(/shape the viewer cannot apply \(fields patch\)/);
    expect(readEdit({ old_str: 'a', new_str: 'b' })).toEqual({ path: null, unreadable: expect.stringContaining('names no file') });
  });
});
