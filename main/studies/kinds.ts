import fs from 'node:fs';
import path from 'node:path';
import type { Problem } from '../../shared/problems.js';
import type { StudyManifest } from '../../shared/studies/manifest.js';
import type { PackContent } from '../../shared/study/protocol.js';
import { queriesFileSchema } from '../../shared/judge/query.js';
import { readYamlFile } from '../packs/readYaml.js';
import { loadTaskFile } from '../team/pack/loadTask.js';
import { listTaskFiles } from '../packs/taskFiles.js';
import { readPackText } from '../packs/readPackText.js';
import { loadLabelTests } from '../team/pack/loadLabelTests.js';
import { rulesStatusOf } from '../../shared/team/labelTests/rulesStatus.js';
import type { StudyTask } from '../../shared/contract/schemas.js';
import { dimensionOf, parseItemsJsonl } from '../../shared/labelling/items.js';

export interface StudyContent {
  tasks: StudyTask[];
  /** What a protocol is checked and planned against (team and Slack studies). */
  pack: PackContent | null;
  /** The files of the pack the content was read from (relative to the pack), for the study version hash. */
  files: string[];
  problems: Problem[];
}

/**
 * Reads the per-kind content a study manifest points at, relative to the study folder, fully validated (the same
 * check `npm run validate-pack` makes). `label` names files in problems (`<label>/tasks/a.yaml`).
 */
export function readStudyContent(dir: string, manifest: StudyManifest, label = path.basename(dir)): StudyContent {
  const rel = (p: string) => path.posix.join(label, p.split(path.sep).join('/'));
  switch (manifest.kind) {
    case 'team':
      return readTeamTasks(dir, manifest.tasks, rel);
    case 'slack': {
      const out: StudyContent = { tasks: [], pack: null, files: [manifest.queries, manifest.export], problems: [] };
      if (!fs.existsSync(path.join(dir, manifest.export))) {
        out.problems.push({ file: rel('study.yaml'), path: 'export', message: `no export at ${manifest.export}` });
      }
      for (const [key, name] of [['repo', manifest.repo ?? 'repo.git'], ['docs', manifest.docs ?? 'docs']] as const) {
        if (fs.existsSync(path.join(dir, name))) out.files.push(name);
        else if (manifest[key] !== undefined) out.problems.push({ file: rel('study.yaml'), path: key, message: `no folder ${name}` });
      }
      if (fs.existsSync(path.join(dir, 'variants'))) out.files.push('variants');
      const read = readYamlFile(path.join(dir, manifest.queries), queriesFileSchema, rel(manifest.queries));
      if (read.ok) {
        out.tasks = read.value.queries.map((q) => ({ id: q.id, title: q.query, detail: q.category }));
        out.pack = { kind: 'slack', queries: read.value.queries.map((q) => q.id) };
      } else out.problems.push(...read.problems);
      return out;
    }
    case 'labelling': {
      const out = readLabellingItems(dir, manifest.items, rel(manifest.items));
      if (manifest.practice) {
        out.files.push(manifest.practice);
        if (!fs.existsSync(path.join(dir, manifest.practice))) {
          out.problems.push({ file: rel('study.yaml'), path: 'practice', message: `no file ${manifest.practice}` });
        }
      }
      return out;
    }
  }
}

/** The task files a manifest names: files, or every YAML file of a named folder; nothing outside the pack. */
function readTeamTasks(dir: string, entries: string[], rel: (p: string) => string): StudyContent {
  const packTasks: Extract<PackContent, { kind: 'team' }>['tasks'] = [];
  const out: StudyContent = { tasks: [], pack: { kind: 'team', tasks: packTasks }, files: [], problems: [] };
  const root = path.resolve(dir);
  const firstFile = new Map<string, string>();
  // The same listing as the session loader (links followed, nothing outside the pack), so the library refuses what
  // a session would.
  const listed = listTaskFiles(root, entries);
  for (const p of listed.problems) {
    const entry = p.entry === null ? '' : (entries[p.entry] ?? '');
    if (p.file) out.problems.push({ file: rel(path.relative(root, p.file)), path: '', message: p.message });
    // A named file that is not there is the file's problem; anything else is the entry's, at its place in study.yaml.
    else if (p.reason === 'missing') out.problems.push({ file: rel(path.normalize(entry)), path: '', message: 'file not found or unreadable' });
    else out.problems.push({ file: rel('study.yaml'), path: `tasks[${p.entry}]`, message: p.message });
  }
  for (const file of listed.files) {
    const name = path.relative(root, file);
    out.files.push(name);
    const loaded = loadTaskFile(file, root);
    if (!loaded.ok) {
      out.problems.push(...loaded.problems.map((p) => ({ file: rel(name), path: p.path, message: p.message, ...(p.line ? { line: p.line } : {}) })));
      continue;
    }
    const task = loaded.value.task;
    const other = firstFile.get(task.id);
    if (other) out.problems.push({ file: rel(name), path: 'id', message: `task id "${task.id}" is also used by ${other}` });
    firstFile.set(task.id, rel(name));
    // The rules measured on the task's label test set once per check of the pack (the library keeps the check
    // while no file of the pack changes), never per request.
    const tests = loadLabelTests(root, loaded.value, (f) => rel(path.relative(root, f)));
    out.problems.push(...tests.problems.map((p) => ({ file: p.file, path: p.path, message: p.message, ...(p.line ? { line: p.line } : {}) })));
    const status = rulesStatusOf(loaded.value.versions, tests.set);
    out.tasks.push({ id: task.id, title: task.title, detail: task.dimension, rules: { validated: status.validated, measured: status.measure !== null, reasons: status.reasons } });
    const { alone, control, manipulation } = task.versions;
    packTasks.push({ id: task.id, seeds: { alone: alone.seeds, control: control.seeds, manipulation: manipulation.seeds } });
  }
  // A set whose task this study does not list is not the study's problem (a study may list a subset of a folder's
  // tasks); `npm run lint-packs` names it for the pack's author.
  return out;
}

function readLabellingItems(dir: string, file: string, label: string): StudyContent {
  const empty = { pack: null, files: [file] };
  const read = readPackText(path.join(dir, file));
  if (!read.ok) {
    const message = read.reason === 'too_large' ? read.message : 'file not found or unreadable';
    return { ...empty, tasks: [], problems: [{ file: label, path: '', message }] };
  }
  const text = read.text;
  const parsed = parseItemsJsonl(label, text);
  if (!parsed.ok) {
    const withLine = parsed.problems.map((p) => ({ ...p, line: Number(/^line (\d+)/.exec(p.path)?.[1]) || undefined }));
    return { ...empty, tasks: [], problems: withLine };
  }
  return {
    ...empty,
    tasks: parsed.items.map((item) => ({ id: item.id, title: dimensionOf(item).replaceAll('_', ' '), detail: item.kind })),
    problems: [],
  };
}
