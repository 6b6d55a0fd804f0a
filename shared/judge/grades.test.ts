import { describe, expect, it } from 'vitest';
import { graderAgreement, type GradedAnswer } from './graderAgreement.js';
import { graderTurn, gradersOf, resultOf, SINGLE_GRADER, type GradeRecord, type GradingRule } from './grades.js';

const TWO: GradingRule = { gradersPerAnswer: 2, thirdGrader: null };
let clock = 0;
const at = () => new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString();
const base = { queryId: 'q', category: 'AS' as const, mode: 'match' as const, reply: '' };

function yesNo(graderId: string, pass: boolean, reason?: string): GradeRecord {
  return {
    by: 'grader',
    graderId,
    model: null,
    outcome: { status: 'judged', verdict: { ...base, pass, reward: pass ? 1 : 0 } },
    ...(reason ? { revision: { reason } } : {}),
    at: at(),
  };
}
function checklist(graderId: string, met: boolean[]): GradeRecord {
  const items = met.map((m, i) => ({ text: `item ${i + 1}`, met: m }));
  const n = met.filter(Boolean).length;
  return {
    by: 'grader',
    graderId,
    model: null,
    outcome: { status: 'judged', verdict: { ...base, category: 'SU', mode: 'checklist', pass: n === met.length, reward: n / met.length, items } },
    at: at(),
  };
}
const endpoint = (pass: boolean): GradeRecord => ({ by: 'endpoint', graderId: null, model: 'm', outcome: { status: 'judged', verdict: { ...base, pass, reward: pass ? 1 : 0 } }, at: at() });
const endpointError = (): GradeRecord => ({ by: 'endpoint', graderId: null, model: 'm', outcome: { status: 'error', queryId: 'q', stage: 'request', message: 'down' }, at: at() });

describe('the result an answer gets', () => {
  it('one grader: the latest grade counts, a revision replaces it and the old one stays in the history', () => {
    const first = yesNo('G1', false);
    const revised = yesNo('G1', true, 'I missed the permit number in the second sentence');
    const result = resultOf([first, revised], SINGLE_GRADER);
    expect(result).toMatchObject({ status: 'graded', how: 'single', grade: { revision: { reason: 'I missed the permit number in the second sentence' } } });
    expect(result.status === 'graded' && result.grade.outcome.verdict.pass).toBe(true);
    expect(gradersOf([first, revised])[0]?.history).toEqual([first, revised]);
  });

  it('one grader: an endpoint verdict counts, a later error does not replace it, and nothing awaits a grader', () => {
    expect(resultOf([], SINGLE_GRADER)).toEqual({ status: 'awaiting_grader' });
    expect(resultOf([endpointError()], SINGLE_GRADER).status).toBe('judge_error');
    const ok = endpoint(true);
    expect(resultOf([ok, endpointError()], SINGLE_GRADER)).toMatchObject({ status: 'graded', grade: ok });
  });

  it('two graders: waits for the second, takes their common grade, and ignores an endpoint', () => {
    const g1 = yesNo('G1', true);
    expect(resultOf([endpoint(false), g1], TWO)).toEqual({ status: 'awaiting_second_grader' });
    const g2 = yesNo('G2', true);
    expect(resultOf([endpoint(false), g1, g2], TWO)).toMatchObject({ status: 'graded', how: 'agreed', grade: g2, graders: ['G1', 'G2'] });
  });

  it('two graders who differ: the answer waits for a third, whose grade settles it; a revision that agrees undoes the need', () => {
    const grades = [yesNo('G1', true), yesNo('G2', false)];
    expect(resultOf(grades, TWO)).toEqual({ status: 'awaiting_third_grader' });
    const g3 = yesNo('G3', false);
    expect(resultOf([...grades, g3], TWO)).toMatchObject({ status: 'graded', how: 'settled', grade: g3, graders: ['G1', 'G2', 'G3'] });
    const agreeNow = yesNo('G1', false, 'the answer names the wrong site');
    expect(resultOf([...grades, g3, agreeNow], TWO)).toMatchObject({ status: 'graded', how: 'agreed', grade: agreeNow });
  });

  it('checklists agree only item by item, not by the count of items met', () => {
    const grades = [checklist('G1', [true, false, true]), checklist('G2', [false, true, true])];
    expect(resultOf(grades, TWO).status).toBe('awaiting_third_grader');
    expect(resultOf([checklist('G1', [true, true]), checklist('G2', [true, true])], TWO).status).toBe('graded');
  });
});

describe('whose turn an answer is', () => {
  it('one grader: anyone until it is graded, then nobody', () => {
    expect(graderTurn([], SINGLE_GRADER, 'G2')).toBe('grade');
    expect(graderTurn([yesNo('G1', true)], SINGLE_GRADER, 'G2')).toBeNull();
    expect(graderTurn([endpointError()], SINGLE_GRADER, 'G2')).toBe('grade');
  });

  it('two graders: two people grade, a third settles only a disagreement, nobody grades twice', () => {
    const one = [yesNo('G1', true)];
    expect(graderTurn(one, TWO, 'G1')).toBeNull();
    expect(graderTurn(one, TWO, 'G2')).toBe('grade');
    const agreed = [...one, yesNo('G2', true)];
    expect(graderTurn(agreed, TWO, 'G3')).toBeNull();
    const differ = [...one, yesNo('G2', false)];
    expect(graderTurn(differ, TWO, 'G3')).toBe('settle');
    expect(graderTurn([...differ, yesNo('G3', true)], TWO, 'G4')).toBeNull();
  });

  it('a named third grader only settles, and only they settle', () => {
    const rule: GradingRule = { gradersPerAnswer: 2, thirdGrader: 'G3' };
    expect(graderTurn([], rule, 'G3')).toBeNull();
    const differ = [yesNo('G1', true), yesNo('G2', false)];
    expect(graderTurn(differ, rule, 'G4')).toBeNull();
    expect(graderTurn(differ, rule, 'G3')).toBe('settle');
  });
});

describe('agreement between the two graders', () => {
  it("gives percent agreement and Cohen's kappa as computed by hand, with intervals around them", () => {
    // Pairs (G1, G2): YY, YN, NN, NN. po = 3/4; G1 says YES 2/4, G2 1/4: pe = .5·.25 + .5·.75 = .5; kappa = .5.
    const pairs: Array<[boolean, boolean]> = [[true, true], [true, false], [false, false], [false, false]];
    const answers: GradedAnswer[] = pairs.map(([a, b], i) => ({ answerId: `a${i}`, mode: 'match', grades: [yesNo('G2', b), yesNo('G1', a)] }));
    const report = graderAgreement(answers, TWO, { resamples: 200, seed: 1 });
    expect(report).toMatchObject({ answersGraded: 4, doubleGraded: 4, agreed: 3, disagreed: 1, awaitingThird: 1, settled: 0 });
    const v = report.pooled.verdicts!;
    expect(v.agreement.value).toBeCloseTo(0.75, 12);
    expect(v.kappa.value).toBeCloseTo(0.5, 12);
    // Rows are the id that sorts first (G1), whoever graded first.
    expect(v.confusion).toEqual([[1, 1], [0, 2]]);
    expect(v.kappa.low!).toBeLessThanOrEqual(0.5);
    expect(v.agreement.high!).toBeGreaterThanOrEqual(0.75);
    expect(report.pairs).toHaveLength(1);
    expect(report.pairs[0]).toMatchObject({ first: 'G1', second: 'G2', answers: 4 });
    expect(report.pooled.checklistItems).toBeNull();
  });

  it('compares summaries item by item, counts settled disagreements and answers still waiting for a second grader', () => {
    const answers: GradedAnswer[] = [
      { answerId: 's1', mode: 'checklist', grades: [checklist('G1', [true, true, false]), checklist('G2', [true, false, false]), checklist('G3', [true, true, false])] },
      { answerId: 's2', mode: 'checklist', grades: [checklist('G1', [true, true]), checklist('G2', [true, true])] },
      { answerId: 'm1', mode: 'match', grades: [yesNo('G1', true)] },
      { answerId: 'm2', mode: 'match', grades: [endpoint(true)] },
    ];
    const report = graderAgreement(answers, TWO, { resamples: 100, seed: 2 });
    expect(report).toMatchObject({ answersGraded: 3, doubleGraded: 2, agreed: 1, disagreed: 1, settled: 1, awaitingThird: 0, awaitingSecond: 1 });
    expect(report.pooled.checklistItems).toMatchObject({ pairs: 5, items: 2 });
    expect(report.pooled.checklistItems?.agreement.value).toBeCloseTo(4 / 5, 12);
    expect(report.pooled.verdicts).toBeNull();
  });
});
