import fs from 'node:fs';
import path from 'node:path';
import { TEMP_PREFIX } from './atomicWrite.js';

/** Exactly the names writeFileAtomic gives its temp files (its prefix and 6 random bytes in hex). */
export const TEMP_NAME = new RegExp(`^${TEMP_PREFIX.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[0-9a-f]{12}$`);

/**
 * A temp file younger than this may be another process's write in flight (a CLI run against the same data dir while
 * the host runs): a temp file lives for milliseconds, so one this old was left by a kill.
 */
export const STALE_AFTER_MS = 60_000;

/**
 * Removes the temp files a `kill -9` mid-write left in the data dir (results/, exports/ and the data dir itself), which
 * nothing else ever removes: one once still held an erased participant's transcript after 27 restarts. Only regular
 * files named as writeFileAtomic names its temps, older than STALE_AFTER_MS, found without following a link and
 * really inside the data dir. Returns what was removed, relative to the data dir.
 */
export function removeStaleTemps(dataDir: string, now = Date.now()): string[] {
  let realData: string;
  try {
    realData = fs.realpathSync(dataDir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  const sweep = (dir: string, deep: boolean) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const d of entries) {
      const full = path.join(dir, d.name);
      // Dirents of links are neither files nor folders here: a link is never followed nor removed.
      if (d.isDirectory()) {
        if (deep) sweep(full, true);
        continue;
      }
      if (!d.isFile() || !TEMP_NAME.test(d.name)) continue;
      try {
        const stat = fs.lstatSync(full);
        if (!stat.isFile() || now - stat.mtimeMs < STALE_AFTER_MS) continue;
        fs.rmSync(full);
        removed.push(path.relative(realData, full).split(path.sep).join('/'));
      } catch {
        // Gone already, or not ours to remove: the next start tries again.
      }
    }
  };
  sweep(realData, false);
  for (const sub of ['results', 'exports']) {
    const root = path.join(realData, sub);
    let real: string;
    try {
      real = fs.realpathSync(root);
    } catch {
      continue;
    }
    // A results/ that is a link elsewhere is not the data dir's to sweep.
    if (real === root) sweep(root, true);
  }
  return removed;
}
