import fs from 'node:fs';
import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';
import { readTranscript, runFromPath } from '../../shared/replay/readTranscript.js';
import { isTrajectory, readTrajectory } from '../../shared/replay/readTrajectory.js';
import type { ParsedRun } from '../../shared/replay/parsedRun.js';
import { indexTranscript, whereCut } from './jsonIndex.js';
import { indexHead } from './headIndex.js';
import type { TranscriptRows } from '../../shared/replay/transcriptRows.js';

/** Past this a file is refused before it is read (a transcript is JSON text; 50 MB is indexed in a few tens of ms). */
export const MAX_TRANSCRIPT_BYTES = 512 * 1024 * 1024;

/** From this size a file is read in steps, so its first round can be shown before the rest is read (issue 26). */
export const HEAD_FROM = 8 * 1024 * 1024;
/** The head is read in doubling steps from this size, and never past HEAD_MAX in the search for the first round. */
const HEAD_FIRST = 4 * 1024 * 1024;
const HEAD_MAX = 16 * 1024 * 1024;

/**
 * An opened run file. `complete` is null when `run` is the whole run; otherwise `run` holds only the first round and
 * its outline as the file's head gives it (found before the rest was read), and `complete` gives the whole run once
 * the file has been read and indexed to its end (or the error naming the file and what is wrong in it).
 */
export interface OpenedFile {
  run: ParsedRun;
  file: string;
  complete: Promise<Result<ParsedRun>> | null;
  /**
   * True when `run` came from the head before the file's `sandbox` was reached: its starting-file hashes are not
   * known yet, so the task pack's files cannot be checked against them until `complete` gives the whole run.
   */
  hashesPending: boolean;
}

/**
 * A run file on this machine, read by the host (never sent through the API's request body): a benchmark transcript,
 * a Harbor trajectory (`agent/trajectory.json`, or the trial folder holding it), or a clear error naming the file.
 * A relative path is taken from the app's folder, so `studies/demo-reel/…` opens on any machine.
 */
export async function openRunFile(appRoot: string, given: string): Promise<Result<OpenedFile>> {
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
  // A file opened again unchanged (same size, time and inode: a file replaced by a rename is another file) is not
  // read again: its outline and rows are kept. A changed file is read and indexed afresh.
  const same = (k: { size: number; mtimeMs: number; ino: number }) => k.size === stat.size && k.mtimeMs === stat.mtimeMs && k.ino === stat.ino;
  const kept = readFiles.get(file);
  if (kept && same(kept)) {
    readFiles.delete(file);
    readFiles.set(file, kept);
    return ok({ run: kept.run, file, complete: null, hashesPending: false });
  }
  // Opened again while its first read is still under way: that read is awaited rather than started twice.
  const reading = readingFiles.get(file);
  if (reading && same(reading)) {
    const run = await reading.complete;
    return run.ok ? ok({ run: run.value, file, complete: null, hashesPending: false }) : run;
  }
  const remember = (run: Result<ParsedRun>) => {
    if (!run.ok) return;
    readFiles.set(file, { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, run: run.value });
    while (readFiles.size > KEEP_FILES) readFiles.delete(readFiles.keys().next().value!);
  };
  if (stat.size < HEAD_FROM) {
    let bytes: Buffer;
    try {
      bytes = await fs.promises.readFile(file);
    } catch (error) {
      return fail('internal', `${file} could not be read: ${(error as Error).message}`);
    }
    const read = readRun(file, bytes);
    remember(read);
    return read.ok ? ok({ run: read.value, file, complete: null, hashesPending: false }) : read;
  }

  // A long file: its head is read until the first round is known, that round is answered at once, and the rest is
  // read and indexed after, off the answer's path. The whole pass still decides: a file that turns out malformed
  // past its head gets the same error as one read whole.
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch (error) {
    return fail('internal', `${file} could not be read: ${(error as Error).message}`);
  }
  // Grown as it is read: the whole file's buffer (50 MB of memory outside the heap) is made only after the first round
  // has gone, off the answer's path; the head's bytes stay as they were, for the first round read from them.
  let bytes = Buffer.allocUnsafe(Math.min(stat.size, HEAD_FIRST));
  let got = 0;
  const readTo = async (want: number) => {
    if (want > bytes.length) {
      const grown = Buffer.allocUnsafe(want);
      bytes.copy(grown, 0, 0, got);
      bytes = grown;
    }
    while (got < want) {
      const { bytesRead } = await handle.read(bytes, got, want - got, got);
      if (bytesRead === 0) throw new Error(`the file ended at byte ${got} of ${stat.size} while it was being read (changed on disk?)`);
      got += bytesRead;
    }
  };
  const finish = async (): Promise<Result<ParsedRun>> => {
    try {
      await readTo(stat.size);
    } catch (error) {
      return fail('internal', `${file} could not be read: ${(error as Error).message}`);
    } finally {
      await handle.close().catch(() => undefined);
    }
    let read: Result<ParsedRun>;
    try {
      read = readRun(file, bytes);
    } catch (error) {
      // Answered in the background, where a throw would reach no one: the page is told instead.
      read = fail('internal', `${file} could not be read: ${(error as Error).message}`);
    }
    remember(read);
    return read;
  };
  let first: { run: ParsedRun; hashesPending: boolean } | null = null;
  try {
    for (let want = HEAD_FIRST; want <= HEAD_MAX && want < stat.size && !first; want *= 2) {
      await readTo(want);
      first = firstRoundOf(file, bytes.subarray(0, got));
    }
  } catch (error) {
    await handle.close().catch(() => undefined);
    return fail('internal', `${file} could not be read: ${(error as Error).message}`);
  }
  if (!first) {
    const read = await finish();
    return read.ok ? ok({ run: read.value, file, complete: null, hashesPending: false }) : read;
  }
  // The rest is read after this answer has gone (a turn of the event loop later), so the first round is not held up.
  const complete = new Promise<void>((resolve) => setImmediate(resolve)).then(finish);
  readingFiles.set(file, { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, complete });
  void complete.finally(() => {
    if (readingFiles.get(file)?.complete === complete) readingFiles.delete(file);
  });
  return ok({ run: first.run, file, complete, hashesPending: first.hashesPending });
}

/** Files read, by path, most recently used last: a few, as the replay store keeps a few runs. */
const KEEP_FILES = 4;
const readFiles = new Map<string, { size: number; mtimeMs: number; ino: number; run: ParsedRun }>();
/** Long files whose first round has been answered and whose rest is still being read. */
const readingFiles = new Map<string, { size: number; mtimeMs: number; ino: number; complete: Promise<Result<ParsedRun>> }>();

/**
 * The first round of a benchmark transcript from its head, or null when the head cannot tell it for sure. A round is
 * known once each of `messages` and `tool_calls` has closed or gone past it, with its rows so far in round order (as
 * benchmark files write them; the head pass reads a list's rows up to the first past its first round, headIndex.ts);
 * a list not reached yet, or rows out of order, send the caller on to read the whole file. The outline holds that
 * round alone, with no problems or verdict: those come with the whole run, whose first round replaces this one.
 */
function firstRoundOf(file: string, head: Uint8Array): { run: ParsedRun; hashesPending: boolean } | null {
  const h = indexHead(head);
  if (!h || 'steps' in h.top) return null;
  const lists = [h.messages, h.tools];
  if (lists.some((l) => l.state === 'unseen')) return null;
  let first = Infinity;
  for (const l of lists) {
    let prev = -Infinity;
    for (const r of l.rows) {
      if (r.round === null) continue;
      if (r.round < prev) return null;
      prev = r.round;
      first = Math.min(first, r.round);
    }
  }
  if (first === Infinity) return null;
  const cut = lists.map((l) => {
    if (l.state === 'open' && !l.rows.some((r) => r.round !== null && r.round > first)) return -1;
    // The rows up to the last of the first round (any unplaceable row among them is listed by the whole run).
    let end = 0;
    l.rows.forEach((r, i) => {
      if (r.round === first) end = i + 1;
    });
    return end;
  });
  if (cut.includes(-1)) return null;
  const read = readTranscript(file, {
    top: h.top,
    keys: h.keys,
    // In round order, the rows before the first round's last are that round's (or unplaceable): indices stay the file's.
    messages: h.messages.rows.slice(0, cut[0]),
    tools: h.tools.rows.slice(0, cut[1]),
    message: h.message,
    tool: h.tool,
  } satisfies TranscriptRows);
  if (!read.ok || read.value.rounds.length !== 1) return null;
  // Benchmark files write `sandbox` after the lists, so the head seldom holds the hashes the pack is checked against.
  return { run: withPath(file, { ...read.value, problems: [], verdict: null }), hashesPending: !('sandbox' in h.top) };
}

function withPath(file: string, run: ParsedRun): ParsedRun {
  // The benchmark keeps the task, version and seed in the path, not the file.
  const where = runFromPath(file);
  if (where) Object.assign(run, { scenario: run.scenario ?? where.scenario, dimension: run.dimension ?? where.dimension, version: run.version ?? where.version, seed: run.seed ?? where.seed, title: run.scenario ?? where.scenario });
  return run;
}

function readRun(file: string, bytes: Buffer): Result<ParsedRun> {
  // A benchmark transcript is indexed in one pass, its rows parsed when their round is shown (jsonIndex.ts).
  const rows = indexTranscript(bytes);
  if (rows && !('steps' in rows.top)) {
    const read = readTranscript(file, rows);
    return read.ok ? ok(withPath(file, read.value)) : read;
  }
  let data: unknown;
  try {
    data = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    // A file cut short (a copy or a write that stopped) says where it ends: JSON's own message names no place then.
    const cut = whereCut(bytes);
    if (cut) return fail('bad_request', `${file} is cut short: it ends at byte ${bytes.length} inside ${cut}; expected the rest of that JSON value and the transcript's closing "}".`);
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
