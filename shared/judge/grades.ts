import type { JudgeOutcome, Verdict } from './judgeAnswer.js';

/**
 * The grades of one Slack answer and the result it gets (issue 25 item 3). Every grade is an append-only `graded`
 * event in the run's log; a grader's revision is another such event with a reason, so the old grade is kept and a
 * grader's current grade is their latest. The rule that turns the grades into the answer's result is the study's
 * (`grading:` in study.yaml), passed in, because a study may ask for a second grader after its answers were given.
 */

/** One `graded` event of a run, as the run's fold keeps it. */
export interface GradeRecord {
  /** `endpoint` (an LLM judge, with its model) or `grader` (a person, with their id). */
  by: 'endpoint' | 'grader';
  graderId: string | null;
  model: string | null;
  outcome: JudgeOutcome;
  /** Set when a grader revised their own earlier grade of this answer: why. */
  revision?: { reason: string };
  at: string;
}

/** How many people grade each answer: one (the latest grade counts), or two, with a third settling a disagreement. */
export interface GradingRule {
  gradersPerAnswer: 1 | 2;
  /** The one grader id who settles disagreements; null: any grader who graded neither of the two grades. */
  thirdGrader: string | null;
}
export const SINGLE_GRADER: GradingRule = { gradersPerAnswer: 1, thirdGrader: null };

/** One person's grades of the answer, oldest first, and the one that stands (their latest). */
export interface GraderGrades {
  graderId: string;
  history: GradeRecord[];
  current: GradeRecord & { outcome: { status: 'judged'; verdict: Verdict } };
}

/** Each grader's grades in the order they first graded the answer (the first two are its two graders). */
export function gradersOf(grades: readonly GradeRecord[]): GraderGrades[] {
  const byId = new Map<string, GradeRecord[]>();
  for (const g of grades) {
    if (g.by !== 'grader' || g.graderId === null || g.outcome.status !== 'judged') continue;
    const list = byId.get(g.graderId) ?? [];
    list.push(g);
    byId.set(g.graderId, list);
  }
  return [...byId].map(([graderId, history]) => ({ graderId, history, current: history[history.length - 1] as GraderGrades['current'] }));
}

/** Two verdicts agree when they pass alike and, for a checklist, meet every item alike (so the reward is equal). */
export function sameVerdict(a: Verdict, b: Verdict): boolean {
  if (a.pass !== b.pass || a.reward !== b.reward) return false;
  const am = a.items?.map((i) => i.met) ?? [];
  const bm = b.items?.map((i) => i.met) ?? [];
  return am.length === bm.length && am.every((m, i) => m === bm[i]);
}

export type AnswerResult =
  /** `single`: the latest grade; `agreed`: the two graders' common grade; `settled`: the third grader's. */
  | { status: 'graded'; grade: GradeRecord & { outcome: { status: 'judged' } }; how: 'single' | 'agreed' | 'settled'; graders: string[] }
  | { status: 'judge_error'; grade: GradeRecord }
  | { status: 'awaiting_grader' | 'awaiting_second_grader' | 'awaiting_third_grader' };

/**
 * The result an answer gets:
 * - one grader per answer: the latest grade that gave a verdict (a judge endpoint's or a grader's, a revision
 *   included); else the latest judge error; else it awaits a grader.
 * - two graders per answer: only people count (an endpoint's verdict is kept beside them). The first two graders'
 *   current grades: when they agree, that grade; when they differ, the latest grade of any other grader (the third);
 *   until then it awaits the second or the third grader.
 */
export function resultOf(grades: readonly GradeRecord[], rule: GradingRule): AnswerResult {
  if (rule.gradersPerAnswer === 1) {
    const judged = grades.filter((g) => g.outcome.status === 'judged');
    const last = judged[judged.length - 1];
    if (last) return { status: 'graded', grade: last as GradeRecord & { outcome: { status: 'judged' } }, how: 'single', graders: last.graderId ? [last.graderId] : [] };
    const error = grades[grades.length - 1];
    return error ? { status: 'judge_error', grade: error } : { status: 'awaiting_grader' };
  }
  const people = gradersOf(grades);
  const [first, second, ...others] = people;
  if (!first) return { status: 'awaiting_grader' };
  if (!second) return { status: 'awaiting_second_grader' };
  if (sameVerdict(first.current.outcome.verdict, second.current.outcome.verdict)) {
    const later = first.current.at > second.current.at ? first.current : second.current;
    return { status: 'graded', grade: later, how: 'agreed', graders: [first.graderId, second.graderId] };
  }
  const third = others.map((o) => o.current).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)).at(-1);
  if (!third || third.graderId === null) return { status: 'awaiting_third_grader' };
  return { status: 'graded', grade: third, how: 'settled', graders: [first.graderId, second.graderId, third.graderId] };
}

/** What a grader may do with an answer now: grade it first, settle it as the third, or nothing (not theirs to grade). */
export function graderTurn(grades: readonly GradeRecord[], rule: GradingRule, graderId: string): 'grade' | 'settle' | null {
  const people = gradersOf(grades);
  if (people.some((p) => p.graderId === graderId)) return null;
  if (rule.gradersPerAnswer === 1) return resultOf(grades, rule).status === 'graded' ? null : 'grade';
  if (people.length < 2) return rule.thirdGrader === graderId ? null : 'grade';
  const result = resultOf(grades, rule);
  if (result.status !== 'awaiting_third_grader') return null;
  return rule.thirdGrader === null || rule.thirdGrader === graderId ? 'settle' : null;
}
