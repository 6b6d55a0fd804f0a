import fs from 'node:fs';
import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';
import { fsyncDir, writeFileAtomic } from '../files/atomicWrite.js';
import { normaliseWorkspacePath } from './paths.js';
import { hashContent } from './sessionWorkspace.js';

export interface RebuildReport {
  /** Files whose content on disk was not what the log says (or that were missing), written again. */
  rewritten: string[];
  /** Entries the log does not explain (extra files, links, leftover temp files, empty folders), removed. */
  removed: string[];
}

/**
 * Makes the folder `root` hold exactly `files` (path → text, from the session's log): after a crash between an
 * edit being recorded and the file being renamed into place, or anything else touching the folder, disk and
 * log agree again. The log wins every disagreement.
 */
export function rebuildWorkspace(root: string, files: Readonly<Record<string, string>>): Result<RebuildReport> {
  const wanted = new Map<string, string>();
  for (const [rel, text] of Object.entries(files)) {
    const clean = normaliseWorkspacePath(rel);
    if (!clean.ok || clean.value === '') return fail('internal', `The log names a workspace file "${rel}" that is not a usable path.`);
    wanted.set(clean.value, text);
  }
  const folders = new Set<string>();
  for (const rel of wanted.keys()) {
    const parts = rel.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  const report: RebuildReport = { rewritten: [], removed: [] };
  try {
    fs.mkdirSync(root, { recursive: true });
    const present = new Set<string>();
    sweep(root, '', wanted, folders, present, report);
    for (const [rel, text] of wanted) {
      if (present.has(rel)) continue;
      writeFileAtomic(path.join(root, ...rel.split('/')), text);
      report.rewritten.push(rel);
    }
  } catch (error) {
    return fail('internal', `Could not rebuild the workspace "${root}" from the log: ${(error as Error).message}`);
  }
  report.rewritten.sort();
  report.removed.sort();
  return ok(report);
}

/** Walks the folder without following links; keeps what the log explains and removes the rest. */
function sweep(
  root: string,
  rel: string,
  wanted: ReadonlyMap<string, string>,
  folders: ReadonlySet<string>,
  present: Set<string>,
  report: RebuildReport,
): void {
  const dir = path.join(root, ...(rel === '' ? [] : rel.split('/')));
  let changed = false;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && folders.has(child)) {
      sweep(root, child, wanted, folders, present, report);
      continue;
    }
    const text = wanted.get(child);
    if (entry.isFile() && text !== undefined) {
      present.add(child);
      if (hashContent(fs.readFileSync(full)) === hashContent(text)) continue;
      writeFileAtomic(full, text);
      report.rewritten.push(child);
      continue;
    }
    // Not explained by the log (or the wrong kind of entry, such as a link or a folder where a file belongs).
    fs.rmSync(full, { recursive: true, force: true });
    report.removed.push(child);
    changed = true;
  }
  if (changed) fsyncDir(dir);
}
