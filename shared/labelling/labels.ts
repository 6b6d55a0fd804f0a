/**
 * What raters give back: one record per (rater, item). A skipped or flagged item carries no label
 * the report can use, but the record is kept so the export shows what the rater did.
 */
import { z } from 'zod';
import { formatPath, type Problem } from '../problems.js';

export const raterLabelSchema = z
  .object({
    itemId: z.string().min(1),
    rater: z.string().min(1),
    /** null when the rater skipped the item. */
    label: z.string().min(1).nullable(),
    skipped: z.boolean().optional(),
    /** The rater marked the item as unfit to label (broken context, wrong dimension…). */
    flagged: z.boolean().optional(),
    /**
     * The item's text changed (or the item was removed) after the rater started: the record is kept so nothing
     * the rater did disappears, but it is not compared with the current item.
     */
    itemChanged: z.boolean().optional(),
    note: z.string().optional(),
    /** Per-checklist verdicts for graded verdict items. */
    checklist: z.record(z.string(), z.enum(['YES', 'NO'])).optional(),
    /** ISO time the label was given, and the time spent on the item. */
    at: z.string().optional(),
    ms: z.number().nonnegative().optional(),
  })
  .strict();

export type RaterLabel = z.infer<typeof raterLabelSchema>;

/** A label the report may count: given, neither skipped nor flagged, and on the item as it is now. */
export function isUsable(label: RaterLabel): label is RaterLabel & { label: string } {
  return label.label !== null && !label.skipped && !label.flagged && !label.itemChanged;
}

export type LabelsParse = { ok: true; labels: RaterLabel[] } | { ok: false; problems: Problem[] };

export function parseLabelsJsonl(fileName: string, text: string): LabelsParse {
  const problems: Problem[] = [];
  const labels: RaterLabel[] = [];
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((line, i) => {
      if (line.trim() === '') return;
      const at = (path: string) => (path ? `line ${i + 1}: ${path}` : `line ${i + 1}`);
      let raw: unknown;
      try {
        raw = JSON.parse(line);
      } catch (e) {
        problems.push({ file: fileName, path: at(''), message: `not valid JSON (${(e as Error).message})` });
        return;
      }
      const parsed = raterLabelSchema.safeParse(raw);
      if (parsed.success) labels.push(parsed.data);
      else for (const issue of parsed.error.issues) problems.push({ file: fileName, path: at(formatPath(issue.path)), message: issue.message });
    });
  return problems.length ? { ok: false, problems } : { ok: true, labels };
}

export function labelsToJsonl(labels: ReadonlyArray<RaterLabel>): string {
  return labels.map((l) => JSON.stringify(l)).join('\n') + (labels.length ? '\n' : '');
}

export const LABEL_CSV_COLUMNS = ['item_id', 'rater', 'label', 'skipped', 'flagged', 'item_changed', 'note', 'checklist', 'at', 'ms'] as const;

/** RFC 4180 quoting; a leading =, +, - or @ is prefixed with ' so a spreadsheet does not run it. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function labelsToCsv(labels: ReadonlyArray<RaterLabel>): string {
  const rows = labels.map((l) =>
    [
      l.itemId,
      l.rater,
      l.label ?? '',
      l.skipped ? 'true' : 'false',
      l.flagged ? 'true' : 'false',
      l.itemChanged ? 'true' : 'false',
      l.note ?? '',
      l.checklist
        ? Object.entries(l.checklist)
            .map(([id, v]) => `${id}=${v}`)
            .join(';')
        : '',
      l.at ?? '',
      l.ms === undefined ? '' : String(l.ms),
    ]
      .map(csvCell)
      .join(','),
  );
  return [LABEL_CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}
