import fs from 'node:fs';
import path from 'node:path';
import { checkLabelTestSet } from '../../../shared/team/labelTests/check.js';
import { LABEL_TESTS_DIR, labelTestFileOf, labelTestSetSchema, type LabelTestSet } from '../../../shared/team/labelTests/schema.js';
import { parseYamlText } from '../../packs/readYaml.js';
import { resolvePackFile } from '../../packs/insidePack.js';
import type { LoadedTask, LocatedProblem } from './loadTask.js';
import { locate, parseLocated, parsePath } from './yamlLocation.js';

export interface TaskLabelTests {
  /** The set's file, absolute; null when the task has none. */
  file: string | null;
  set: LabelTestSet | null;
  problems: LocatedProblem[];
}

/**
 * Reads `label-tests/<task id>.yaml` beside a pack's tasks: schema, then the task's own labels, lines and seats.
 * A task without a set is not a problem (it is reported as not validated); a set that does not load is.
 * `label` turns the absolute file into how problems name it.
 */
export function loadLabelTests(packDir: string, task: LoadedTask, label: (file: string) => string = (f) => f): TaskLabelTests {
  const ref = labelTestFileOf(task.task.id);
  const absolute = path.join(packDir, ref);
  if (!fs.existsSync(absolute) && fs.lstatSync(absolute, { throwIfNoEntry: false }) === undefined) return { file: null, set: null, problems: [] };
  const name = label(absolute);
  const found = resolvePackFile(packDir, packDir, ref);
  if (!found.ok) return { file: absolute, set: null, problems: [{ file: name, path: '', message: found.message }] };
  let text: string;
  try {
    text = fs.readFileSync(found.realPath, 'utf8');
  } catch (e) {
    return { file: absolute, set: null, problems: [{ file: name, path: '', message: `cannot read the file: ${(e as Error).message}` }] };
  }
  const parsed = parseYamlText(text, labelTestSetSchema, name);
  if (!parsed.ok) return { file: absolute, set: null, problems: parsed.problems };
  const crossed = checkLabelTestSet(parsed.value, task.task, task.versions, name);
  if (crossed.length === 0) return { file: absolute, set: parsed.value, problems: [] };
  const located = parseLocated(text);
  const problems = crossed.map((p): LocatedProblem => {
    const at = locate(located, parsePath(p.path));
    return at ? { ...p, line: at.line, col: at.col } : p;
  });
  return { file: absolute, set: null, problems };
}

/** Set files in `label-tests/` that belong to no task of the pack (a misspelt name would otherwise go unread). */
export function strayLabelTests(packDir: string, taskIds: readonly string[], label: (file: string) => string = (f) => f): LocatedProblem[] {
  const dir = path.join(packDir, LABEL_TESTS_DIR);
  if (!fs.existsSync(dir)) return [];
  const known = new Set(taskIds);
  return fs
    .readdirSync(dir)
    .filter((n) => /\.ya?ml$/i.test(n))
    .sort()
    .filter((n) => !known.has(n.replace(/\.ya?ml$/i, '')) || !n.endsWith('.yaml'))
    .map((n) => ({ file: label(path.join(dir, n)), path: '', message: `no task of this pack has the id "${n.replace(/\.ya?ml$/i, '')}" (a set is label-tests/<task id>.yaml)` }));
}
