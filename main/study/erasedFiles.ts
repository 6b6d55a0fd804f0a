import fs from 'node:fs';
import path from 'node:path';
import { REJUDGING_DIR } from '../judge/rejudgeSession.js';

/**
 * The files outside the results writer's folder that an erasure takes with it, because they hold the person's words
 * or code and are derived from the log (so nothing is lost that cannot be made again from what stays):
 * - the participant's exports under results/ (a run exported from the quick seat's panel, Harbor jobs of a Slack
 *   study): every folder named `human_<code>` or `human_<code>_<time>`;
 * - re-judging reports of their runs (rejudging/<run id>/);
 * - the study's bundles written before the erasure (each holds every participant of the station; write a new one);
 * - copies of the whole database: migration backups (`teamseat.db.before-v<N>-<time>.bak`) and databases set
 *   aside as damaged or too new (`teamseat.db.set-aside-<time>`, with their WAL and SHM). They cannot be edited
 *   reliably (older schema, damaged pages), so they are deleted; the audit counts them.
 * Returns how many derived files and database copies were removed.
 */
export function removeErasedFiles(
  dataDir: string,
  a: { studyId: string; code: string; runIds: readonly string[]; databaseFile: string },
): { derived: number; copies: number } {
  let derived = 0;
  const results = path.join(dataDir, 'results');
  // The results writer owns results/<study id>/ and re-derives it after the erasure; everything else under results/ is an export.
  for (const dir of [path.join(results, 'transcripts'), path.join(results, 'slack', a.studyId)]) {
    for (const folder of foldersNamed(dir, (name) => name === `human_${a.code}` || name.startsWith(`human_${a.code}_`))) derived += removeTree(folder);
  }
  for (const runId of a.runIds) {
    if (/^[A-Za-z0-9_-]+$/.test(runId)) derived += removeTree(path.join(dataDir, REJUDGING_DIR, runId));
  }
  const bundles = path.join(dataDir, 'exports', 'bundles', a.studyId);
  for (const name of safeList(bundles)) if (name.endsWith('.zip')) derived += removeTree(path.join(bundles, name));
  let copies = 0;
  const beside = path.dirname(a.databaseFile);
  for (const name of safeList(beside)) if (isDatabaseCopy(path.basename(a.databaseFile), name)) copies += removeTree(path.join(beside, name));
  return { derived, copies };
}

/** A migration backup or a set-aside database (with its WAL/SHM) beside the live database. */
export function isDatabaseCopy(database: string, name: string): boolean {
  if (!name.startsWith(`${database}.`)) return false;
  const rest = name.slice(database.length + 1);
  return /^before-v\d+-.+\.bak$/.test(rest) || rest.startsWith('set-aside-');
}

function safeList(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

/** Every folder under `dir` (at any depth) whose name passes `match`; symlinks are not followed. */
function foldersNamed(dir: string, match: (name: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(at, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (!e.isDirectory()) continue;
      const full = path.join(at, e.name);
      if (match(e.name)) found.push(full);
      else walk(full);
    }
  };
  walk(dir);
  return found;
}

/** Removes a file or folder; returns how many files went. */
function removeTree(target: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(target);
  } catch {
    return 0;
  }
  const count = stat.isDirectory()
    ? (fs.readdirSync(target, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((d) => !d.isDirectory()).length
    : 1;
  fs.rmSync(target, { recursive: true, force: true });
  return count;
}
