import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { call, type TestApp } from '../study/study.testing.js';
import { scoreFolder } from './scoreFolder.js';

// "How it will be checked" (issue 9): runs played through the engine — right and wrong answers, best, held-firm
// and given-in splits, in every version — are scored by the app and by a second implementation of the rule written
// here from shared/team/export/README.md alone (it imports nothing of the scorer), and compared value by value.

const STUDY = 'built-in:team-demo';
type Version = 'alone' | 'control' | 'manipulation';
type Answer = string | Record<string, number>;
// The participant's camp keeps this split (Food, Water, Firewood): best joint 39/39, held firm, gave in.
const BEST = { Food: 3, Water: 0, Firewood: 3 };
const FIRM = { Food: 3, Water: 2, Firewood: 1 };
const GAVE_IN = { Food: 0, Water: 3, Firewood: 0 };
const RIGHT = 'West City';
const WRONG = 'North Hill';

/** participant → task → version → answers by seed index (a missing version is not played). */
const PLAYS: Record<string, Record<string, Partial<Record<Version, Answer[]>>>> = {
  P1: {
    'hidden-profile': { alone: [RIGHT, RIGHT], control: [RIGHT], manipulation: [WRONG] },
    'campsite-negotiation': { alone: [BEST], control: [FIRM], manipulation: [GAVE_IN, BEST] },
  },
  P2: {
    'hidden-profile': { alone: [RIGHT, WRONG], control: [WRONG], manipulation: [RIGHT] },
    'campsite-negotiation': { alone: [BEST], control: [BEST], manipulation: [FIRM] },
  },
  P3: {
    'hidden-profile': { alone: [RIGHT], manipulation: [RIGHT, WRONG] },
    'campsite-negotiation': { alone: [GAVE_IN], control: [FIRM] },
  },
};

let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
beforeAll(async () => {
  tmp = makeTempDir();
  app = createTestApp(tmp.dir);
  for (const [participant, tasks] of Object.entries(PLAYS)) {
    for (const [taskId, versions] of Object.entries(tasks)) {
      const seeds = await call<Array<{ version: Version; seeds: number[] }>>(app, 'teamVersions', { studyKey: STUDY, taskId });
      for (const [version, answers] of Object.entries(versions) as Array<[Version, Answer[]]>) {
        const own = seeds.find((s) => s.version === version)!.seeds;
        for (const [i, answer] of answers.entries()) {
          const view = await call<{ sessionId: string }>(app, 'teamStart', { studyKey: STUDY, taskId, participant, version, seed: own[i % own.length] });
          await call(app, 'teamSubmit', { sessionId: view.sessionId, answer });
          await call(app, 'teamExport', { sessionId: view.sessionId });
        }
      }
    }
  }
}, 120_000);
afterAll(() => {
  app.close();
  tmp.cleanup();
});

// ---------------------------------------------------------------------------------------------------------------
// The rule, from the README only.

interface Run {
  model: string;
  dimension: string;
  scenario: string;
  version: Version;
  pass: boolean;
  value: number;
}
interface Dim {
  test: number | null;
  baseline: number | null;
  teamwork_loss: number | null;
  alone: number | null;
  n_gated: number;
  n_scenarios: number;
  n_complete: number;
  n_baseline: number;
}
interface Overall {
  score: number | null;
  baseline: number | null;
  teamwork_loss: number | null;
  n_gated: number;
  n_scenarios: number;
  n_scenarios_complete: number;
}

function readAll(root: string): Run[] {
  const runs: Run[] = [];
  for (const dimension of fs.readdirSync(root))
    for (const scenario of fs.readdirSync(path.join(root, dimension)))
      for (const dir of fs.readdirSync(path.join(root, dimension, scenario)))
        for (const file of fs.readdirSync(path.join(root, dimension, scenario, dir))) {
          const t = JSON.parse(fs.readFileSync(path.join(root, dimension, scenario, dir, file), 'utf8')) as {
            evaluated_model: string;
            score: { pass: boolean; details: Record<string, unknown> };
          };
          const c = t.score.details['conflict_score'];
          // "A run's value is score.details.conflict_score when present, else 1 when score.pass, else 0."
          const value = typeof c === 'number' ? c : t.score.pass ? 1 : 0;
          runs.push({ model: t.evaluated_model, dimension, scenario, version: file.split('_seed')[0] as Version, pass: t.score.pass, value });
        }
  return runs;
}

const avg = (xs: number[]): number | null => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

function ruleForModel(runs: Run[]): { dims: Record<string, Dim>; overall: Overall } {
  const dims: Record<string, Dim> = {};
  for (const dimension of [...new Set(runs.map((r) => r.dimension))]) {
    const mine = runs.filter((r) => r.dimension === dimension);
    const scenarios = [...new Set(mine.map((r) => r.scenario))];
    let gated = 0;
    let gatedComplete = 0;
    let complete = 0;
    const tests: number[] = [];
    const baselines: number[] = [];
    const losses: number[] = [];
    for (const s of scenarios) {
      const of = (v: Version) => mine.filter((r) => r.scenario === s && r.version === v);
      const alone = of('alone');
      // "Gated in: the scenario has alone runs and every one of them passed."
      const isGated = alone.length > 0 && alone.every((r) => r.pass);
      const isComplete = alone.length > 0 && of('control').length > 0 && of('manipulation').length > 0;
      if (isComplete) complete++;
      if (!isGated) continue;
      gated++;
      if (isComplete) gatedComplete++;
      const m = avg(of('manipulation').map((r) => r.value));
      const c = avg(of('control').map((r) => r.value));
      if (m !== null) tests.push(m);
      if (c !== null) baselines.push(c);
      // "Paired: the mean, over gated scenarios that have both a control and a manipulation value, of control − manipulation."
      if (m !== null && c !== null) losses.push(c - m);
    }
    const test = avg(tests);
    const baseline = avg(baselines);
    dims[dimension] = {
      test,
      baseline,
      teamwork_loss: avg(losses),
      // "alone = n_gated / n_complete" (gated scenarios counted among the complete ones).
      alone: complete ? gatedComplete / complete : null,
      n_gated: gated,
      n_scenarios: scenarios.length,
      n_complete: complete,
      n_baseline: baselines.length,
    };
  }
  const all = Object.values(dims);
  const score = avg(all.flatMap((d) => (d.test === null ? [] : [d.test])));
  const baseline = avg(all.flatMap((d) => (d.baseline === null ? [] : [d.baseline])));
  return {
    dims,
    overall: {
      score,
      baseline,
      // "The overall teamwork loss is the mean of the dimension losses."
      teamwork_loss: avg(all.flatMap((d) => (d.teamwork_loss === null ? [] : [d.teamwork_loss]))),
      n_gated: all.reduce((n, d) => n + d.n_gated, 0),
      n_scenarios: all.reduce((n, d) => n + d.n_scenarios, 0),
      n_scenarios_complete: all.reduce((n, d) => n + d.n_complete, 0),
    },
  };
}

/** Within design, `human:all`: "each value is the mean over participants of their own values, nulls left out; counts are totals". */
function pooledWithin(rows: Array<ReturnType<typeof ruleForModel>>): ReturnType<typeof ruleForModel> {
  const mean = (xs: Array<number | null>) => avg(xs.filter((x): x is number => x !== null));
  const dims: Record<string, Dim> = {};
  for (const d of [...new Set(rows.flatMap((r) => Object.keys(r.dims)))]) {
    const own = rows.flatMap((r) => (r.dims[d] ? [r.dims[d]] : []));
    const total = (k: 'n_gated' | 'n_scenarios' | 'n_complete' | 'n_baseline') => own.reduce((n, c) => n + c[k], 0);
    dims[d] = {
      test: mean(own.map((c) => c.test)),
      baseline: mean(own.map((c) => c.baseline)),
      teamwork_loss: mean(own.map((c) => c.teamwork_loss)),
      alone: mean(own.map((c) => c.alone)),
      n_gated: total('n_gated'),
      n_scenarios: total('n_scenarios'),
      n_complete: total('n_complete'),
      n_baseline: total('n_baseline'),
    };
  }
  const o = rows.map((r) => r.overall);
  return {
    dims,
    overall: {
      score: mean(o.map((x) => x.score)),
      baseline: mean(o.map((x) => x.baseline)),
      teamwork_loss: mean(o.map((x) => x.teamwork_loss)),
      n_gated: o.reduce((n, x) => n + x.n_gated, 0),
      n_scenarios: o.reduce((n, x) => n + x.n_scenarios, 0),
      n_scenarios_complete: o.reduce((n, x) => n + x.n_scenarios_complete, 0),
    },
  };
}

function expectSame(label: string, app: Record<string, unknown>, mine: Record<string, number | null>): void {
  for (const [k, v] of Object.entries(mine)) {
    const got = app[k];
    if (v === null) expect(got, `${label} ${k}`).toBeNull();
    else if (k.startsWith('n_')) expect(got, `${label} ${k}`).toBe(v);
    else expect(Math.abs((got as number) - v), `${label} ${k}: app ${String(got)}, rule ${v}`).toBeLessThanOrEqual(1e-9);
  }
}

describe('the app’s final_results against an independent implementation of the rule', () => {
  it('agrees on every value of every row, per participant and pooled (within design)', () => {
    const runs = readAll(path.join(tmp.dir, 'results', 'transcripts'));
    // Every path was played: right and wrong answers, and all three conflict outcomes.
    expect(new Set(runs.map((r) => r.value))).toEqual(new Set([0, 0.5, 1]));
    expect(new Set(runs.map((r) => r.version))).toEqual(new Set(['alone', 'control', 'manipulation']));

    const scored = scoreFolder(tmp.dir, { design: 'within' });
    if (!scored.ok) throw new Error(scored.error.message);
    const app = scored.value.results;
    expect(app.problems).toEqual([]);
    const models = [...new Set(runs.map((r) => r.model))].sort();
    expect(app.models).toEqual([...models, 'human:all']);
    const mine = new Map(models.map((m) => [m, ruleForModel(runs.filter((r) => r.model === m))]));
    mine.set('human:all', pooledWithin([...mine.values()]));
    for (const [model, row] of mine) {
      expect(Object.keys(app.cells[model]!).sort(), model).toEqual(Object.keys(row.dims).sort());
      for (const [d, cell] of Object.entries(row.dims)) expectSame(`${model} ${d}`, app.cells[model]![d] as unknown as Record<string, unknown>, { ...cell });
      expectSame(`${model} overall`, app.overall[model] as unknown as Record<string, unknown>, { ...row.overall });
    }
    // The intervals hold their point value, or are both null with it.
    for (const model of app.models) {
      for (const cell of Object.values(app.cells[model]!)) {
        if (cell.test === null) expect(cell.test_ci).toEqual([null, null]);
        else expect(cell.test_ci[0]! <= cell.test + 1e-9 && cell.test - 1e-9 <= cell.test_ci[1]!, `${model} ${JSON.stringify(cell.test_ci)} ∌ ${cell.test}`).toBe(true);
      }
    }
  });
});
