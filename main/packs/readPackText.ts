import fs from 'node:fs';

/**
 * The most a pack file the loader reads into memory may hold (study.yaml, task YAML, `from:` files, item sets,
 * prompts). The largest shipped are a task at 18 kB and an item set at 92 kB, so 16 MiB leaves a margin of well over a
 * hundredfold; a 200 MB task file once took the host from 141 MB to 606 MB. The README's pack paragraph repeats it.
 */
export const PACK_FILE_BYTES = 16 * 1024 * 1024;

export type PackText =
  { ok: true; text: string } | { ok: false; reason: 'unreadable' | 'too_large'; message: string };

const MiB = 1024 * 1024;
const sized = (n: number) => (n % MiB === 0 ? `${n / MiB} MiB` : `${n} bytes (${(n / MiB).toFixed(1)} MiB)`);

/** Why a file is past the cap, or null: from its size on disk, without reading it. */
export function tooLargeForPack(size: number, limit = PACK_FILE_BYTES): string | null {
  return size > limit
    ? `the file is ${sized(size)}, more than a pack file may be (${sized(limit)}); not read`
    : null;
}

/**
 * A pack file's text, refused by its size before any of it is read (and never more than the cap read, should it grow
 * meanwhile). Only regular files: a FIFO or device would block or never end.
 */
export function readPackText(file: string, limit = PACK_FILE_BYTES): PackText {
  let fd: number;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return { ok: false, reason: 'unreadable', message: 'not a regular file' };
    const big = tooLargeForPack(stat.size, limit);
    if (big) return { ok: false, reason: 'too_large', message: big };
    fd = fs.openSync(file, 'r');
  } catch (error) {
    return {
      ok: false,
      reason: 'unreadable',
      message: `cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    };
  }
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(limit + 1 - total, MiB));
      const n = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > limit)
        return {
          ok: false,
          reason: 'too_large',
          message: tooLargeForPack(total, limit)!.replace('is ', 'is at least '),
        };
    }
    return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
  } catch (error) {
    return {
      ok: false,
      reason: 'unreadable',
      message: `cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    };
  } finally {
    fs.closeSync(fd);
  }
}
