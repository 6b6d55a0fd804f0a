/**
 * Turns team-run transcripts (the benchmark's run JSON, FORMATS.md §1, plus Teamseat's `labels` field)
 * into labelling items: one item per labelled message of the evaluated seat, its context the messages
 * before it. Item ids are built from the scenario, version, seed and a hash of the path, never the model
 * name, because raters must not learn which model wrote a message.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { itemsToJsonl, parseItemsJsonl, type MessageItem } from '../../shared/labelling/items.js';
import { problemsFromZod, type Problem } from '../../shared/problems.js';
// The `labels` field exactly as Teamseat's transcript export writes it (shared/team/export).
import { transcriptLabelSchema } from '../../shared/team/export/transcriptSchema.js';

export const transcriptSchema = z.object({
  evaluated_seat: z.string().min(1),
  messages: z.array(
    z.object({
      round: z.number().optional(),
      seat: z.string(),
      text: z.string(),
      kind: z.string().optional(),
    }),
  ),
  labels: z.array(transcriptLabelSchema, { error: 'missing `labels`: Teamseat’s per-message labels' }),
});

export interface ImportOptions {
  /** The label set (with the definitions the judges were given) of this dimension's task. */
  labels: Array<{ label: string; definition: string }>;
  /** Overrides the dimension read from the path (`…/<dimension>/<scenario>/<model-dir>/<version>_seed<k>.json`). */
  dimension?: string;
  demo?: boolean;
}

export interface ImportResult {
  items: MessageItem[];
  problems: Problem[];
}

/** Where a run sits in the benchmark's layout; a path outside the layout yields what it can. */
function runPlace(file: string) {
  const parts = file.split(/[\\/]/).filter(Boolean);
  const name = parts.at(-1) ?? file;
  const m = /^(alone|control|manipulation)_seed(\d+)\.json$/.exec(name);
  return {
    dimension: parts.at(-4),
    scenario: parts.at(-3) ?? name.replace(/\.json$/, ''),
    version: m?.[1] ?? 'run',
    seed: m?.[2] ?? '0',
  };
}

export function transcriptToItems(file: string, raw: unknown, options: ImportOptions): ImportResult {
  const parsed = transcriptSchema.safeParse(raw);
  if (!parsed.success) return { items: [], problems: problemsFromZod(file, parsed.error) };
  const run = parsed.data;
  const place = runPlace(file);
  const dimension = options.dimension ?? place.dimension;
  if (!dimension)
    return {
      items: [],
      problems: [
        { file, path: '', message: 'no dimension: pass one, or keep the benchmark’s folder layout' },
      ],
    };
  const allowed = options.labels.map((l) => l.label);
  const runHash = crypto.createHash('sha256').update(file).digest('hex').slice(0, 8);
  const items: MessageItem[] = [];
  const problems: Problem[] = [];
  run.labels.forEach((record, i) => {
    const at = (p: string) => `labels[${i}]${p}`;
    const problem = (p: string, message: string): void => void problems.push({ file, path: at(p), message });
    const message = run.messages[record.message_index];
    if (!message)
      return problem(
        '.message_index',
        `no message ${record.message_index}; the run has ${run.messages.length}`,
      );
    if (message.seat !== run.evaluated_seat) {
      return problem(
        '.message_index',
        `message ${record.message_index} is by ${message.seat}, not the evaluated seat ${run.evaluated_seat}`,
      );
    }
    if (record.message_index === 0)
      return problem('.message_index', 'the first message has no context to label it in');
    // Teamseat writes the rules labeller as `rules:<rule that fired>`: one judge, whichever rule decided.
    const judgeName = (rater: string) => (rater.startsWith(`${record.source}:`) ? record.source : rater);
    const raters = Object.fromEntries(
      record.raters.filter((r) => r.label !== null).map((r) => [judgeName(r.rater), r.label as string]),
    );
    const outside = [
      ['.final_label', record.final_label],
      ...Object.entries(raters).map(([r, l]) => [`.raters.${r}`, l]),
    ].find(([, l]) => !allowed.includes(l as string));
    if (outside) {
      return problem(
        outside[0] as string,
        `label "${outside[1]}" is not in the label set; expected one of ${allowed.join(', ')}`,
      );
    }
    items.push({
      kind: 'message',
      id: `${place.scenario}-${place.version}-s${place.seed}-${runHash}-m${record.message_index}`,
      dimension,
      task: place.scenario,
      context: run.messages.slice(0, record.message_index).map((m) => ({ seat: m.seat, text: m.text })),
      message: { seat: message.seat, text: message.text },
      labels: options.labels,
      judge: {
        final: record.final_label,
        ...(Object.keys(raters).length ? { perJudge: raters } : {}),
      },
      source: { path: file, messageIndex: record.message_index },
      ...(options.demo ? { demo: true } : {}),
    });
  });
  return { items, problems };
}

/** Reads run files and checks the items they make as an item file would be checked (schema, ids, label sets). */
export function importTranscripts(files: string[], options: ImportOptions, root?: string): ImportResult {
  const items: MessageItem[] = [];
  const problems: Problem[] = [];
  for (const file of files) {
    const name = root ? path.relative(root, file).split(path.sep).join('/') : file;
    let raw: unknown;
    try {
      raw = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (e) {
      problems.push({
        file: name,
        path: '',
        message: `not a readable JSON run file (${(e as Error).message})`,
      });
      continue;
    }
    const out = transcriptToItems(name, raw, options);
    items.push(...out.items);
    problems.push(...out.problems);
  }
  if (items.length) {
    const check = parseItemsJsonl('imported items', itemsToJsonl(items));
    if (!check.ok) problems.push(...check.problems);
  }
  return { items, problems };
}
