import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Problem } from '../../shared/problems.js';
import type { StudyManifest } from '../../shared/studies/manifest.js';
import { readYamlFile } from '../packs/readYaml.js';
import { dimensionOf, parseItemsJsonl } from '../../shared/labelling/items.js';

export interface StudyContent {
  tasks: { id: string; title: string; detail: string }[];
  problems: Problem[];
}

/** What the library needs from a team task file; the team seat validates the rest when a task is opened. */
const teamTaskHead = z.object({ id: z.string().min(1), title: z.string().min(1), dimension: z.string().min(1) });

const slackQueries = z.object({
  queries: z.array(
    z.object({ id: z.string().min(1), category: z.enum(['AS', 'HA', 'SU', 'CI']), query: z.string().min(1) }),
  ),
});

/** Reads the per-kind content a study manifest points at, relative to the study folder. */
export function readStudyContent(dir: string, manifest: StudyManifest): StudyContent {
  const rel = (p: string) => path.posix.join(path.basename(dir), p);
  switch (manifest.kind) {
    case 'team': {
      const out: StudyContent = { tasks: [], problems: [] };
      manifest.tasks.forEach((taskFile) => {
        const read = readYamlFile(path.join(dir, taskFile), teamTaskHead.loose(), rel(taskFile));
        if (read.ok) out.tasks.push({ id: read.value.id, title: read.value.title, detail: read.value.dimension });
        else out.problems.push(...read.problems);
      });
      return out;
    }
    case 'slack': {
      const out: StudyContent = { tasks: [], problems: [] };
      if (!fs.existsSync(path.join(dir, manifest.export))) {
        out.problems.push({ file: rel('study.yaml'), path: 'export', message: `no export at ${manifest.export}` });
      }
      const read = readYamlFile(path.join(dir, manifest.queries), slackQueries, rel(manifest.queries));
      if (read.ok) out.tasks = read.value.queries.map((q) => ({ id: q.id, title: q.query, detail: q.category }));
      else out.problems.push(...read.problems);
      return out;
    }
    case 'labelling':
      return readLabellingItems(dir, manifest.items, rel(manifest.items));
  }
}

function readLabellingItems(dir: string, file: string, label: string): StudyContent {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, file), 'utf8');
  } catch {
    return { tasks: [], problems: [{ file: label, path: '', message: 'file not found or unreadable' }] };
  }
  const parsed = parseItemsJsonl(label, text);
  if (!parsed.ok) {
    const withLine = parsed.problems.map((p) => ({ ...p, line: Number(/^line (\d+)/.exec(p.path)?.[1]) || undefined }));
    return { tasks: [], problems: withLine };
  }
  return {
    tasks: parsed.items.map((item) => ({ id: item.id, title: dimensionOf(item).replaceAll('_', ' '), detail: item.kind })),
    problems: [],
  };
}
