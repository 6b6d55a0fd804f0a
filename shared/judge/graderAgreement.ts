import { compare, type LabelPair } from '../labelling/compare.js';
import type { Comparison } from '../labelling/report-schema.js';
import type { BootstrapOptions } from '../stats/bootstrap.js';
import { gradersOf, resultOf, sameVerdict, type GradeRecord, type GradingRule } from './grades.js';
import type { JudgingMode } from './query.js';

/**
 * How well the two graders of each answer agree, with the statistics of the labelling sessions (percent agreement,
 * Cohen's kappa, Gwet's AC1 and PABAK, each with its percentile bootstrap interval over answers). Each answer's first
 * two graders' current grades are compared; a third grader's is not (it settles, it is not a rating of the same kind).
 * Within a pair of graders the first side is the id that sorts first, so a pair's table does not depend on who
 * happened to grade first.
 */

export interface GradedAnswer {
  /** Any id that is the same for the answer's grades and differs between answers (the unit resampled). */
  answerId: string;
  mode: JudgingMode;
  grades: readonly GradeRecord[];
}

export interface AgreementSide {
  /** YES/NO verdicts of answers graded as a whole (agentic search, circumstance inference, abstention). */
  verdicts: Comparison | null;
  /** Met/not met of each checklist item of summaries; intervals resample whole answers, not items. */
  checklistItems: Comparison | null;
}

export interface GraderAgreement {
  gradersPerAnswer: 1 | 2;
  /** Answers with at least one grade by a person. */
  answersGraded: number;
  /** Answers with two graders' grades. */
  doubleGraded: number;
  /** Of those, how many the two graders graded alike (same verdict; for a summary, every item alike). */
  agreed: number;
  disagreed: number;
  /** Disagreements a third grader has settled, and those still waiting for one. */
  settled: number;
  awaitingThird: number;
  awaitingSecond: number;
  pooled: AgreementSide;
  /** Per pair of grader ids (`first` sorts before `second`). */
  pairs: Array<{ first: string; second: string; answers: number } & AgreementSide>;
}

const YES_NO = ['YES', 'NO'];
const yn = (b: boolean) => (b ? 'YES' : 'NO');

export function graderAgreement(answers: readonly GradedAnswer[], rule: GradingRule, options: BootstrapOptions = {}): GraderAgreement {
  const pooled = { verdicts: [] as LabelPair[], checklist: [] as LabelPair[] };
  const byPair = new Map<string, { first: string; second: string; answers: number; verdicts: LabelPair[]; checklist: LabelPair[] }>();
  const counts = { answersGraded: 0, doubleGraded: 0, agreed: 0, disagreed: 0, settled: 0, awaitingThird: 0, awaitingSecond: 0 };
  for (const answer of answers) {
    const people = gradersOf(answer.grades);
    if (people.length === 0) continue;
    counts.answersGraded++;
    const [a, b] = people;
    if (!a || !b) {
      if (rule.gradersPerAnswer === 2) counts.awaitingSecond++;
      continue;
    }
    counts.doubleGraded++;
    const [first, second] = a.graderId < b.graderId ? [a, b] : [b, a];
    const v1 = first.current.outcome.verdict;
    const v2 = second.current.outcome.verdict;
    if (sameVerdict(v1, v2)) counts.agreed++;
    else {
      counts.disagreed++;
      const result = resultOf(answer.grades, { ...rule, gradersPerAnswer: 2 });
      if (result.status === 'graded' && result.how === 'settled') counts.settled++;
      else counts.awaitingThird++;
    }
    const key = `${first.graderId}\u0000${second.graderId}`;
    const pair = byPair.get(key) ?? { first: first.graderId, second: second.graderId, answers: 0, verdicts: [], checklist: [] };
    byPair.set(key, pair);
    pair.answers++;
    if (answer.mode === 'checklist') {
      const m1 = v1.items ?? [];
      const m2 = v2.items ?? [];
      for (let i = 0; i < Math.min(m1.length, m2.length); i++) {
        const p = { itemId: answer.answerId, first: yn((m1[i] as { met: boolean }).met), second: yn((m2[i] as { met: boolean }).met) };
        pair.checklist.push(p);
        pooled.checklist.push(p);
      }
    } else {
      const p = { itemId: answer.answerId, first: yn(v1.pass), second: yn(v2.pass) };
      pair.verdicts.push(p);
      pooled.verdicts.push(p);
    }
  }
  const side = (verdicts: LabelPair[], checklist: LabelPair[]): AgreementSide => ({
    verdicts: compare(verdicts, YES_NO, options),
    checklistItems: compare(checklist, YES_NO, options),
  });
  return {
    gradersPerAnswer: rule.gradersPerAnswer,
    ...counts,
    pooled: side(pooled.verdicts, pooled.checklist),
    pairs: [...byPair.values()]
      .sort((x, y) => (x.first + x.second < y.first + y.second ? -1 : 1))
      .map((p) => ({ first: p.first, second: p.second, answers: p.answers, ...side(p.verdicts, p.checklist) })),
  };
}
