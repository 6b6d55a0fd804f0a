/**
 * Branch-disputed runs in final_results.json (issue 27), kept apart from the rule itself so the file stays the
 * benchmark's schema: each such run is named under `problems` with its reason, and the study's
 * `scoring.disputed_branch` decides whether it counts (`count`, the default, or `exclude`), said in `rule`.
 */
import type { FinalResults, ScoredRun } from './resultTypes.js';

export interface DisputedRun {
  model: string;
  scenario: string;
  version: string;
  seed: number;
  reason: string;
}

export type DisputedBranchRule = 'count' | 'exclude';

const sameRun = (r: Pick<ScoredRun, 'model' | 'scenario' | 'version' | 'seed'>, d: DisputedRun) =>
  r.model === d.model && r.scenario === d.scenario && r.version === d.version && r.seed === d.seed;

/** The runs the rule scores: every run, or every run but the branch-disputed ones. */
export function runsToScore<R extends Pick<ScoredRun, 'model' | 'scenario' | 'version' | 'seed'>>(
  runs: readonly R[],
  disputed: readonly DisputedRun[],
  rule: DisputedBranchRule,
): R[] {
  return rule === 'exclude' ? runs.filter((r) => !disputed.some((d) => sameRun(r, d))) : [...runs];
}

/** Adds the disputed runs to `problems` and the rule's sentence to `rule`; only the runs present in the folder. */
export function noteDisputedBranches(
  results: FinalResults,
  runs: ReadonlyArray<Pick<ScoredRun, 'model' | 'scenario' | 'version' | 'seed'>>,
  disputed: readonly DisputedRun[],
  rule: DisputedBranchRule,
): FinalResults {
  const present = disputed.filter((d) => runs.some((r) => sameRun(r, d)));
  const what = rule === 'exclude' ? 'excluded from the scores' : 'counted';
  const problems = present.map((d) => `branch-disputed run ${d.model} ${d.scenario} ${d.version}_seed${d.seed} (${what}): ${d.reason}`);
  const sentence =
    ` Label audit: a run whose branch was decided by a label an auditor disputes, where the auditor's label would have changed the scripted teammate's next line, is branch-disputed;` +
    (rule === 'exclude' ? ' branch-disputed runs are excluded (disputed_branch: exclude).' : ' branch-disputed runs count (disputed_branch: count).');
  return { ...results, rule: results.rule + sentence, problems: [...results.problems, ...problems] };
}
