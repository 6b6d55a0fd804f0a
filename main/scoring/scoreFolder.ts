import fs from 'node:fs';
import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';
import { buildFinalResults, impliedPlans, versionsNobodyRan, type FinalResults } from '../../shared/team/export/finalResults.js';
import type { Design, PlannedScenario, RecheckReport } from '../../shared/team/export/resultTypes.js';
import { writeFileAtomic } from '../files/atomicWrite.js';
import { noteDisputedBranches, runsToScore, type DisputedBranchRule, type DisputedRun } from '../../shared/team/export/disputedBranches.js';
import { readRuns } from './readResults.js';

export interface ScoreOptions {
  design?: Design;
  /** Between design: the pooled gate's alone pass rate (null/absent: a strict majority). */
  poolGateAtLeast?: number | null;
  /** The study's plan; when absent, what the folder implies (README.md, missing_runs). */
  planned?: ReadonlyArray<PlannedScenario>;
  plannedByModel?: ReadonlyMap<string, ReadonlyArray<PlannedScenario>>;
  reps?: number;
  /** A re-check against a pack, written beside the scores (which stay the recorded ones). */
  recheck?: RecheckReport;
  /** Runs a label audit found branch-disputed (issue 27), and whether they count. */
  disputedBranches?: { runs: readonly DisputedRun[]; rule: DisputedBranchRule };
}

export interface ScoredFolder {
  results: FinalResults;
  files: number;
  root: string;
}

/** final_results.json for a benchmark-layout results folder. Reads only; nothing in the folder changes. */
export function scoreFolder(dir: string, options: ScoreOptions = {}): Result<ScoredFolder> {
  const read = readRuns(dir);
  if (!read.ok) return read;
  const design = options.design ?? 'within';
  const planned = options.planned !== undefined || options.plannedByModel !== undefined;
  const disputed = options.disputedBranches;
  const runs = disputed ? runsToScore(read.value.runs, disputed.runs, disputed.rule) : read.value.runs;
  const built = buildFinalResults(runs, {
    design,
    poolGateAtLeast: options.poolGateAtLeast ?? null,
    problems: read.value.problems,
    skipped: read.value.skipped,
    warnings: read.value.warnings,
    ...(options.reps !== undefined ? { reps: options.reps } : {}),
    ...(planned
      ? { ...(options.planned ? { planned: options.planned } : {}), ...(options.plannedByModel ? { plannedByModel: options.plannedByModel } : {}) }
      : { plannedByModel: impliedPlans(read.value.runs, design) }),
  });
  const results = disputed ? noteDisputedBranches(built, read.value.runs, disputed.runs, disputed.rule) : built;
  if (!planned) results.missing_runs.push(...versionsNobodyRan(read.value.runs, design));
  if (options.recheck) results.recheck = options.recheck;
  return ok({ results, files: read.value.files, root: read.value.root });
}

export const FINAL_RESULTS_FILE = 'final_results.json';

/** Scores `dir` and writes the file atomically (temp + fsync + rename); by default beside its transcripts/ folder. */
/**
 * Scores the folder and writes final_results.json: to `out` when given, else beside the transcripts — where an
 * existing file with other content is kept and the call refused unless `force` (issue 25: `npm run score` once
 * silently replaced a final_results.json someone else had written there).
 */
export function writeFinalResults(dir: string, options: ScoreOptions & { out?: string; force?: boolean } = {}): Result<ScoredFolder & { out: string }> {
  const scored = scoreFolder(dir, options);
  if (!scored.ok) return scored;
  const out = options.out ?? path.join(path.dirname(scored.value.root), FINAL_RESULTS_FILE);
  const content = JSON.stringify(scored.value.results, null, 2) + '\n';
  if (options.out === undefined && !options.force) {
    let existing: string | null = null;
    try {
      existing = fs.readFileSync(out, 'utf8');
    } catch {
      existing = null;
    }
    if (existing !== null && existing !== content)
      return fail('conflict', `${out} already exists and differs from the scores just computed; it was kept and nothing was written. Give -o <file> to write elsewhere, or --force to replace it.`);
  }
  writeFileAtomic(out, content);
  return ok({ ...scored.value, out });
}
