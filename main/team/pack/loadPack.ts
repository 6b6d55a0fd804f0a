import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { STUDY_MANIFEST_FILE, studyManifestSchema } from '../../../shared/studies/manifest.js';
import { problemsFromZod } from '../../../shared/problems.js';
import { loadTaskFile } from './loadTask.js';
import { listTaskFiles, taskFilesIn } from '../../packs/taskFiles.js';
import { readPackText } from '../../packs/readPackText.js';
import type { LoadedTask, LocatedProblem } from './loadTask.js';

/**
 * The task files of a team study pack: those `study.yaml` lists (files or folders), or without a
 * manifest every YAML file in `tasks/` (or the folder itself).
 */
export function taskFilesOf(packDir: string): { files: string[]; problems: LocatedProblem[] } {
  const manifestFile = path.join(packDir, STUDY_MANIFEST_FILE);
  if (fs.existsSync(manifestFile)) {
    const read = readPackText(manifestFile);
    if (!read.ok) return { files: [], problems: [{ file: manifestFile, path: '', message: read.message }] };
    let raw: unknown;
    try {
      raw = parse(read.text);
    } catch (e) {
      return { files: [], problems: [{ file: manifestFile, path: '', message: `YAML: ${(e as Error).message.split('\n')[0]}` }] };
    }
    const manifest = studyManifestSchema.safeParse(raw);
    if (!manifest.success) return { files: [], problems: problemsFromZod(manifestFile, manifest.error) };
    if (manifest.data.kind !== 'team') {
      return { files: [], problems: [{ file: manifestFile, path: 'kind', message: `expected a team study, found "${manifest.data.kind}"` }] };
    }
    const listed = listTaskFiles(packDir, manifest.data.tasks);
    // A listed entry's problem is at its place in study.yaml; a file inside a listed folder is named itself.
    const problems = listed.problems.map((p): LocatedProblem =>
      p.file ? { file: p.file, path: '', message: p.message } : { file: manifestFile, path: `tasks[${p.entry}]`, message: p.message },
    );
    return { files: listed.files, problems };
  }
  const tasksDir = path.join(packDir, 'tasks');
  const found = taskFilesIn(packDir, fs.existsSync(tasksDir) ? tasksDir : packDir, null);
  return { files: found.files, problems: found.problems.map((p) => ({ file: p.file ?? packDir, path: '', message: p.message })) };
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
