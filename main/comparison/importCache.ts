import fs from 'node:fs';
import path from 'node:path';
import type { Result } from '../../shared/result.js';
import type { ImportedTeam } from './importTeam.js';

/**
 * Imported files read once while they stay unchanged (issue 28): a 90 MB final_results.json takes seconds to read
 * and parse, and every change of the comparison's sources (another file added, the fixture ticked, the screen opened
 * again) read it afresh. A file counts as unchanged while its size, times and inode are; the stat is taken before
 * the read, so a file rewritten during a read is read again next time.
 */
export interface ImportCache {
  get(file: string, read: () => Result<ImportedTeam>): Result<ImportedTeam>;
}

export function importCache(capacity = 2): ImportCache {
  const held = new Map<string, { stamp: string; value: Result<ImportedTeam> }>();
  return {
    get(file, read) {
      const key = path.resolve(file);
      const st = fs.statSync(key, { throwIfNoEntry: false });
      if (!st?.isFile()) return read();
      const stamp = `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}`;
      const found = held.get(key);
      held.delete(key);
      if (found?.stamp === stamp) {
        held.set(key, found);
        return found.value;
      }
      const value = read();
      held.set(key, { stamp, value });
      // Least recently used first: one 16,000-row import is a few hundred MB of objects.
      while (held.size > capacity) held.delete(held.keys().next().value!);
      return value;
    },
  };
}
