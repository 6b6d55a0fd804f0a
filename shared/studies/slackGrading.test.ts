import { describe, expect, it } from 'vitest';
import { studyManifestSchema } from './manifest.js';

const slack = { schema: 'teamseat/study@1', id: 's', title: 'S', kind: 'slack', export: 'export', queries: 'queries.yaml' };
const problems = (grading: unknown) => {
  const r = studyManifestSchema.safeParse({ ...slack, grading });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('study.yaml grading: (Slack studies)', () => {
  it('accepts one or two graders per answer and a third grader with two', () => {
    expect(problems(undefined)).toEqual([]);
    expect(problems({ graders_per_answer: 2 })).toEqual([]);
    expect(problems({ graders_per_answer: 2, third_grader: 'G3' })).toEqual([]);
    const parsed = studyManifestSchema.parse({ ...slack, grading: {} });
    expect(parsed.kind === 'slack' && parsed.grading).toEqual({ graders_per_answer: 1 });
  });

  it('names the field and what was expected when it is wrong', () => {
    expect(problems({ graders_per_answer: 3 })).toEqual(['grading.graders_per_answer: expected 1 or 2 graders per answer']);
    expect(problems({ graders_per_answer: 1, third_grader: 'G3' })).toEqual([
      'grading.third_grader: third_grader settles disagreements between two graders: set graders_per_answer: 2',
    ]);
    expect(problems({ graders_per_answer: 2, third_grader: 'Dr <b>' })).toEqual([
      'grading.third_grader: expected a grader id of letters, digits, dot, dash or underscore',
    ]);
    expect(problems({ graders: 2 })[0]).toMatch(/^grading: /);
    expect(studyManifestSchema.safeParse({ ...slack, kind: 'team', tasks: ['t'], export: undefined, queries: undefined, grading: { graders_per_answer: 2 } }).success).toBe(false);
  });
});
