import fs from 'node:fs';
import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';
import type { ScoredRun } from '../../shared/team/export/resultTypes.js';
import { benchmarkTranscriptSchema, type BenchmarkTranscript, type Version } from '../../shared/team/export/transcriptSchema.js';
import { isBenchmarkTranscript } from '../../shared/team/export/transcriptGuard.js';
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
  files: number;
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

/** Every run file under the transcripts folder, validated; files that fail are named in `problems` and skipped. */
export function readRuns(dir: string): Result<ReadRuns> {
  const root = transcriptsRoot(dir);
  if (!root.ok) return root;
  const out: ReadRuns = { root: root.value, runs: [], problems: [], files: 0 };
  const rel = (...parts: string[]) => path.posix.join('transcripts', ...parts);
  const outside = (p: string, what: string) => out.problems.push(`${p}: ${what} is not in the layout ${LAYOUT}; skipped.`);
  for (const d of subdirs(root.value)) {
    if (!d.isDirectory()) {
      outside(rel(d.name), 'a file');
      continue;
    }
    if (d.name === 'excluded') continue;
    for (const s of subdirs(path.join(root.value, d.name))) {
      if (!s.isDirectory()) {
        outside(rel(d.name, s.name), 'a file');
        continue;
      }
      for (const m of subdirs(path.join(root.value, d.name, s.name))) {
        if (!m.isDirectory()) {
          outside(rel(d.name, s.name, m.name), 'a file');
          continue;
        }
        const modelDir = path.join(root.value, d.name, s.name, m.name);
        // Names joined once per folder: 25,000 files must not cost 50,000 path normalisations.
        const prefix = rel(d.name, s.name, m.name);
        for (const f of subdirs(modelDir)) {
          const name = `${prefix}/${f.name}`;
          const match = RUN_FILE.exec(f.name);
          if (!f.isFile() || !match) {
            outside(name, f.isFile() ? 'a file not named <version>_seed<k>.json' : 'a folder');
            continue;
          }
          out.files++;
          const run = readRun(modelDir + path.sep + f.name, name, { dimension: d.name, scenario: s.name, modelDir: m.name, version: match[1] as Version, seed: Number(match[2]) });
          if (run.ok) out.runs.push(run.value);
          else out.problems.push(run.error.message);
        }
      }
    }
  }
  return ok(out);
}

// A folder holds one model's runs: its directory name is worked out once per model, not once per file.
const modelDirs = new Map<string, string>();
function modelDirOf(model: string): string {
  let dir = modelDirs.get(model);
  if (dir === undefined) {
    dir = modelDirName(model);
    if (modelDirs.size > 10_000) modelDirs.clear();
    modelDirs.set(model, dir);
  }
  return dir;
}

interface Place {
  dimension: string;
  scenario: string;
  modelDir: string;
  version: Version;
  seed: number;
}

/** One run file: JSON, the benchmark's transcript schema, and a model id that matches its folder. */
export function readRun(file: string, name: string, place: Place): Result<ScoredRun> {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    return fail('bad_request', `${name}: not JSON (${(error as Error).message}); skipped.`);
  }
  // zod only where the plain check says no: it gives the same verdict, and the message that names the place.
  let data: BenchmarkTranscript;
  if (isBenchmarkTranscript(json)) data = json;
  else {
    const parsed = benchmarkTranscriptSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const at = issue.path.length ? issue.path.join('.') : 'the top level';
      return fail('bad_request', `${name}: fails the transcript schema at ${at}: ${issue.message}; skipped.`);
    }
    data = parsed.data;
  }
  const model = data.evaluated_model;
  const dirName = modelDirOf(model);
  if (dirName !== place.modelDir) {
    return fail('bad_request', `${name}: evaluated_model "${model}" belongs in folder ${dirName}, not ${place.modelDir}; skipped.`);
  }
  return ok({ model, dimension: place.dimension, scenario: place.scenario, version: place.version, seed: place.seed, score: data.score });
}
