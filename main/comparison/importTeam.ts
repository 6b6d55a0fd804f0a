import { isAscii } from 'node:buffer';
import fs from 'node:fs';
import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';
import {
  describeIssue,
  importedFinalResultsSchema,
  type ImportedFinalResults,
} from '../../shared/comparison/finalResultsSchema.js';
import { isImportedFinalResults } from '../../shared/comparison/finalResultsGuard.js';
import { rowsFromFinalResults, type RowSource, type TeamRow } from '../../shared/comparison/rows.js';
import { scoreFolder } from '../scoring/scoreFolder.js';
import { modelDirName } from '../../shared/team/export/transcript.js';
import type { Design } from '../../shared/team/export/resultTypes.js';

export interface ImportedTeam {
  rows: TeamRow[];
  dimensions: string[];
  /** What was read but not used, each naming the file and field (schema failures, skipped runs). */
  problems: string[];
  /** Runs that do not exist (a version a model never ran): not files set aside, so listed apart. */
  missing?: string[];
  /** Oddities in fields scoring does not read: the runs were used. */
  warnings?: string[];
}

/**
 * Rows that must keep their SYNTHETIC marking however the file was added (by path too, issue 28): ids under the
 * fixture's `synthetic/` prefix, or any row of a folder whose PROVENANCE.md says SYNTHETIC in its heading.
 */
export function markSynthetic(rows: TeamRow[], file: string): TeamRow[] {
  const provenance = path.join(path.dirname(file), 'PROVENANCE.md');
  let folder = false;
  try {
    folder = /SYNTHETIC/.test(fs.readFileSync(provenance, 'utf8').split('\n')[0] ?? '');
  } catch {
    folder = false;
  }
  return rows.map((r) => (folder || r.id.startsWith('synthetic/') ? { ...r, synthetic: true } : r));
}

/** Reads and checks a final_results.json; an error names the file and the first field that does not fit. */
export function readFinalResultsFile(file: string): Result<ImportedFinalResults> {
  let text: string;
  try {
    const bytes = fs.readFileSync(file);
    // An all-ASCII file (a leaderboard dump usually is) decodes to the same text as Latin-1, in half the time.
    text = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  } catch (error) {
    return fail(
      'not_found',
      `${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return fail('bad_request', `${file}: not JSON (${(error as Error).message}).`);
  }
  // The plain walk says yes for a well-formed file at a fraction of zod's cost; zod still decides, and words, the rest.
  if (isImportedFinalResults(json)) return ok(json);
  const parsed = importedFinalResultsSchema.safeParse(json);
  if (!parsed.success)
    return fail(
      'bad_request',
      `${describeIssue(file, parsed.error)} (expected final_results.json as in FORMATS.md §2).`,
    );
  return ok(parsed.data);
}

/** The benchmark's final_results.json: every row in it, its source the file. */
export function importFinalResults(
  file: string,
  options: { synthetic?: boolean; source?: RowSource } = {},
): Result<ImportedTeam> {
  const read = readFinalResultsFile(file);
  if (!read.ok) return read;
  const source = options.source ?? { kind: 'final_results', file };
  const rows = markSynthetic(rowsFromFinalResults(read.value, source, options), file);
  const synthetic = rows.length > 0 && rows.every((r) => r.synthetic);
  return ok({
    rows,
    dimensions: read.value.dimensions,
    // What the file's own scorer could not use (skipped runs, …) stays in view beside its rows. The fixture's
    // "SYNTHETIC: …" entry is its provenance note, not a run set aside: the SYNTHETIC banner says it.
    problems: read.value.problems
      .filter((p) => !(synthetic && typeof p === 'string' && p.startsWith('SYNTHETIC')))
      .map((p) => `${file}: problems: ${typeof p === 'string' ? p : JSON.stringify(p)}`),
  });
}

/**
 * A folder of transcripts in the benchmark layout, scored by the benchmark's rule from each run's recorded `score`.
 * A version a model never ran is listed as a problem (with the model and scenario), never filled in.
 */
export function importTranscripts(
  dir: string,
  kind: 'transcripts' | 'modelseat',
  design: Design = 'within',
): Result<ImportedTeam> {
  const scored = scoreFolder(dir, { design });
  if (!scored.ok) return scored;
  const r = scored.value.results;
  const problems = [
    ...(scored.value.files === 0 ? [`${dir}: no run files in ${scored.value.root}: nothing was scored`] : []),
    ...r.problems.map((p) => `${dir}: ${p}`),
  ];
  const warnings = (r.warnings ?? []).map((w) => `${dir}: ${w}`);
  const missing = [
    ...r.missing_runs.map(
      (m) =>
        `${path.join(dir, 'transcripts', m.dimension, m.scenario)}: ${m.model} has no ${m.version} run${m.seed === null ? '' : ` for seed ${m.seed}`}` +
        ' (listed, not guessed)',
    ),
  ];
  const source: RowSource = { kind, dir, files: scored.value.files };
  // Each row says how many runs are its own: the folder's total under every model read "7 runs" (issue 28).
  const perModel = runFilesPerModel(scored.value.root);
  return ok({
    rows: rowsFromFinalResults(r as unknown as ImportedFinalResults, source).map((row) => ({ ...row, source: { kind, dir, files: perModel.get(modelDirName(row.id)) ?? 0 } })),
    dimensions: r.dimensions,
    problems,
    missing,
    warnings,
  });
}

/** Run files under `<transcripts root>/<dimension>/<scenario>/<model dir>/`, counted per model dir. */
function runFilesPerModel(root: string): Map<string, number> {
  const counts = new Map<string, number>();
  const list = (p: string) => (fs.existsSync(p) ? fs.readdirSync(p, { withFileTypes: true }) : []);
  for (const d of list(root)) {
    if (!d.isDirectory()) continue;
    for (const sc of list(path.join(root, d.name))) {
      if (!sc.isDirectory()) continue;
      for (const m of list(path.join(root, d.name, sc.name))) {
        if (!m.isDirectory()) continue;
        const n = list(path.join(root, d.name, sc.name, m.name)).filter((f) => f.isFile() && f.name.endsWith('.json')).length;
        counts.set(m.name, (counts.get(m.name) ?? 0) + n);
      }
    }
  }
  return counts;
}
