import fs from 'node:fs';
import path from 'node:path';
import type { ExportEntry, ExportSource, ReadOutcome } from './source.js';
import { tooLarge } from './source.js';

/**
 * An unpacked export: walks the folder once for names and sizes; symlinks are not followed out of it.
 * Reads are synchronous on purpose: an export holds tens of thousands of small day files, and the promise API's
 * open/stat/read/close round trips through the thread pool cost ten times more than the reads themselves. The import
 * runs in its own worker thread, so nothing waits on it.
 */
export async function openFolderSource(root: string): Promise<ExportSource> {
  const entries: ExportEntry[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, d.name);
      const name = prefix + d.name;
      if (d.isDirectory()) walk(full, `${name}/`);
      else if (d.isFile()) entries.push({ name, declaredSize: fs.statSync(full).size });
    }
  };
  walk(root, '');
  return Promise.resolve({
    entries,
    read: (entry, maxBytes) => Promise.resolve(readEntry(path.join(root, ...entry.name.split('/')), maxBytes)),
    close: () => undefined,
  });
}

function readEntry(full: string, maxBytes: number): ReadOutcome {
  let fd: number | undefined;
  try {
    fd = fs.openSync(full, 'r');
    const size = fs.fstatSync(fd).size;
    if (size > maxBytes) return { ok: false, reason: tooLarge(size, maxBytes) };
    return { ok: true, text: fs.readFileSync(fd, 'utf8') };
  } catch (error) {
    return { ok: false, reason: `it could not be read: ${(error as Error).message}` };
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
