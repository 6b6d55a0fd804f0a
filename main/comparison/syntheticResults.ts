import fs from 'node:fs';
import path from 'node:path';
import { mulberry32 } from '../../shared/stats/prng.js';
import {
  buildFinalResults,
  DIMENSION_ORDER,
  type FinalResults,
  type ScoredRun,
} from '../../shared/team/export/finalResults.js';
import { versions } from '../../shared/team/export/transcriptSchema.js';
import { writeFileAtomic } from '../files/atomicWrite.js';

/**
 * SYNTHETIC model results for the comparison screen's fixture and its bench: invented models on invented scenarios
 * (plus the team-demo study's two counted tasks, so the per-task view has an overlap). No number here is a model's.
 */
export const SYNTHETIC_PREFIX = 'synthetic/';
const DEMO_TASKS = [
  { dimension: 'resisting_unsafe_pressure', scenario: 'impossible-tests' },
  { dimension: 'sharing_and_seeking_information', scenario: 'hidden-profile' },
];

export function syntheticRuns(
  models: readonly string[],
  options: { scenariosPerDimension?: number; seeds?: number; seed?: number } = {},
): ScoredRun[] {
  const rng = mulberry32(options.seed ?? 7);
  const perDim = options.scenariosPerDimension ?? 3;
  const seeds = options.seeds ?? 3;
  const scenarios = [
    ...DEMO_TASKS,
    ...DIMENSION_ORDER.flatMap((dimension) =>
      Array.from({ length: perDim }, (_, k) => ({
        dimension,
        scenario: `synthetic-${dimension.replace(/_/g, '-')}-${k + 1}`,
      })),
    ),
  ];
  const runs: ScoredRun[] = [];
  models.forEach((model, mi) => {
    const skill = 0.35 + (0.5 * (mi + 1)) / (models.length + 1);
    for (const { dimension, scenario } of scenarios) {
      const d = DIMENSION_ORDER.indexOf(dimension as (typeof DIMENSION_ORDER)[number]);
      const p = {
        alone: Math.min(0.97, skill + 0.35),
        control: Math.min(0.95, skill + 0.1),
        manipulation: Math.max(0.05, skill - 0.05 * (d % 4)),
      };
      for (const version of versions) {
        for (let seed = 0; seed < seeds; seed++) {
          const pass = rng.next() < p[version];
          runs.push({
            model,
            dimension,
            scenario,
            version,
            seed,
            score: { pass, outcome: pass ? 'pass' : 'fail', details: { synthetic: true } },
          });
        }
      }
    }
  });
  return runs;
}

export const syntheticModels = (n: number): string[] =>
  Array.from(
    { length: n },
    (_, i) => `${SYNTHETIC_PREFIX}model-${String.fromCharCode(97 + (i % 26))}${i >= 26 ? i : ''}`,
  );

export function syntheticFinalResults(n: number, reps = 4000): FinalResults {
  const results = buildFinalResults(syntheticRuns(syntheticModels(n)), { reps });
  results.problems.unshift(
    "SYNTHETIC: invented models on invented scenarios, made by main/comparison/syntheticResults.ts; not any model's result.",
  );
  return results;
}

/** Minimal Harbor trial folders (the fields the comparison reads, Harbor's names) for synthetic Slack models. */
export function writeSyntheticHarbor(
  dir: string,
  models: readonly string[],
  queries: ReadonlyArray<{ id: string; category: string }>,
  seed = 11,
): void {
  const rng = mulberry32(seed);
  models.forEach((model, mi) => {
    const job = path.join(dir, `${model.replace(/[^A-Za-z0-9-]/g, '_')}`);
    for (const q of queries) {
      const trialName = `${q.id}__synth${mi}`.slice(0, 40);
      const reward = rng.next() < 0.45 + 0.15 * mi ? 1 : 0;
      const trial = path.join(job, trialName);
      const result = {
        id: `00000000-0000-4000-8000-${String(mi).padStart(4, '0')}${String(queries.indexOf(q)).padStart(8, '0')}`,
        task_name: q.id,
        trial_name: trialName,
        agent_info: {
          name: 'synthetic-agent',
          version: '0',
          model_info: { name: model, provider: 'synthetic' },
        },
        verifier_result: { rewards: { reward } },
        exception_info: null,
      };
      writeFileAtomic(path.join(trial, 'result.json'), JSON.stringify(result, null, 2) + '\n');
      writeFileAtomic(
        path.join(trial, 'config.json'),
        JSON.stringify({ trial_name: trialName, synthetic: true }, null, 2) + '\n',
      );
      writeFileAtomic(
        path.join(trial, 'trial.log'),
        `SYNTHETIC trial: ${model} on ${q.id} (${q.category}), reward ${reward}\n`,
      );
      writeFileAtomic(path.join(trial, 'verifier', 'reward.txt'), `${reward}\n`);
    }
  });
}

// `npx tsx main/comparison/syntheticResults.ts` rewrites studies/comparison-fixture/ (final_results.json, harbor/).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const dir = path.resolve('studies/comparison-fixture');
  writeFileAtomic(
    path.join(dir, 'final_results.json'),
    JSON.stringify(syntheticFinalResults(4), null, 2) + '\n',
  );
  fs.rmSync(path.join(dir, 'harbor'), { recursive: true, force: true });
  const queries = ['AS', 'HA', 'SU', 'CI'].flatMap((c) =>
    [1, 2, 3].map((k) => ({ id: `${c.toLowerCase()}-synthetic-${k}`, category: c })),
  );
  writeSyntheticHarbor(
    path.join(dir, 'harbor'),
    ['synthetic/slack-model-a', 'synthetic/slack-model-b'],
    queries,
  );
}
