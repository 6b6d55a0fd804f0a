import type { Rng } from '../../stats/prng.js';
import { mean } from './bootstrap.js';
import { emptyCell, interval, pairedLoss, runValue, type ByVersion, type DimensionResult } from './cells.js';
import type { DimensionCell, OverallCell, ScenarioCell } from './resultTypes.js';

/** The pooled human row's id. */
export const POOLED_HUMAN = 'human:all';

export interface Participant {
  model: string;
  dims: Map<string, Map<string, ByVersion>>;
  /** Their own row (within design: the benchmark's rule), by dimension. */
  cells: Map<string, DimensionResult>;
  overall: OverallCell;
}

export interface PooledRow {
  cells: Record<string, DimensionCell>;
  overall: OverallCell;
}

const meanOf = (xs: Array<number | null>): number | null => mean(xs.filter((x): x is number => x !== null));

/** Draws `n` participant indices with replacement and returns how often each was drawn. */
function drawWeights(n: number, rng: Rng, into: Int32Array): void {
  into.fill(0);
  for (let i = 0; i < n; i++) into[rng.int(n)]!++;
}

/**
 * Within design: every value is the mean over participants of their own values (nulls left out), counts are totals
 * over participants. Bootstrap: draw participants with replacement, then resample each drawn participant's gated
 * scenarios within the dimension; a replicate is the mean over the drawn participants.
 */
export function pooledWithin(people: Participant[], dimensions: string[], reps: number, rng: Rng): PooledRow {
  const cells: Record<string, DimensionCell> = {};
  const P = people.length;
  const dimReps = dimensions.map(() => new Array<number>(reps));
  const overallReps = new Array<number>(reps);
  const weights = new Int32Array(P);
  // Each participant's test values per dimension (null: none), looked up once and not once per replicate.
  const values = people.map((p) =>
    dimensions.map((d) => {
      const v = p.cells.get(d)?.testValues;
      return v && v.length > 0 ? Float64Array.from(v) : null;
    }),
  );
  const dimSum = new Float64Array(dimensions.length);
  const dimN = new Int32Array(dimensions.length);
  for (let r = 0; r < reps; r++) {
    drawWeights(P, rng, weights);
    dimSum.fill(0);
    dimN.fill(0);
    let overallSum = 0;
    let overallN = 0;
    for (let p = 0; p < P; p++) {
      const mine = values[p]!;
      for (let k = 0; k < (weights[p] as number); k++) {
        let own = 0;
        let ownN = 0;
        for (let di = 0; di < mine.length; di++) {
          const v = mine[di];
          if (!v) continue;
          const x = rng.meanOfDraws(v);
          dimSum[di]! += x;
          dimN[di]!++;
          own += x;
          ownN++;
        }
        if (ownN > 0) {
          overallSum += own / ownN;
          overallN++;
        }
      }
    }
    for (let di = 0; di < dimensions.length; di++) dimReps[di]![r] = dimN[di] === 0 ? Number.NaN : (dimSum[di] as number) / (dimN[di] as number);
    overallReps[r] = overallN === 0 ? Number.NaN : overallSum / overallN;
  }

  dimensions.forEach((d, di) => {
    const own = people.map((p) => p.cells.get(d)?.cell).filter((c): c is DimensionCell => c !== undefined && c.n_scenarios > 0);
    if (own.length === 0) {
      cells[d] = { ...emptyCell('mean_of_participants'), n_participants: 0 };
      return;
    }
    const test = meanOf(own.map((c) => c.test));
    cells[d] = {
      test,
      test_ci: interval(test, dimReps[di]!),
      alone: meanOf(own.map((c) => c.alone)),
      baseline: meanOf(own.map((c) => c.baseline)),
      n_baseline: own.reduce((n, c) => n + c.n_baseline, 0),
      n_gated: own.reduce((n, c) => n + c.n_gated, 0),
      n_complete: own.reduce((n, c) => n + c.n_complete, 0),
      n_scenarios: own.reduce((n, c) => n + c.n_scenarios, 0),
      teamwork_loss: meanOf(own.map((c) => c.teamwork_loss)),
      scenarios: pooledScenarioRows(own),
      gating: 'mean_of_participants',
      n_participants: own.length,
    };
  });
  const score = meanOf(people.map((p) => p.overall.score));
  const overall: OverallCell = {
    score,
    ci: interval(score, overallReps),
    baseline: meanOf(people.map((p) => p.overall.baseline)),
    teamwork_loss: meanOf(people.map((p) => p.overall.teamwork_loss)),
    n_gated: people.reduce((n, p) => n + p.overall.n_gated, 0),
    n_scenarios_complete: people.reduce((n, p) => n + p.overall.n_scenarios_complete, 0),
    n_scenarios: people.reduce((n, p) => n + p.overall.n_scenarios, 0),
    n_participants: P,
  };
  return { cells, overall };
}

/** Informational rows of the within pooled cell: per scenario, the mean of participants' rates; gated when gated for all who played it. */
function pooledScenarioRows(own: DimensionCell[]): ScenarioCell[] {
  const by = new Map<string, ScenarioCell[]>();
  for (const c of own) for (const s of c.scenarios) by.set(s.path, [...(by.get(s.path) ?? []), s]);
  return [...by.keys()].sort().map((path) => {
    const rows = by.get(path)!;
    return { path, gated: rows.every((s) => s.gated), manipulation: meanOf(rows.map((s) => s.manipulation)), control: meanOf(rows.map((s) => s.control)) };
  });
}

/** Whether a pooled alone pass rate gates a scenario in: `atLeast` when the study names a rate, else a strict majority. */
export function pooledGate(aloneRate: number | null, atLeast: number | null): boolean {
  if (aloneRate === null) return false;
  return atLeast === null ? aloneRate > 0.5 : aloneRate >= atLeast;
}

interface ScenarioRuns {
  /** Per participant index: sum of manipulation values and number of manipulation runs. */
  sum: Float64Array;
  count: Int32Array;
}

/**
 * Between design: each scenario pools every participant's runs. It is gated in when its alone runs pass at the
 * study's rate (default a strict majority); the test score is the mean manipulation value over gated scenarios.
 * Bootstrap: draw participants with replacement (their runs weigh as often as drawn), then resample the gated
 * scenarios that still have manipulation runs within the dimension; gating stays as in the data.
 */
export function pooledBetween(people: Participant[], dimensions: string[], reps: number, rng: Rng, gateAtLeast: number | null): PooledRow {
  const P = people.length;
  const cells: Record<string, DimensionCell> = {};
  const gatedRuns: ScenarioRuns[][] = [];
  const dimsUsed: string[] = [];
  for (const d of dimensions) {
    const names = [...new Set(people.flatMap((p) => [...(p.dims.get(d)?.keys() ?? [])]))].sort();
    if (names.length === 0) {
      cells[d] = { ...emptyCell('pooled_alone_rate'), n_participants: 0 };
      continue;
    }
    const rows: ScenarioCell[] = [];
    const runs: ScenarioRuns[] = [];
    let complete = 0;
    let gatedComplete = 0;
    for (const name of names) {
      const played = people.map((p) => p.dims.get(d)?.get(name));
      const all = (v: 'alone' | 'control' | 'manipulation') => played.flatMap((b) => (b ? [...b[v].values()] : []));
      const alone = all('alone');
      const aloneRate = alone.length === 0 ? null : alone.filter((r) => r.score.pass).length / alone.length;
      const manipulation = all('manipulation');
      const control = all('control');
      const gated = pooledGate(aloneRate, gateAtLeast);
      if (alone.length > 0 && control.length > 0 && manipulation.length > 0) {
        complete++;
        if (gated) gatedComplete++;
      }
      const m = mean(manipulation.map((r) => runValue(r.score)));
      rows.push({ path: `${d}/${name}`, gated, manipulation: m, control: mean(control.map((r) => runValue(r.score))), alone_rate: aloneRate });
      if (gated && m !== null) {
        const sr: ScenarioRuns = { sum: new Float64Array(P), count: new Int32Array(P) };
        played.forEach((b, p) => {
          if (!b) return;
          sr.sum[p] = [...b.manipulation.values()].reduce((s, r) => s + runValue(r.score), 0);
          sr.count[p] = b.manipulation.size;
        });
        runs.push(sr);
      }
    }
    const testValues = rows.filter((r) => r.gated && r.manipulation !== null).map((r) => r.manipulation as number);
    const baselineValues = rows.filter((r) => r.gated && r.control !== null).map((r) => r.control as number);
    const test = mean(testValues);
    const baseline = mean(baselineValues);
    const nGated = rows.filter((r) => r.gated).length;
    cells[d] = {
      test,
      test_ci: [null, null],
      alone: complete === 0 ? null : gatedComplete / complete,
      baseline,
      n_baseline: baselineValues.length,
      n_gated: nGated,
      n_complete: complete,
      n_scenarios: rows.length,
      teamwork_loss: pairedLoss(rows),
      scenarios: rows,
      gating: 'pooled_alone_rate',
      n_participants: people.filter((p) => p.dims.has(d)).length,
    };
    gatedRuns.push(runs);
    dimsUsed.push(d);
  }

  const dimReps = dimsUsed.map(() => new Array<number>(reps));
  const overallReps = new Array<number>(reps);
  const weights = new Int32Array(P);
  // The replicate's available scenario values: at most every gated scenario of the dimension.
  const available = new Float64Array(Math.max(0, ...gatedRuns.map((runs) => runs.length)));
  for (let r = 0; r < reps; r++) {
    drawWeights(P, rng, weights);
    let oSum = 0;
    let oN = 0;
    dimsUsed.forEach((_, di) => {
      let nAvailable = 0;
      for (const sr of gatedRuns[di]!) {
        let sum = 0;
        let count = 0;
        for (let p = 0; p < P; p++) {
          const w = weights[p] as number;
          if (w === 0 || sr.count[p] === 0) continue;
          sum += w * (sr.sum[p] as number);
          count += w * (sr.count[p] as number);
        }
        if (count > 0) available[nAvailable++] = sum / count;
      }
      const x = nAvailable === 0 ? Number.NaN : rng.meanOfDraws(available.subarray(0, nAvailable));
      dimReps[di]![r] = x;
      if (!Number.isNaN(x)) {
        oSum += x;
        oN++;
      }
    });
    overallReps[r] = oN === 0 ? Number.NaN : oSum / oN;
  }
  dimsUsed.forEach((d, di) => (cells[d]!.test_ci = interval(cells[d]!.test, dimReps[di]!)));

  const dimensionCells = Object.values(cells);
  const score = meanOf(dimensionCells.map((c) => c.test));
  const baseline = meanOf(dimensionCells.map((c) => c.baseline));
  const overall: OverallCell = {
    score,
    ci: interval(score, overallReps),
    baseline,
    // As for every row: the mean of the dimension losses (each paired over gated scenarios).
    teamwork_loss: meanOf(dimensionCells.map((c) => c.teamwork_loss)),
    n_gated: dimensionCells.reduce((n, c) => n + c.n_gated, 0),
    n_scenarios_complete: dimensionCells.reduce((n, c) => n + c.n_complete, 0),
    n_scenarios: dimensionCells.reduce((n, c) => n + c.n_scenarios, 0),
    n_participants: P,
  };
  return { cells, overall };
}
