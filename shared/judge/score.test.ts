import { describe, expect, it } from 'vitest';
import { parseQueries } from './query.js';
import { scoreStudy, type JudgedQuery } from './score.js';

describe('scoreStudy', () => {
  const judged: JudgedQuery[] = [
    { queryId: 'a1', category: 'AS', reward: 1 },
    { queryId: 'a2', category: 'AS', reward: 0 },
    { queryId: 'a3', category: 'AS', reward: 1 },
    { queryId: 'h1', category: 'HA', reward: 1 },
    { queryId: 's1', category: 'SU', reward: 0.5 },
    { queryId: 's2', category: 'SU', reward: 1 },
    { queryId: 'c1', category: 'CI', reward: 0 },
    { queryId: 'c2', category: 'CI', reward: null },
  ];

  it('averages the four category rates without weighting by query count', () => {
    const score = scoreStudy(judged);
    expect(score.categories.AS.passRate).toBeCloseTo(2 / 3);
    expect(score.categories.SU.passRate).toBeCloseTo(0.75);
    expect(score.overall).toBeCloseTo((2 / 3 + 1 + 0.75 + 0) / 4);
  });

  it('counts an unjudged query but does not score it as a failure', () => {
    const ci = scoreStudy(judged).categories.CI;
    expect(ci).toEqual({ n: 2, graded: 1, ungraded: 1, passRate: 0 });
  });

  it('gives no overall while a category has no graded query', () => {
    const score = scoreStudy(judged.filter((j) => j.category !== 'HA'));
    expect(score.overall).toBeNull();
    expect(score.missing).toEqual(['HA']);
  });
});

describe('parseQueries', () => {
  it('requires a checklist on SU and refuses duplicate ids, naming the place', () => {
    const parsed = parseQueries('queries.yaml', {
      queries: [
        { id: 'q1', category: 'SU', query: 'x', reference: 'y' },
        { id: 'q1', category: 'AS', query: 'x', reference: 'y' },
      ],
    });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
        'queries[0].checklist: an SU query needs a checklist',
        'queries[1].id: duplicate id q1',
      ]);
    }
  });
});
