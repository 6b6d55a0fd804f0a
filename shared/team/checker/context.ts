import type { ConflictVerdict } from '../casino/conflict.js';
import type { AnswerOption, Fact } from '../pack/schema.js';
import type { FinalState } from './finalState.js';

/** What the rules read besides the final state: the version's facts (by id) and hidden test files. */
export interface CheckContext {
  state: FinalState;
  facts: ReadonlyMap<string, Fact>;
  hiddenTestPaths: ReadonlyArray<string>;
  /** The task's answer options; `answer_equals` on the whole answer is scored by the option it names. */
  answerOptions?: ReadonlyArray<AnswerOption>;
}

/** One rule's verdict, kept in `score.details.rules` so a reader sees why a run passed or failed. */
export interface RuleVerdict {
  rule: string;
  pass: boolean;
  why: string;
  children?: RuleVerdict[];
  /** Set by a `deal` rule: the points behind the conflict score. */
  conflict?: ConflictVerdict;
  /** Set by `answer_equals` under answer options when the answer names no option, or several. */
  unmatched?: 'none' | 'several';
}
