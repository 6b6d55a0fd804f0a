import fs from 'node:fs';
import path from 'node:path';
import type { DimensionScore, ScoreRow, TeamResultRun, TeamResults } from '../../shared/contract/results.js';
import { ok, type Result } from '../../shared/result.js';
import { runValue } from '../../shared/team/export/cells.js';
import type { FinalResults } from '../../shared/team/export/resultTypes.js';
import { reasonLine } from '../../shared/team/export/reasonLine.js';
import { benchmarkTranscriptSchema, type BenchmarkTranscript, type Version } from '../../shared/team/export/transcriptSchema.js';
import { readRunText, type RunRecord } from '../../shared/team/export/runRecord.js';
import { parsePythonJson } from '../../shared/team/export/pythonJson.js';
import type { AppServices } from '../app/appServices.js';
import { loadTeamPack } from '../team/pack/loadPack.js';
import { writtenFiles } from '../study/resultsWriter.js';
import { recheckTranscript, type HiddenTestRunner } from './recheck.js';
import { runFilesUnder } from './recheckFolder.js';
import { scoreFolder } from './scoreFolder.js';
import { studyDesign } from './studyDesign.js';
import { auditServiceOf } from '../audit/auditService.js';
import { plannedRuns, studyState } from './studyScoring.js';
import { voidedAndNotReplayed } from './voidedCells.js';
import type { StudyState } from '../../shared/study/fold.js';

const RUN_FILE = /^transcripts\/([^/]+)\/([^/]+)\/([^/]+)\/(alone|control|manipulation)_seed(\d+)\.json$/;

export interface TeamResultsOptions {
  /** Re-check each transcript against the study's pack; hidden tests need `runTests`. */
  recheck?: boolean;
  runTests?: HiddenTestRunner | null;
  reps?: number;
}

/**
 * A team study's Results: every counted run in results/<study id>/transcripts/ with its outcome and one-line reason,
 * and final_results.json's rows computed from those same files (the study's design, gate and plan). Reads only.
 */
export async function teamResults(s: AppServices, studyKey: string, title: string, dir: string, options: TeamResultsOptions = {}): Promise<Result<TeamResults>> {
  const packDir = s.library.dirOf(studyKey);
  const { design, poolGateAtLeast } = packDir ? studyDesign(packDir) : { design: 'within' as const, poolGateAtLeast: null };
  const runIdOf = new Map(Object.entries(writtenFiles(dir, studyKey).files).flatMap(([rel, e]) => (e.runs.length === 1 ? [[rel, e.runs[0]!] as const] : [])));
  const empty: TeamResults = { kind: 'team', studyKey, title, design, pooledGate: '', dimensions: [], runs: [], rows: [], problems: [], missingRuns: 0, voidedRuns: 0, recheck: null };
  if (!fs.existsSync(path.join(dir, 'transcripts'))) return ok(empty);

  const state = studyState(s, studyKey);
  const plannedByModel = packDir && state ? plannedRuns(state, packDir) : undefined;
  // The same rule as final_results.json for runs a label audit found branch-disputed (issue 27).
  const disputedBranches = packDir ? auditServiceOf(s).disputedForScoring(studyKey) : null;
  const scored = scoreFolder(dir, {
    design,
    poolGateAtLeast,
    ...(plannedByModel ? { plannedByModel } : {}),
    ...(options.reps ? { reps: options.reps } : {}),
    ...(disputedBranches ? { disputedBranches } : {}),
  });
  if (!scored.ok) return scored;
  const results = scored.value.results;

  const tasks = options.recheck && packDir ? new Map(loadTeamPack(packDir).tasks.map((t) => [t.task.id, t])) : null;
  const runs: TeamResultRun[] = [];
  let rechecked = 0;
  let disagree = 0;
  let notRechecked = 0;
  for (const rel of runFilesUnder(path.join(dir, 'transcripts')).map((f) => `transcripts/${f}`)) {
    const m = RUN_FILE.exec(rel);
    if (!m) continue;
    const read = readTranscript(path.join(dir, ...rel.split('/')));
    if (!read) continue; // named in results.problems by the scorer
    const { run: t, full } = read;
    const version = m[4] as Version;
    const task = tasks?.get(m[2]!)?.versions[version];
    const recheck = !tasks
      ? null
      : !task
        ? ({ status: 'not_rechecked', why: `the pack has no task ${m[2]}` } as const)
        : !full
          ? ({ status: 'not_rechecked', why: 'its final state does not match the transcript schema (see the warnings)' } as const)
          : await recheckTranscript(task, full, options.runTests ?? null);
    if (recheck?.status === 'not_rechecked') notRechecked++;
    else if (recheck) {
      rechecked++;
      if (recheck.status === 'disagrees') disagree++;
    }
    runs.push({
      runId: runIdOf.get(rel) ?? null,
      model: t.model,
      participant: t.model.startsWith('human:') ? t.model.slice('human:'.length) : t.model,
      dimension: m[1]!,
      task: m[2]!,
      version,
      seed: Number(m[5]),
      pass: t.score.pass,
      value: runValue(t.score),
      outcome: t.score.outcome,
      reason: reasonLine(t.score),
      recheck,
    });
  }
  return ok({
    ...empty,
    pooledGate: results.design?.pooled_gate ?? '',
    dimensions: results.dimensions,
    runs,
    rows: scoreRows(results),
    problems: [...results.problems, ...(results.warnings ?? []).map((w) => `warning: ${w}`)],
    ...missingOf(results.missing_runs, state),
    recheck: tasks ? { rechecked, disagree, notRechecked, used: 'the recorded score; the re-check is reported only' } : null,
  });
}

/** Planned runs absent from the folder: not played yet, or voided with no attempt played again (issue 25). */
function missingOf(missing: FinalResults['missing_runs'], state: StudyState | null): Pick<TeamResults, 'missingRuns' | 'voidedRuns'> {
  const voided = state ? voidedAndNotReplayed(state, missing).length : 0;
  return { missingRuns: missing.length - voided, voidedRuns: voided };
}

function scoreRows(r: FinalResults): ScoreRow[] {
  return r.models.map((model) => {
    const dimensions: Record<string, DimensionScore> = {};
    for (const [d, c] of Object.entries(r.cells[model] ?? {})) {
      dimensions[d] = {
        test: c.test,
        test_ci: c.test_ci,
        alone: c.alone,
        baseline: c.baseline,
        teamwork_loss: c.teamwork_loss,
        n_gated: c.n_gated,
        n_scenarios: c.n_scenarios,
        n_complete: c.n_complete,
        n_baseline: c.n_baseline,
        gating: c.gating ?? null,
        n_participants: c.n_participants ?? null,
      };
    }
    const o = r.overall[model]!;
    return {
      model,
      dimensions,
      overall: { score: o.score, ci: o.ci, baseline: o.baseline, teamwork_loss: o.teamwork_loss, n_gated: o.n_gated, n_scenarios: o.n_scenarios, n_scenarios_complete: o.n_scenarios_complete },
    };
  });
}

/** What scoring reads of a run file (lenient, as the scorer), and the whole transcript when it matches the schema. */
function readTranscript(file: string): { run: RunRecord; full: BenchmarkTranscript | null } | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const run = readRunText(text);
  if (!run.ok) return null;
  const parsed = run.value.warnings.length === 0 ? benchmarkTranscriptSchema.safeParse(parsePythonJson(text)) : null;
  return { run: run.value, full: parsed?.success ? parsed.data : null };
}
