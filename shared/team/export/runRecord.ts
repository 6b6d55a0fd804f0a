import { fail, ok, type Result } from '../../result.js';
import { isBenchmarkTranscript } from './transcriptGuard.js';
import { benchmarkTranscriptSchema, type BenchmarkScore } from './transcriptSchema.js';
import { parsePythonJson } from './pythonJson.js';

/**
 * What scoring reads from one run file, checked strictly: `evaluated_model`, `score.pass` and, where present,
 * `score.details.conflict_score` (the layout is the caller's). Everything else in the benchmark's transcript schema
 * is checked too, but only reported: FORMATS.md §1 marks several of those fields as inferred (final_files value types,
 * tool names, `result_head`, `details`), and a run that differs there is still a run the benchmark scores.
 */
export interface RunRecord {
  model: string;
  score: BenchmarkScore;
  /** Fields outside what scoring reads that do not match the transcript schema: `<place>: <what was expected>`. */
  warnings: string[];
}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const shown = (x: unknown): string => (typeof x === 'number' ? String(x) : x === undefined ? 'absent' : JSON.stringify(x) ?? String(x));

/** A run from its file's text; an error names the place and what was expected (the run is then skipped). */
export function readRunText(text: string): Result<RunRecord> {
  let json: unknown;
  try {
    json = parsePythonJson(text);
  } catch (error) {
    return fail('bad_request', `not JSON (${(error as Error).message})`);
  }
  return runRecordOf(json);
}

export function runRecordOf(json: unknown): Result<RunRecord> {
  if (!isObj(json)) return fail('bad_request', 'the top level is not a JSON object');
  const model = json.evaluated_model;
  if (typeof model !== 'string' || model.length === 0) return fail('bad_request', `evaluated_model is ${shown(model)}, expected the model id (a non-empty string)`);
  const score = json.score;
  if (!isObj(score)) return fail('bad_request', `score is ${shown(score)}, expected an object with pass`);
  if (typeof score.pass !== 'boolean') return fail('bad_request', `score.pass is ${shown(score.pass)}, expected true or false`);
  const details = isObj(score.details) ? score.details : {};
  const conflict = details['conflict_score'];
  if (conflict !== undefined && conflict !== null && !(typeof conflict === 'number' && Number.isFinite(conflict) && conflict >= 0 && conflict <= 1))
    return fail('bad_request', `score.details.conflict_score is ${shown(conflict)}, expected a number from 0 to 1`);
  const warnings = isBenchmarkTranscript(json) ? [] : schemaWarnings(json);
  return ok({ model, score: { ...score, pass: score.pass, outcome: typeof score.outcome === 'string' ? score.outcome : '', details }, warnings });
}

function schemaWarnings(json: unknown): string[] {
  const parsed = benchmarkTranscriptSchema.safeParse(json);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => `${i.path.length ? i.path.map(String).join('.') : 'the top level'}: ${i.message}`);
}

/**
 * Warnings of many files, grouped by place (array indices folded) and message, so 25,000 runs with one inferred
 * field written differently give one line with a count and an example, not 25,000 lines.
 */
export class WarningTally {
  private readonly byKey = new Map<string, { count: number; example: string }>();

  add(file: string, warnings: readonly string[]): void {
    for (const w of new Set(warnings.map((x) => x.replace(/\.\d+(?=\.|:)/g, '[]')))) {
      const had = this.byKey.get(w);
      if (had) had.count++;
      else this.byKey.set(w, { count: 1, example: file });
    }
  }

  lines(): string[] {
    return [...this.byKey].map(
      ([w, { count, example }]) => `${w} — in ${count} file${count === 1 ? '' : 's'} (e.g. ${example}); not read by scoring, the run${count === 1 ? ' is' : 's are'} scored`,
    );
  }
}
