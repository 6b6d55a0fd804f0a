import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { STUDY_MANIFEST_FILE, studyManifestSchema } from '../../../shared/studies/manifest.js';
import { problemsFromZod } from '../../../shared/problems.js';
import { loadTaskFile } from './loadTask.js';
import { resolvePackFile } from '../../packs/insidePack.js';
import type { LoadedTask, LocatedProblem } from './loadTask.js';

const isYaml = (name: string): boolean => /\.ya?ml$/i.test(name);

function yamlFilesIn(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isFile() && isYaml(d.name))
    .map((d) => path.join(dir, d.name))
    .sort();
}

/**
 * The task files of a team study pack: those `study.yaml` lists (files or folders), or without a
 * manifest every YAML file in `tasks/` (or the folder itself).
 */
export function taskFilesOf(packDir: string): { files: string[]; problems: LocatedProblem[] } {
  const manifestFile = path.join(packDir, STUDY_MANIFEST_FILE);
  if (fs.existsSync(manifestFile)) {
    let raw: unknown;
    try {
      raw = parse(fs.readFileSync(manifestFile, 'utf8'));
    } catch (e) {
      return { files: [], problems: [{ file: manifestFile, path: '', message: `YAML: ${(e as Error).message.split('\n')[0]}` }] };
    }
    const manifest = studyManifestSchema.safeParse(raw);
    if (!manifest.success) return { files: [], problems: problemsFromZod(manifestFile, manifest.error) };
    if (manifest.data.kind !== 'team') {
      return { files: [], problems: [{ file: manifestFile, path: 'kind', message: `expected a team study, found "${manifest.data.kind}"` }] };
    }
    const files: string[] = [];
    const problems: LocatedProblem[] = [];
    manifest.data.tasks.forEach((entry, i) => {
      // Checked by its real path (links followed); listed by its path in the pack, so problems name that.
      const found = resolvePackFile(packDir, packDir, entry, 'any');
      const target = path.resolve(packDir, entry);
      if (!found.ok) problems.push({ file: manifestFile, path: `tasks[${i}]`, message: found.message });
      else if (fs.statSync(found.realPath).isDirectory()) files.push(...yamlFilesIn(target));
      else files.push(target);
    });
    return { files, problems };
  }
  const tasksDir = path.join(packDir, 'tasks');
  return { files: fs.existsSync(tasksDir) ? yamlFilesIn(tasksDir) : yamlFilesIn(packDir), problems: [] };
}

export interface PackLoad {
  tasks: LoadedTask[];
  problems: LocatedProblem[];
}

/** Loads every task of a pack; problems of all files together, so one run shows everything to fix. */
export function loadTeamPack(packDir: string): PackLoad {
  const { files, problems } = taskFilesOf(packDir);
  if (files.length === 0 && problems.length === 0) problems.push({ file: packDir, path: '', message: 'no task files found (expected tasks/*.yaml or a study.yaml)' });
  const tasks: LoadedTask[] = [];
  const ids = new Map<string, string>();
  for (const file of files) {
    const loaded = loadTaskFile(file, packDir);
    if (!loaded.ok) {
      problems.push(...loaded.problems);
      continue;
    }
    const other = ids.get(loaded.value.task.id);
    if (other) problems.push({ file, path: 'id', message: `task id "${loaded.value.task.id}" is also used by ${other}` });
    ids.set(loaded.value.task.id, file);
    tasks.push(loaded.value);
  }
  return { tasks, problems };
}
