import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** fsync of a folder, so a rename or unlink inside it survives a power cut (a no-op where folders cannot be opened). */
function syncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Windows cannot open a folder for fsync; the rename itself is still atomic there.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Temp file + fsync + rename: a reader sees the old file or the whole new one, never half of it. */
export function writeFileAtomic(file: string, content: string): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `.${path.basename(file)}.${crypto.randomBytes(4).toString('hex')}.tmp`);
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  syncDir(dir);
}

/** Moves a file atomically (same volume), making the target's folder first. */
export function moveFileAtomic(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.renameSync(from, to);
  syncDir(path.dirname(to));
  syncDir(path.dirname(from));
}

export function removeFile(file: string): void {
  fs.rmSync(file, { force: true });
  syncDir(path.dirname(file));
}

/** Removes now-empty folders from `dir` up to (not including) `stop`. */
export function pruneEmptyDirs(dir: string, stop: string): void {
  let at = dir;
  while (at.startsWith(stop + path.sep) && at !== stop) {
    try {
      if (fs.readdirSync(at).length > 0) return;
      fs.rmdirSync(at);
    } catch {
      return;
    }
    at = path.dirname(at);
  }
}
