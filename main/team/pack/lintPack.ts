import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { readPackText } from '../../packs/readPackText.js';
import { lintTaskText } from '../../../shared/team/pack/lintTask.js';
import { lintPaths } from '../../../shared/team/checker/lintPaths.js';
import type { HiddenTestRunner, PlayedPath } from '../../../shared/team/checker/playPath.js';
import type { TestFileResult } from '../../../shared/team/checker/finalState.js';
import { sha256 } from '../../../shared/team/checker/sha256.js';
import type { PyodideTestRunner } from '../../pyodide/testRunner.js';
import { rulesStatusOf, type RulesStatus } from '../../../shared/team/labelTests/rulesStatus.js';
import { loadLabelTests, strayLabelTests } from './loadLabelTests.js';
import { loadTeamPack } from './loadPack.js';
import type { LocatedProblem } from './loadTask.js';
import { locate, parseLocated, parsePath } from './yamlLocation.js';

export interface PackLint {
  tasks: number;
  problems: LocatedProblem[];
  /** Every declared path played, for a report or the task card. */
  played: Array<{ task: string; version: string; kind: string; seed: number; played: PlayedPath }>;
  /** Each task's rules run over its label test set (label-tests/<task id>.yaml), in the pack's task order. */
  labelTests: Array<{ task: string; file: string | null; status: RulesStatus }>;
}

/** Whether a folder is a team study pack (its study.yaml says `kind: team`). */
export function isTeamPack(dir: string): boolean {
  try {
    const text = readPackText(path.join(dir, 'study.yaml'));
    if (!text.ok) return false;
    const manifest = parse(text.text) as { kind?: unknown } | null;
    return manifest?.kind === 'team';
  } catch {
    return false;
  }
}

/**
 * The pack linter (`npm run lint-packs`, and a test over every pack in studies/): everything loading checks,
 * then a source, three versions that differ, every stated fact traced, each declared path played, and each task's
 * rules labeller measured on its label test set.
 */
export async function lintPack(packDir: string, runHidden?: HiddenTestRunner): Promise<PackLint> {
  const loaded = loadTeamPack(packDir);
  const problems: LocatedProblem[] = [...loaded.problems];
  const played: PackLint['played'] = [];
  const labelTests: PackLint['labelTests'] = [];
  problems.push(...strayLabelTests(packDir, loaded.tasks.map((t) => t.task.id)));
  for (const t of loaded.tasks) {
    const tests = loadLabelTests(packDir, t);
    problems.push(...tests.problems);
    labelTests.push({ task: t.task.id, file: tests.file, status: rulesStatusOf(t.versions, tests.set) });
    const found = [...lintTaskText(t.task, t.versions, t.file)];
    const paths = await lintPaths(t.task, t.versions, t.file, runHidden);
    found.push(...paths.problems);
    for (const r of paths.runs) played.push({ task: t.task.id, version: r.version, kind: r.kind, seed: r.seed, played: r.played });
    if (found.length === 0) continue;
    const located = parseLocated(fs.readFileSync(t.file, 'utf8'));
    for (const p of found) {
      const at = locate(located, parsePath(p.path));
      problems.push(at ? { ...p, line: at.line, col: at.col } : p);
    }
  }
  return { tasks: loaded.tasks.length, problems, played, labelTests };
}

/**
 * Hidden tests through one shared Pyodide worker, each (files, test) pair run once: the seeds of a
 * manipulation usually end with the same files.
 */
export function sharedHiddenRunner(python: PyodideTestRunner): HiddenTestRunner {
  const cache = new Map<string, Promise<TestFileResult>>();
  return (files, test) => {
    const key = sha256(JSON.stringify([Object.entries(files).sort(), test.path, test.text]));
    let result = cache.get(key);
    if (!result) {
      result = python
        .run({ files, tests: { [test.path]: test.text }, sessionKey: 'pack-lint' })
        .then((r) => (r.ok ? r.value : { status: 'crashed', passed: 0, failed: 0, errors: 1 }));
      cache.set(key, result);
    }
    return result;
  };
}
