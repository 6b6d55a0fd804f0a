/**
 * Practice items: message items that carry their expected answer (and why), shown with feedback before
 * the real ones. They never enter the report or the exports.
 */
import { z } from 'zod';
import { formatPath, type Problem } from '../../shared/problems.js';
import { messageItemSchema } from '../../shared/labelling/items.js';

export const practiceItemSchema = messageItemSchema
  .omit({ judge: true, source: true })
  .extend({
    answer: z.string().min(1),
    /** Shown after the rater answers: why this is the expected label. */
    why: z.string().optional(),
  })
  .strict();

export type PracticeItem = z.infer<typeof practiceItemSchema>;

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
    const set = item.labels.map((l) => l.label);
    if (!set.includes(item.answer))
      return problem(
        'answer',
        `answer "${item.answer}" is not one of ${set.map((l) => `"${l}"`).join(', ')}`,
      );
    if (seen.has(item.id)) return problem('id', `duplicate practice item id "${item.id}"`);
    seen.add(item.id);
    items.push(item);
  }
}
