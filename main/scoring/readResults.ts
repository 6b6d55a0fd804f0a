import fs from 'node:fs';
import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';
import type { ScoredRun } from '../../shared/team/export/resultTypes.js';
import type { Version } from '../../shared/team/export/transcriptSchema.js';
import { readRunText, WarningTally } from '../../shared/team/export/runRecord.js';
import { modelDirName } from '../../shared/team/export/transcript.js';

/** The layout a results folder must have, as said in every message about it. */
export const LAYOUT = 'transcripts/<dimension>/<scenario>/<model-dir>/<version>_seed<k>.json';
const RUN_FILE = /^(alone|control|manipulation)_seed(\d+)\.json$/;

export interface ReadRuns {
  /** The folder the runs were read from (`<dir>/transcripts`). */
  root: string;
  runs: ScoredRun[];
  /** One line per file that was skipped: which file, where inside it, what was expected. */
  problems: string[];
  /** Fields scoring does not read that differ from the transcript schema, grouped (the runs are scored). */
  warnings: string[];
  /** Run files found (named `<version>_seed<k>.json` in the layout). */
  files: number;
  /** Files that may be runs and were not scored (each named in `problems`): scoring them would change the result. */
  skipped: number;
}

/**
 * Finds the transcripts folder of a benchmark-layout results folder: `<dir>/transcripts`, `<dir>` itself when it is
 * named `transcripts`, or `<dir>/results/transcripts` (an app data folder). Anything under `excluded/` never counts.
 */
export function transcriptsRoot(dir: string): Result<string> {
  const abs = path.resolve(dir);
  if (!fs.existsSync(abs)) return fail('not_found', `${dir} does not exist.`);
  if (!fs.statSync(abs).isDirectory()) return fail('bad_request', `${dir} is a file; give the results folder that holds ${LAYOUT}.`);
  if (abs.split(path.sep).includes('excluded')) {
    return fail('bad_request', `${dir} is inside an excluded/ folder: runs there (pilots, void, withdrawn, practice, superseded) never count. Give the results folder above it.`);
  }
  const candidates = [path.join(abs, 'transcripts'), ...(path.basename(abs) === 'transcripts' ? [abs] : []), path.join(abs, 'results', 'transcripts')];
  const found = candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isDirectory());
  if (found) return ok(found);
  const inside = fs.readdirSync(abs).filter((n) => !n.startsWith('.')).slice(0, 8);
  return fail(
    'bad_request',
    `${dir} is not in the benchmark layout: expected ${path.join(dir, LAYOUT)}` +
      (inside.length ? `, but it holds ${inside.join(', ')}${inside.length === 8 ? ', …' : ''} and no transcripts/ folder.` : ', but it is empty.'),
  );
}

const subdirs = (dir: string): fs.Dirent[] => fs.readdirSync(dir, { withFileTypes: true }).filter((d) => !d.name.startsWith('.'));

/**
 * Every run file under the transcripts folder, checked strictly only where scoring reads (runRecord.ts). A file that
 * fails there, a JSON file outside the layout, and both files of a run present twice (`seed1` beside `seed01`) are
 * skipped and named in `problems`; the rest of the schema gives `warnings` only.
 */
export function readRuns(dir: string): Result<ReadRuns> {
  const root = transcriptsRoot(dir);
  if (!root.ok) return root;
  const out: ReadRuns = { root: root.value, runs: [], problems: [], warnings: [], files: 0, skipped: 0 };
  const tally = new WarningTally();
  const rel = (...parts: string[]) => path.posix.join('transcripts', ...parts);
  const outside = (p: string, what: string) => {
    // A JSON file may be a run under a name the layout does not have: skipping it changes the score.
    const maybeRun = what.startsWith('a file') && p.endsWith('.json');
    if (maybeRun) out.skipped++;
    out.problems.push(`${p}: ${what} is not in the layout ${LAYOUT}; skipped${maybeRun ? ' (if it is a run, it was not scored)' : ''}.`);
  };
  // Both files of a run present twice lie in the same model folder (only the seed's spelling differs), so
  // duplicates are found per folder; names are joined only for a file that is named in a message. Nothing per run
  // but the run itself outlives its folder: 25,000 runs must not keep 25,000 keys and names alive for the collector.
  const duplicates: string[] = [];
  for (const d of subdirs(root.value)) {
    if (!d.isDirectory()) {
      outside(rel(d.name), 'a file');
      continue;
    }
    if (d.name === 'excluded') continue;
    const dimensionDir = root.value + path.sep + d.name;
    for (const s of subdirs(dimensionDir)) {
      if (!s.isDirectory()) {
        outside(rel(d.name, s.name), 'a file');
        continue;
      }
      const scenarioDir = dimensionDir + path.sep + s.name;
      for (const m of subdirs(scenarioDir)) {
        if (!m.isDirectory()) {
          outside(rel(d.name, s.name, m.name), 'a file');
          continue;
        }
        const modelDir = scenarioDir + path.sep + m.name;
        const prefix = rel(d.name, s.name, m.name);
        const place: Place = { dimension: d.name, scenario: s.name, modelDir: m.name };
        // `<version>\0<seed>` → the file names of that run in this folder, in reading order.
        const bySeed = new Map<string, { file: string; run: ScoredRun }[]>();
        for (const f of subdirs(modelDir)) {
          const match = RUN_FILE.exec(f.name);
          if (!f.isFile() || !match) {
            outside(`${prefix}/${f.name}`, f.isFile() ? 'a file not named <version>_seed<k>.json' : 'a folder');
            continue;
          }
          out.files++;
          const version = match[1] as Version;
          const seed = Number(match[2]);
          const run = readRun(modelDir + path.sep + f.name, prefix, f.name, place, version, seed);
          if (!run.ok) {
            out.skipped++;
            out.problems.push(run.error.message);
            continue;
          }
          if (run.value.warnings.length) tally.add(`${prefix}/${f.name}`, run.value.warnings);
          const key = `${version}\u0000${seed}`;
          const same = bySeed.get(key);
          if (same) same.push({ file: f.name, run: run.value.run });
          else bySeed.set(key, [{ file: f.name, run: run.value.run }]);
        }
        for (const same of bySeed.values()) {
          if (same.length === 1) {
            out.runs.push(same[0]!.run);
            continue;
          }
          // Which of two files is the run is not the scorer's to guess: neither is scored, both are named.
          out.skipped += same.length;
          const r = same[0]!.run;
          duplicates.push(`${same.map((x) => `${prefix}/${x.file}`).join(' and ')}: ${same.length} files for one run (${r.version}, seed ${r.seed}); none was scored — keep one and score again.`);
        }
      }
    }
  }
  out.problems.push(...duplicates);
  out.warnings = tally.lines();
  return ok(out);
}

// A folder holds one model's runs: its directory name is worked out once per model, not once per file, and every run
// of a model shares one copy of its id.
const modelDirs = new Map<string, { id: string; dir: string }>();
function knownModel(model: string): { id: string; dir: string } {
  let known = modelDirs.get(model);
  if (known === undefined) {
    known = { id: model, dir: modelDirName(model) };
    if (modelDirs.size > 10_000) modelDirs.clear();
    modelDirs.set(model, known);
  }
  return known;
}

interface Place {
  dimension: string;
  scenario: string;
  modelDir: string;
}

/**
 * One run file: what scoring reads (runRecord.ts), and a model id that matches its folder. `prefix` and `base` make
 * its name in messages (`transcripts/<dimension>/<scenario>/<model-dir>` and the file name), joined only for one.
 */
function readRun(file: string, prefix: string, base: string, place: Place, version: Version, seed: number): Result<{ run: ScoredRun; warnings: string[] }> {
  const name = () => `${prefix}/${base}`;
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return fail('bad_request', `${name()}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); skipped.`);
  }
  const record = readRunText(text);
  if (!record.ok) return fail('bad_request', `${name()}: ${record.error.message}; skipped.`);
  const model = knownModel(record.value.model);
  if (model.dir !== place.modelDir) {
    return fail('bad_request', `${name()}: evaluated_model "${model.id}" belongs in folder ${model.dir}, not ${place.modelDir}; skipped.`);
  }
  return ok({
    run: { model: model.id, dimension: place.dimension, scenario: place.scenario, version, seed, score: record.value.score },
    warnings: record.value.warnings,
  });
}

/**
 * The records under `excluded/` beside the transcripts folder, counted per reason (its first folder): pilots, void,
 * withdrawn, practice, superseded, and `error` — a model run stopped by an endpoint failure, kept as a record, not a
 * transcript. None is ever scored; an errored cell stays absent from the scores and appears in `missing_runs` where a
 * plan (or another model's runs) names it. The one place that knows where excluded/ is and how it is laid out.
 */
export function excludedRecords(transcriptsDir: string): Map<string, number> {
  const counts = new Map<string, number>();
  const top = path.join(path.dirname(transcriptsDir), 'excluded');
  const count = (dir: string): number => {
    let n = 0;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.name.startsWith('.')) continue;
      if (e.isDirectory()) n += count(path.join(dir, e.name));
      else if (e.isFile() && e.name.endsWith('.json')) n++;
    }
    return n;
  };
  if (!fs.existsSync(top) || !fs.statSync(top).isDirectory()) return counts;
  for (const reason of subdirs(top)) if (reason.isDirectory()) counts.set(reason.name, count(path.join(top, reason.name)));
  return counts;
}
