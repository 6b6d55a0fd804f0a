import fs from 'node:fs';
import path from 'node:path';
import { resolvePackFile } from './insidePack.js';

/** A task file that cannot be used: `entry` is its index in study.yaml `tasks` (null without a manifest). */
export interface TaskFileProblem {
  entry: number | null;
  /** The file inside a listed folder, when the problem is that file rather than the entry itself. */
  file?: string;
  reason: 'outside' | 'missing' | 'wrong_kind';
  message: string;
}

const isYaml = (name: string): boolean => /\.ya?ml$/i.test(name);

/**
 * The YAML files of a folder of a pack, each checked by its real path like any file the pack names: a
 * `tasks/x.yaml` linking outside the pack is a problem, never read. One rule for the session loader and the library.
 */
export function taskFilesIn(
  packDir: string,
  dir: string,
  entry: number | null,
): { files: string[]; problems: TaskFileProblem[] } {
  const files: string[] = [];
  const problems: TaskFileProblem[] = [];
  const names = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => !d.isDirectory() && isYaml(d.name))
    .map((d) => d.name)
    .sort();
  for (const name of names) {
    const file = path.join(dir, name);
    const found = resolvePackFile(packDir, dir, name, 'any');
    if (!found.ok) problems.push({ entry, file, reason: found.reason, message: found.message });
    // A link to a folder ending in .yaml is not a task file; listed folders hold files.
    else if (fs.statSync(found.realPath).isFile()) files.push(file);
  }
  return { files, problems };
}

/** The task files study.yaml `tasks` names (files, or every YAML file of a named folder), by their path in the pack. */
export function listTaskFiles(
  packDir: string,
  entries: readonly string[],
): { files: string[]; problems: TaskFileProblem[] } {
  const files: string[] = [];
  const problems: TaskFileProblem[] = [];
  entries.forEach((entry, i) => {
    const found = resolvePackFile(packDir, packDir, entry, 'any');
    if (!found.ok) return void problems.push({ entry: i, reason: found.reason, message: found.message });
    const target = path.resolve(packDir, entry);
    if (!fs.statSync(found.realPath).isDirectory()) return void files.push(target);
    const inFolder = taskFilesIn(packDir, target, i);
    files.push(...inFolder.files);
    problems.push(...inFolder.problems);
  });
  return { files, problems };
}
