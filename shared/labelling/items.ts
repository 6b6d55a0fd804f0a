/**
 * A labelling item set: one JSON object per line (JSONL). Raters see the same text the judges saw
 * (the context, the message, the task's labels with definitions); the judges' labels ride along in
 * the same file and the app hides them from raters.
 */
import { z } from 'zod';
import { formatPath, type Problem } from '../problems.js';

const seatText = z.object({ seat: z.string().min(1), text: z.string() });

const labelDefinition = z.object({
  label: z.string().min(1),
  definition: z.string().min(1, 'every label needs the definition the judges were given'),
});

/** Where the item was taken from, so a disagreement can be traced back to its run. */
const itemSource = z.object({ path: z.string().min(1), messageIndex: z.number().int().nonnegative().optional() });

export const messageItemSchema = z
  .object({
    kind: z.literal('message'),
    id: z.string().min(1),
    dimension: z.string().min(1),
    /** The task (scenario) the message comes from; sampling takes at most one item per task. */
    task: z.string().min(1),
    context: z
      .array(seatText, { error: 'missing context: the prior messages the judges saw, as [{seat, text}]' })
      .min(1, 'missing context: the judges saw at least one prior message'),
    message: seatText,
    labels: z.array(labelDefinition).min(2, 'a label set needs at least two labels'),
    judge: z
      .object({ final: z.string().min(1), perJudge: z.record(z.string(), z.string().min(1)).optional() })
      .optional(),
    source: itemSource.optional(),
    demo: z.boolean().optional(),
  })
  .strict();

export const VERDICTS = ['YES', 'NO'] as const;
const verdict = z.enum(VERDICTS);

export const verdictItemSchema = z
  .object({
    kind: z.literal('verdict'),
    id: z.string().min(1),
    /** SlackBench query category (AS, HA, SU, CI) or another benchmark's. */
    category: z.string().min(1),
    query: z.string().min(1),
    reference: z.string().min(1),
    guideline: z.string().optional(),
    answer: z.string(),
    checklist: z.array(z.object({ id: z.string().min(1), text: z.string().min(1) })).optional(),
    judge: z
      .object({
        final: verdict,
        perJudge: z.record(z.string(), verdict).optional(),
        /** Per-checklist verdicts for graded (partial credit) queries. */
        checklist: z.record(z.string(), verdict).optional(),
      })
      .optional(),
    source: itemSource.optional(),
    demo: z.boolean().optional(),
  })
  .strict();

export const labellingItemSchema = z.discriminatedUnion('kind', [messageItemSchema, verdictItemSchema]);

export type MessageItem = z.infer<typeof messageItemSchema>;
export type VerdictItem = z.infer<typeof verdictItemSchema>;
export type LabellingItem = z.infer<typeof labellingItemSchema>;

/** The labels a rater may choose from for this item. */
export function labelSetOf(item: LabellingItem): string[] {
  return item.kind === 'message' ? item.labels.map((l) => l.label) : [...VERDICTS];
}

/** The stratum used for sampling and the per-dimension table: the dimension, or the query category. */
export function dimensionOf(item: LabellingItem): string {
  return item.kind === 'message' ? item.dimension : item.category;
}

/** The group of which sampling takes at most one item; a verdict item is its own query. */
export function taskOf(item: LabellingItem): string {
  return item.kind === 'message' ? item.task : item.id;
}

export type BlindItem = Omit<MessageItem, 'judge' | 'source'> | Omit<VerdictItem, 'judge' | 'source'>;

/**
 * What a rater may be sent: the item without the judges' labels, and without its source path
 * (a run path can name the model, which would unblind the rater).
 */
export function blindItem(item: LabellingItem): BlindItem {
  const { judge: _judge, source: _source, ...rest } = item;
  return rest;
}

/** JSON Schema for one line of an item file (the lead writes it next to the format docs). */
export function itemsJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(labellingItemSchema, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>;
}

/** Checks zod cannot express on its own: judge labels must come from the item's own label set. */
function consistencyProblems(item: LabellingItem, at: (path: string) => string, file: string): Problem[] {
  const problems: Problem[] = [];
  const set = labelSetOf(item);
  const names = new Set<string>();
  if (item.kind === 'message') {
    item.labels.forEach((l, i) => {
      if (names.has(l.label)) problems.push({ file, path: at(`labels[${i}].label`), message: `label "${l.label}" is listed twice` });
      names.add(l.label);
    });
  }
  const allowed = new Set(set);
  const expected = `expected one of ${set.map((s) => `"${s}"`).join(', ')}`;
  if (item.judge && !allowed.has(item.judge.final)) {
    problems.push({ file, path: at('judge.final'), message: `judge label "${item.judge.final}" is not in the item's label set; ${expected}` });
  }
  for (const [judgeName, label] of Object.entries(item.judge?.perJudge ?? {})) {
    if (!allowed.has(label)) {
      problems.push({ file, path: at(`judge.perJudge.${judgeName}`), message: `judge label "${label}" is not in the item's label set; ${expected}` });
    }
  }
  if (item.kind === 'verdict') {
    const ids = new Set((item.checklist ?? []).map((c) => c.id));
    for (const id of Object.keys(item.judge?.checklist ?? {})) {
      if (!ids.has(id)) problems.push({ file, path: at(`judge.checklist.${id}`), message: `no checklist item with id "${id}"` });
    }
  }
  return problems;
}

export type ItemsParse = { ok: true; items: LabellingItem[] } | { ok: false; problems: Problem[] };

/** Parses a whole item file, reporting every problem with its line number (blank lines allowed). */
export function parseItemsJsonl(fileName: string, text: string): ItemsParse {
  const problems: Problem[] = [];
  const items: LabellingItem[] = [];
  const firstLineOf = new Map<string, number>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((line, i) => {
    const lineNo = i + 1;
    const at = (path: string) => (path ? `line ${lineNo}: ${path}` : `line ${lineNo}`);
    if (line.trim() === '') return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (e) {
      problems.push({ file: fileName, path: at(''), message: `not valid JSON (${(e as Error).message}); expected one item object per line` });
      return;
    }
    const parsed = labellingItemSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push({ file: fileName, path: at(formatPath(issue.path)), message: issue.message });
      return;
    }
    const item = parsed.data;
    const earlier = firstLineOf.get(item.id);
    if (earlier !== undefined) {
      problems.push({ file: fileName, path: at('id'), message: `duplicate item id "${item.id}" (first used on line ${earlier})` });
      return;
    }
    firstLineOf.set(item.id, lineNo);
    const inconsistent = consistencyProblems(item, at, fileName);
    problems.push(...inconsistent);
    if (inconsistent.length === 0) items.push(item);
  });
  if (problems.length === 0 && items.length === 0) {
    problems.push({ file: fileName, path: '', message: 'no items: expected one JSON object per line' });
  }
  return problems.length ? { ok: false, problems } : { ok: true, items };
}

/** Writes items back as JSONL (one line each, trailing newline). */
export function itemsToJsonl(items: ReadonlyArray<LabellingItem>): string {
  return items.map((item) => JSON.stringify(item)).join('\n') + (items.length ? '\n' : '');
}
