import fs from 'node:fs';
import path from 'node:path';
import type { StudyDetail, StudySummary } from '../../shared/contract/schemas.js';
import { STUDY_MANIFEST_FILE, studyManifestSchema } from '../../shared/studies/manifest.js';
import { readYamlFile } from '../packs/readYaml.js';
import { readStudyContent } from './kinds.js';

export interface StudyRoot {
  dir: string;
  origin: 'built-in' | 'user';
}

/**
 * The studies found in the built-in folder and the user's data folder. A pack that fails validation is
 * listed with its problems, never hidden: a researcher needs to see why their study is not startable.
 */
export class StudyLibrary {
  constructor(private readonly roots: StudyRoot[]) {}

  list(): StudySummary[] {
    return this.roots.flatMap((root) => this.scan(root)).map(({ summary }) => summary);
  }

  open(key: string): StudyDetail | undefined {
    const found = this.roots.flatMap((root) => this.scan(root)).find((s) => s.summary.key === key);
    return found?.detail;
  }

  /** Absolute folder of a study, for services that read its files. */
  dirOf(key: string): string | undefined {
    return this.open(key)?.dir;
  }

  private scan(root: StudyRoot): { summary: StudySummary; detail: StudyDetail }[] {
    if (!fs.existsSync(root.dir)) return [];
    return fs
      .readdirSync(root.dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
      .sort((a, b) => a.name.localeCompare(b.name))
      .filter((d) => fs.existsSync(path.join(root.dir, d.name, STUDY_MANIFEST_FILE)))
      .map((d) => readStudy(root, d.name));
  }
}

function readStudy(root: StudyRoot, name: string): { summary: StudySummary; detail: StudyDetail } {
  const dir = path.join(root.dir, name);
  const key = `${root.origin}:${name}`;
  const manifest = readYamlFile(
    path.join(dir, STUDY_MANIFEST_FILE),
    studyManifestSchema,
    path.posix.join(name, STUDY_MANIFEST_FILE),
  );
  if (!manifest.ok) {
    const summary: StudySummary = {
      key,
      id: null,
      title: name,
      kind: null,
      description: '',
      taskCount: null,
      origin: root.origin,
      dir,
      problems: manifest.problems,
    };
    return { summary, detail: { ...summary, tasks: [], source: null } };
  }
  const m = manifest.value;
  const content = readStudyContent(dir, m);
  const summary: StudySummary = {
    key,
    id: m.id,
    title: m.title,
    kind: m.kind,
    description: m.description,
    taskCount: content.tasks.length,
    origin: root.origin,
    dir,
    problems: content.problems,
  };
  return { summary, detail: { ...summary, tasks: content.tasks, source: m.source ?? null } };
}
