import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// The one way Teamseat replaces a file on disk (workspaces, results, access.json): a reader, or a kill -9 at any
// instant, sees the old content or the whole new one, never a truncated file.

/** Name prefix of the temp files writeFileAtomic leaves only if it is killed mid-write. */
export const TEMP_PREFIX = '.teamseat-tmp-';

/**
 * Writes a temp file beside `file`, fsyncs it, renames it over, then fsyncs the folder so the rename itself survives
 * a power cut. `mode` is set when the temp file is created, so a secret is never readable by others, even briefly.
 */
export function writeFileAtomic(file: string, content: string | Buffer, options: { mode?: number } = {}): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  // Hidden and unique; a crash can leave one behind, which a workspace rebuild removes (the log never names it).
  const tmp = path.join(dir, `${TEMP_PREFIX}${crypto.randomBytes(6).toString('hex')}`);
  const fd = fs.openSync(tmp, 'wx', options.mode ?? 0o644);
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

/**
 * writeFileAtomic with its syncs on libuv's threads instead of the event loop: for writers off the request path
 * (the results writer), so a host serving many participants keeps answering while a file reaches the disk.
 */
export async function writeFileAtomicAsync(file: string, content: string | Buffer): Promise<void> {
  const dir = path.dirname(file);
  await fs.promises.mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `${TEMP_PREFIX}${crypto.randomBytes(6).toString('hex')}`);
  const handle = await fs.promises.open(tmp, 'wx', 0o644);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.promises.rename(tmp, file);
  } catch (error) {
    await fs.promises.rm(tmp, { force: true });
    throw error;
  }
  await fsyncDirAsync(dir);
}

async function fsyncDirAsync(dir: string): Promise<void> {
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(dir, 'r');
    await handle.sync();
  } catch {
    // As fsyncDir: some platforms cannot open a folder for fsync.
  } finally {
    await handle?.close();
  }
}

/** fsync of a folder, so a rename or unlink inside it survives a power cut. */
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

/** Moves a file atomically (same volume), making the target's folder first. */
export function moveFileAtomic(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.renameSync(from, to);
  fsyncDir(path.dirname(to));
  fsyncDir(path.dirname(from));
}

export function removeFile(file: string): void {
  fs.rmSync(file, { force: true });
  fsyncDir(path.dirname(file));
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
