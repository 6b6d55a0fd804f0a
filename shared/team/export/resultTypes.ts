import type { BenchmarkScore, Version } from './transcriptSchema.js';

/** The shapes of `final_results.json` (FORMATS.md §2); fields past the benchmark's are Teamseat's and documented in README.md. */

export interface ScoredRun {
  model: string;
  dimension: string;
  scenario: string;
  version: Version;
  seed: number;
  score: BenchmarkScore;
  /** Where the run was read from, when known: named when it cannot be used. */
  file?: string;
}

/** The runs a study plans, so absent ones are listed in `missing_runs`. */
export interface PlannedScenario {
  dimension: string;
  scenario: string;
  seeds: Record<Version, number[]>;
}

export interface ScenarioCell {
  path: string;
  gated: boolean;
  manipulation: number | null;
  control: number | null;
  /** Pooled between-design row only: the alone pass rate over everyone's alone runs, which the gate compares. */
  alone_rate?: number | null;
}

export interface DimensionCell {
  test: number | null;
  test_ci: [number | null, number | null];
  alone: number | null;
  baseline: number | null;
  n_baseline: number;
  n_gated: number;
  n_complete: number;
  n_scenarios: number;
  teamwork_loss: number | null;
  scenarios: ScenarioCell[];
  /** Present when the row is not gated by the benchmark's per-model rule: `none` or `pooled` (see README.md). */
  gating?: 'none' | 'pooled_alone_rate' | 'mean_of_participants';
  /** Pooled human row only: participants whose runs it pools. */
  n_participants?: number;
}

export interface OverallCell {
  score: number | null;
  ci: [number | null, number | null];
  baseline: number | null;
  teamwork_loss: number | null;
  n_gated: number;
  n_scenarios_complete: number;
  n_scenarios: number;
  n_participants?: number;
}

export interface MissingRun {
  model: string;
  dimension: string;
  scenario: string;
  version: Version;
  /** null: no run of this version exists anywhere, so which seeds were meant is not known (never guessed). */
  seed: number | null;
}

export type Design = 'within' | 'between';

export interface BootstrapInfo {
  reps: number;
  seed: number;
  resample: string;
  interval: string;
  /** How the pooled `human:all` row resamples (present when there are human runs). */
  human_all?: string;
}

export interface FinalResults {
  models: string[];
  dimensions: string[];
  overall: Record<string, OverallCell>;
  cells: Record<string, Record<string, DimensionCell>>;
  rule: string;
  bootstrap: BootstrapInfo;
  excluded_provider_refusals: { model: string; dimension: string }[];
  hand_audit: null;
  problems: string[];
  missing_runs: MissingRun[];
  /** Teamseat: run files not scored (each named in `problems`); `npm run score` exits non-zero when it is above 0. */
  skipped?: number;
  /** Teamseat: fields scoring does not read that differ from the transcript schema, grouped; those runs are scored. */
  warnings?: string[];
  /** Teamseat: the design the human rows were scored under, and the pooled gate. */
  design?: { design: Design; pooled_gate: string };
  /** Teamseat: the runs re-checked against a pack (`--study`); the recorded scores are the ones used above. */
  recheck?: RecheckReport;
}

export interface RecheckReport {
  pack: string;
  used: 'recorded';
  rechecked: number;
  disagreements: Array<{ file: string; recorded: { pass: boolean; outcome: string }; rechecked: { pass: boolean; outcome: string; reason: string } }>;
  not_rechecked: Array<{ file: string; why: string }>;
}
