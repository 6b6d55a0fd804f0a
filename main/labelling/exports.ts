import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { labellingReportViewSchema } from '../../shared/contract/labelling.js';
import { labelsToCsv, labelsToJsonl, type RaterLabel } from '../../shared/labelling/labels.js';
import { reportHtml } from './reportHtml.js';
import type { LabellingSet } from './studySet.js';

export type ReportView = z.infer<typeof labellingReportViewSchema>;

/**
 * Writes the study's labels and report under <dataDir>/exports/labelling/<study id>/, derived from the log
 * (never from UI state). Each file is written beside its final name and renamed, so a reader never sees half.
 */
export function writeLabellingExports(
  dataDir: string,
  set: LabellingSet,
  labels: RaterLabel[],
  view: ReportView,
) {
  const dir = path.join(dataDir, 'exports', 'labelling', set.studyId);
  fs.mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {
    'labels.csv': labelsToCsv(labels),
    'labels.jsonl': labelsToJsonl(labels),
    'report.json':
      JSON.stringify(
        { study: { id: set.studyId, title: set.title, itemSetHash: set.hash }, ...view.report },
        null,
        2,
      ) + '\n',
    'report.html': reportHtml(set.title, view, new Date()),
  };
  for (const [name, text] of Object.entries(files)) {
    const target = path.join(dir, name);
    fs.writeFileSync(`${target}.tmp`, text);
    fs.renameSync(`${target}.tmp`, target);
  }
  return { dir, files: Object.keys(files).map((f) => path.join(dir, f)) };
}
