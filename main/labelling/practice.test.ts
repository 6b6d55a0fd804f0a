import { describe, expect, it } from 'vitest';
import { parsePracticeJsonl } from './practice.js';

const verdict = {
  kind: 'verdict',
  id: 'pv',
  category: 'SU',
  query: 'Summarise #lunch.',
  reference: 'Pizza at 12:30; Sam paid.',
  answer: 'Pizza at 12:30.',
  checklist: [
    { id: 'c1', text: 'Pizza at 12:30.' },
    { id: 'c2', text: 'Sam paid.' },
  ],
  expected: 'NO',
  expectedChecklist: { c1: 'YES', c2: 'NO' },
};
const lines = (...objects: unknown[]) => objects.map((o) => JSON.stringify(o)).join('\n');

describe('practice items', () => {
  it('reads verdict practice items with their expected verdict and checklist', () => {
    const parsed = parsePracticeJsonl(
      'practice.jsonl',
      lines(verdict, { ...verdict, id: 'pv2', checklist: undefined, expectedChecklist: undefined }),
    );
    expect(parsed.ok && parsed.items.map((i) => i.id)).toEqual(['pv', 'pv2']);
  });

  it('names the line and field of a verdict practice item that cannot give feedback', () => {
    const parsed = parsePracticeJsonl(
      'practice.jsonl',
      lines(
        { ...verdict, expected: 'MAYBE' },
        { ...verdict, id: 'b', expectedChecklist: { c1: 'YES' } },
        { ...verdict, id: 'c', expectedChecklist: { c1: 'YES', c2: 'NO', c7: 'NO' } },
        { ...verdict, id: 'd', answer: undefined },
      ),
    );
    expect(parsed.ok).toBe(false);
    const problems = parsed.ok ? [] : parsed.problems.map((p) => `${p.path}: ${p.message}`);
    expect(problems[0]).toMatch(/^line 1: expected: /);
    expect(problems[1]).toBe(
      'line 2: expectedChecklist: the expected YES/NO of every checklist entry is needed for feedback; missing "c2"',
    );
    expect(problems[2]).toBe('line 3: expectedChecklist.c7: no checklist entry with id "c7"');
    expect(problems[3]).toMatch(/^line 4: answer: /);
  });
});
