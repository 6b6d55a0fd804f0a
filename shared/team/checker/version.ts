import type { BenchmarkScore } from '../export/transcriptSchema.js';
import type { ResolvedTask } from '../pack/resolve.js';
import type { Fact } from '../pack/schema.js';
import { scoreRun } from './check.js';
import type { CheckContext } from './context.js';
import type { FinalState } from './finalState.js';

/** The facts a version's rules may name, by id: those its evaluated, partner and scripted seats hold. */
export function factsOf(task: ResolvedTask): Map<string, Fact> {
  const facts = new Map<string, Fact>();
  for (const seat of task.seats) {
    if (seat.kind !== 'environment') for (const f of seat.facts) facts.set(f.id, f);
  }
  return facts;
}

export function contextFor(task: ResolvedTask, state: FinalState): CheckContext {
  return {
    state,
    facts: factsOf(task),
    hiddenTestPaths: task.workspace.hidden_tests.map((f) => f.path),
    answerOptions: task.answerOptions,
  };
}

/** Scores one finished run of a resolved task version: the entry point the session runner calls. */
export function checkRun(task: ResolvedTask, state: FinalState): BenchmarkScore {
  return scoreRun(task.checker, contextFor(task, state));
}
