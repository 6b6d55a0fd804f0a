import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Replaces `file` so a reader (or a kill -9 at any instant) sees either the old content or the new, never a
 * truncated file: write a temp file beside it, fsync it, rename it over, fsync the folder so the rename itself
 * survives a power cut.
 */
export function writeFileAtomic(file: string, content: string | Buffer): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  // Hidden and unique; a crash can leave one behind, which a workspace rebuild removes (the log never names it).
  const tmp = path.join(dir, `${TEMP_PREFIX}${crypto.randomBytes(6).toString('hex')}`);
  const fd = fs.openSync(tmp, 'wx', 0o644);
  try {
    fs.writeFileSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.renameSync(tmp, file);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
  fsyncDir(dir);
}

/** Name prefix of the temp files writeFileAtomic leaves only if it is killed mid-write. */
export const TEMP_PREFIX = '.teamseat-tmp-';

export function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some platforms (Windows) cannot open a folder for fsync; the rename is still atomic there.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
