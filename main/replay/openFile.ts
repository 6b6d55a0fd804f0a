import fs from 'node:fs';
import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';
import { readTranscript, runFromPath } from '../../shared/replay/readTranscript.js';
import { isTrajectory, readTrajectory } from '../../shared/replay/readTrajectory.js';
import type { ParsedRun } from '../../shared/replay/parsedRun.js';
import { indexTranscript } from './jsonIndex.js';

/** Past this a file is refused before it is read (a transcript is JSON text; 50 MB is indexed in a few tens of ms). */
export const MAX_TRANSCRIPT_BYTES = 512 * 1024 * 1024;

/**
 * A run file on this machine, read by the host (never sent through the API's request body): a benchmark transcript,
 * a Harbor trajectory (`agent/trajectory.json`, or the trial folder holding it), or a clear error naming the file.
 * A relative path is taken from the app's folder, so `studies/demo-reel/…` opens on any machine.
 */
export async function openRunFile(appRoot: string, given: string): Promise<Result<{ run: ParsedRun; file: string }>> {
  let file = path.resolve(appRoot, given);
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
    if (stat.isDirectory()) {
      const trajectory = path.join(file, 'agent', 'trajectory.json');
      if (!fs.existsSync(trajectory)) return fail('bad_request', `${file} is a folder; open a transcript .json file or a Harbor trial folder (with agent/trajectory.json).`);
      file = trajectory;
      stat = await fs.promises.stat(file);
    }
  } catch {
    return fail('not_found', `${file}: there is no such file on this machine.`);
  }
  if (stat.size > MAX_TRANSCRIPT_BYTES) return fail('bad_request', `${file} is ${Math.round(stat.size / 1e6)} MB; transcripts over ${MAX_TRANSCRIPT_BYTES / 1e6} MB are not opened.`);
  // A file opened again unchanged (same size and time) is not read again: its outline and rows are kept.
  const kept = readFiles.get(file);
  if (kept && kept.size === stat.size && kept.mtimeMs === stat.mtimeMs) {
    readFiles.delete(file);
    readFiles.set(file, kept);
    return ok({ run: kept.run, file });
  }
  let bytes: Buffer;
  try {
    bytes = await fs.promises.readFile(file);
  } catch (error) {
    return fail('internal', `${file} could not be read: ${(error as Error).message}`);
  }
  const read = readRun(file, bytes);
  if (!read.ok) return read;
  readFiles.set(file, { size: stat.size, mtimeMs: stat.mtimeMs, run: read.value });
  while (readFiles.size > KEEP_FILES) readFiles.delete(readFiles.keys().next().value!);
  return ok({ run: read.value, file });
}

/** Files read, by path, most recently used last: a few, as the replay store keeps a few runs. */
const KEEP_FILES = 4;
const readFiles = new Map<string, { size: number; mtimeMs: number; run: ParsedRun }>();

function readRun(file: string, bytes: Buffer): Result<ParsedRun> {
  // A benchmark transcript is indexed in one pass, its rows parsed when their round is shown (jsonIndex.ts).
  const rows = indexTranscript(bytes);
  if (rows && !('steps' in rows.top)) {
    const read = readTranscript(file, rows);
    if (!read.ok) return read;
    // The benchmark keeps the task, version and seed in the path, not the file.
    const where = runFromPath(file);
    const run = read.value;
    if (where) Object.assign(run, { scenario: run.scenario ?? where.scenario, dimension: run.dimension ?? where.dimension, version: run.version ?? where.version, seed: run.seed ?? where.seed, title: run.scenario ?? where.scenario });
    return ok(run);
  }
  let data: unknown;
  try {
    data = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    return fail('bad_request', `${file} is not JSON (${(error as Error).message}); a replay opens benchmark transcripts and Harbor trajectories.`);
  }
  if (isTrajectory(data)) return readTrajectory(file, data, rewardBeside(file));
  return readTranscript(file, data);
}

/** Harbor's verifier writes `verifier/reward.txt` (a float), else `reward.json`; the first number found counts. */
function rewardBeside(trajectory: string): number | null {
  const trial = path.dirname(path.dirname(trajectory));
  try {
    const txt = path.join(trial, 'verifier', 'reward.txt');
    if (fs.existsSync(txt)) {
      const n = Number(fs.readFileSync(txt, 'utf8').trim());
      return Number.isFinite(n) ? n : null;
    }
    const json = path.join(trial, 'verifier', 'reward.json');
    if (fs.existsSync(json)) {
      const v = Object.values(JSON.parse(fs.readFileSync(json, 'utf8')) as Record<string, unknown>).find((x) => typeof x === 'number');
      return typeof v === 'number' ? v : null;
    }
  } catch {
    return null;
  }
  return null;
}
