import { describe, expect, it } from 'vitest';
import { foldLabelling, progressOf, raterLabelsOf, resumeAt, type LabellingStarted } from './session.js';

const started: LabellingStarted = {
  itemSetHash: 'h',
  seed: 7,
  mode: 'overlap',
  order: ['a', 'b', 'c'],
  practice: ['p1'],
  itemHashes: { a: '1', b: '2', c: '3' },
};
let t = 0;
const ev = (kind: string, payload: unknown) => ({
  kind,
  payload,
  wallTime: `2025-01-01T00:00:${String(t++).padStart(2, '0')}Z`,
});

describe('folding a labelling session', () => {
  it('keeps the latest answer per item and resumes at the first unanswered item, practice first', () => {
    const state = foldLabelling([
      ev('session_started', {}),
      ev('labelling_started', started),
      ev('label_given', { itemId: 'p1', label: 'x', ms: 10, practice: true }),
      ev('label_given', { itemId: 'a', label: 'x', ms: 900 }),
      ev('label_given', { itemId: 'a', label: 'y', ms: 300 }),
      ev('item_flagged', { itemId: 'b', note: 'context cut off' }),
    ]);
    expect(state.answers.a).toMatchObject({ kind: 'label', label: 'y', ms: 300 });
    expect(resumeAt(state)).toBe('c');
    expect(progressOf(state)).toEqual({ practiceDone: 1, practiceTotal: 1, done: 2, total: 3 });
    expect(raterLabelsOf('R1', state)).toEqual([
      { itemId: 'a', rater: 'R1', label: 'y', ms: 300, at: expect.any(String) },
      {
        itemId: 'b',
        rater: 'R1',
        label: null,
        flagged: true,
        note: 'context cut off',
        at: expect.any(String),
      },
    ]);
  });

  it('undo takes back the latest action of the session, revealing the answer it replaced', () => {
    const base = [
      ev('labelling_started', started),
      ev('label_given', { itemId: 'a', label: 'x', ms: 1 }),
      ev('item_skipped', { itemId: 'b', note: 'unsure' }),
    ];
    const relabel = ev('label_given', { itemId: 'a', label: 'z', ms: 1 });
    let state = foldLabelling([...base, relabel, ev('label_undone', { itemId: 'a' })]);
    expect(state.answers.a).toMatchObject({ label: 'x' });
    expect(state.lastAction).toBe('b');
    state = foldLabelling([
      ...base,
      relabel,
      ev('label_undone', { itemId: 'a' }),
      ev('label_undone', { itemId: 'b' }),
    ]);
    expect(state.answers.b).toBeUndefined();
    expect(resumeAt(state)).toBe('p1');
    expect(raterLabelsOf('R1', state).map((l) => l.itemId)).toEqual(['a']);
  });

  it('keeps the checklist answers of a graded verdict with the label, and hands them to the export', () => {
    const checklist = { c1: 'YES', c2: 'NO' } as const;
    const state = foldLabelling([
      ev('labelling_started', started),
      ev('label_given', { itemId: 'a', label: 'NO', ms: 5, checklist: { c1: 'NO', c2: 'NO' } }),
      ev('label_given', { itemId: 'a', label: 'NO', ms: 7, checklist }),
      ev('label_given', { itemId: 'b', label: 'YES', ms: 3 }),
      ev('label_given', { itemId: 'c', label: 'YES', ms: 3, checklist: { c1: 'MAYBE' } }),
    ]);
    expect(state.answers.a).toMatchObject({ kind: 'label', label: 'NO', checklist });
    expect(state.answers.b).not.toHaveProperty('checklist');
    // A checklist answer outside YES/NO is not a label the fold can trust.
    expect(state.answers.c).toBeUndefined();
    expect(state.unknown).toBe(1);
    const [a, b] = raterLabelsOf('R1', state);
    expect(a).toMatchObject({ itemId: 'a', checklist });
    expect(b).not.toHaveProperty('checklist');
  });

  it('counts events it does not understand instead of guessing, and a log without a start has no position', () => {
    const state = foldLabelling([ev('label_given', { itemId: 'a' }), ev('paused', { reason: 'fire alarm' })]);
    expect(state.unknown).toBe(2);
    expect(state.started).toBeNull();
    expect(resumeAt(state)).toBeNull();
  });
});
