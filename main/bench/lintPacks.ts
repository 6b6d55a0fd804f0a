import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PyodideTestRunner } from '../pyodide/testRunner.js';
import { loadTeamPack } from '../team/pack/loadPack.js';
import { loadLabelTests } from '../team/pack/loadLabelTests.js';
import { isTeamPack, lintPack, sharedHiddenRunner } from '../team/pack/lintPack.js';
import { rulesStatusOf } from '../../shared/team/labelTests/rulesStatus.js';
import { median, type BenchRow } from './types.js';

const ROUNDS = 5;

async function timed(f: () => unknown): Promise<number> {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
}

/**
 * `npm run lint-packs` over the whole built-in library (every team pack: each declared path played, hidden tests in
 * one Pyodide worker, and each task's rules run over its label test set), beside loading the same packs alone, and
 * the label tests alone (each set read and every message of both halves labelled by the rules).
 */
export async function benchLintPacks(appRoot: string): Promise<BenchRow[]> {
  // As lint-packs lists them (its CLI module runs itself when it is the entry, so it is not imported into the bench).
  const studies = path.join(appRoot, 'studies');
  const packs = fs.readdirSync(studies).map((n) => path.join(studies, n)).filter(isTeamPack).sort();
  const load = async () => {
    for (const dir of packs) loadTeamPack(dir);
  };
  const labelTests = async () => {
    for (const dir of packs) for (const t of loadTeamPack(dir).tasks) rulesStatusOf(t.versions, loadLabelTests(dir, t).set);
  };
  const loads: number[] = [];
  const tests: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    loads.push(await timed(load));
    tests.push(await timed(labelTests));
  }
  const python = new PyodideTestRunner();
  const lints: number[] = [];
  try {
    // A fresh hidden-test cache per round, as one `npm run lint-packs` has; the worker itself stays warm after round 1.
    for (let i = 0; i < 3; i++) {
      const runHidden = sharedHiddenRunner(python);
      lints.push(await timed(async () => {
        for (const dir of packs) await lintPack(dir, runHidden);
      }));
    }
  } finally {
    await python.dispose();
  }
  const loadMs = median(loads);
  return [
    { name: `load the ${packs.length} team packs alone (median of ${ROUNDS})`, value: loadMs, unit: 'ms' },
    { name: `label tests: load + rules over every set (median of ${ROUNDS})`, value: median(tests), unit: 'ms', baseline: { name: 'load alone', value: loadMs } },
    { name: 'lint-packs, whole library (first run, cold Pyodide)', value: lints[0]!, unit: 'ms', baseline: { name: 'load alone', value: loadMs } },
    { name: 'lint-packs, whole library (median of warm runs)', value: median(lints.slice(1)), unit: 'ms', baseline: { name: 'load alone', value: loadMs } },
  ];
}
