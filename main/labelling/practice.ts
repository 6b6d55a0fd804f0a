/**
 * Practice items: message or verdict items that carry their expected answer (and why), shown with
 * feedback before the real ones. They never enter the report or the exports.
 */
import { z } from 'zod';
import { formatPath, type Problem } from '../../shared/problems.js';
import { messageItemSchema, VERDICTS, verdictItemSchema } from '../../shared/labelling/items.js';

/** Shown after the rater answers: why this is the expected label. */
const why = z.string().optional();

export const practiceMessageSchema = messageItemSchema
  .omit({ judge: true, source: true })
  .extend({ answer: z.string().min(1), why })
  .strict();

export const practiceVerdictSchema = verdictItemSchema
  .omit({ judge: true, source: true })
  .extend({
    /** The expected verdict (`answer` is already the answer to grade). */
    expected: z.enum(VERDICTS),
    /** The expected YES/NO of every checklist entry, by id; required when the item has a checklist. */
    expectedChecklist: z.record(z.string(), z.enum(VERDICTS)).optional(),
    why,
  })
  .strict();

export const practiceItemSchema = z.discriminatedUnion('kind', [practiceMessageSchema, practiceVerdictSchema]);

export type PracticeItem = z.infer<typeof practiceItemSchema>;

/** The labels a rater may give a practice item (as labelSetOf for real items). */
export function practiceLabels(item: PracticeItem): string[] {
  return item.kind === 'message' ? item.labels.map((l) => l.label) : [...VERDICTS];
}

/** The label the rater is expected to give. */
export const expectedLabel = (item: PracticeItem): string => (item.kind === 'message' ? item.answer : item.expected);

export type PracticeParse = { ok: true; items: PracticeItem[] } | { ok: false; problems: Problem[] };

export function parsePracticeJsonl(fileName: string, text: string): PracticeParse {
  const problems: Problem[] = [];
  const items: PracticeItem[] = [];
  const seen = new Set<string>();
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((line, i) => {
      if (line.trim() === '') return;
      lineProblems(line, i + 1);
    });
  return problems.length ? { ok: false, problems } : { ok: true, items };

  function lineProblems(line: string, lineNo: number): void {
    const at = (path: string) => (path ? `line ${lineNo}: ${path}` : `line ${lineNo}`);
    const problem = (path: string, message: string) =>
      void problems.push({ file: fileName, path: at(path), line: lineNo, message });
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (e) {
      return problem('', `not valid JSON (${(e as Error).message}); expected one practice item per line`);
    }
    const parsed = practiceItemSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problem(formatPath(issue.path), issue.message);
      return;
    }
    const item = parsed.data;
    const set = practiceLabels(item);
    if (item.kind === 'message' && !set.includes(item.answer))
      return problem(
        'answer',
        `answer "${item.answer}" is not one of ${set.map((l) => `"${l}"`).join(', ')}`,
      );
    if (item.kind === 'verdict') {
      const ids = (item.checklist ?? []).map((c) => c.id);
      const given = Object.keys(item.expectedChecklist ?? {});
      const missing = ids.filter((id) => !given.includes(id));
      const unknown = given.filter((id) => !ids.includes(id));
      if (unknown.length)
        return problem(`expectedChecklist.${unknown[0]}`, `no checklist entry with id "${unknown[0]}"`);
      if (missing.length)
        return problem(
          'expectedChecklist',
          `the expected YES/NO of every checklist entry is needed for feedback; missing ${missing.map((id) => `"${id}"`).join(', ')}`,
        );
    }
    if (seen.has(item.id)) return problem('id', `duplicate practice item id "${item.id}"`);
    seen.add(item.id);
    items.push(item);
  }
}
