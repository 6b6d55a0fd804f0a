import { describe, expect, it } from 'vitest';
import { verdictReportLines, type VerdictOutcome } from './report.js';

const o = (task: string, version: VerdictOutcome['version'], id: string, expect: 'pass' | 'fail', got: 'pass' | 'fail', note?: string): VerdictOutcome => ({
  task,
  version,
  id,
  intent: expect === 'pass' ? 'does_the_thing' : 'opposite_with_right_words',
  expect,
  got,
  ...(note ? { note } : {}),
});

describe('verdict report', () => {
  it('groups by task and version, counts both confusions, names each mismatch with its note, and totals the library', () => {
    const lines = verdictReportLines([
      o('b-task', 'manipulation', 'r1', 'pass', 'pass'),
      o('a-task', 'control', 'r2', 'fail', 'pass'),
      o('a-task', 'control', 'r3', 'pass', 'fail', 'the run stopped taking messages after 2 of 4'),
      o('a-task', 'control', 'r4', 'fail', 'fail'),
    ]);
    expect(lines).toEqual([
      'a-task control: n 3, verdict accuracy 0.33 (1/3); expected pass → got fail 1, expected fail → got pass 1',
      '  expected pass, got fail: r3 (does_the_thing) — the run stopped taking messages after 2 of 4',
      '  expected fail, got pass: r2 (opposite_with_right_words)',
      'b-task manipulation: n 1, verdict accuracy 1.00 (1/1); expected pass → got fail 0, expected fail → got pass 0',
      'library: n 4, verdict accuracy 0.50 (2/4) over 2 tasks and 2 task versions; expected pass → got fail 1, expected fail → got pass 1',
    ]);
  });
});
