import fs from 'node:fs';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import type { Entry } from 'yauzl';
import type { ExportEntry, ExportSource, ReadOutcome } from './source.js';
import { entryName } from './zipNames.js';
import { tooLarge } from './source.js';

/**
 * Reads the central directory once with yauzl (names and sizes only), then reads entries one at a time in the order
 * the importer asks for: users and conversations first, day files after, wherever they sit in the archive.
 * Entry names are decoded by `entryName`: UTF-8 when their bytes are valid UTF-8 (flag or not), else CP437.
 * Entry data is read and inflated synchronously (one pread and one inflateRawSync per entry): an export holds tens of
 * thousands of small day files, and a read stream plus an inflate stream per entry cost ten times the work itself.
 */
export async function openZipSource(file: string): Promise<ExportSource> {
  const fd = fs.openSync(file, 'r');
  try {
    const byName = await readDirectory(fd);
    const entries: ExportEntry[] = [...byName].map(([name, e]) => ({ name, declaredSize: e.uncompressedSize }));
    return {
      entries,
      read: (entry, maxBytes) => {
        const zipEntry = byName.get(entry.name);
        if (!zipEntry) return Promise.resolve({ ok: false, reason: 'the entry is not in the archive' });
        return Promise.resolve(readEntry(fd, zipEntry, maxBytes));
      },
      close: () => fs.closeSync(fd),
    };
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
}

/**
 * Serves yauzl's reads of the central directory with one pread each, answered on the next tick: yauzl's own file
 * reader goes through the thread pool twice per entry, which for 50,000 entries is seconds of waiting.
 */
class SyncFileReader extends yauzl.RandomAccessReader {
  constructor(private readonly fd: number) {
    super();
  }
  override read(buffer: Buffer, offset: number, length: number, position: number, callback: (err: Error | null) => void): void {
    const done = callback as (err: Error | null, bytesRead?: number) => void;
    try {
      const bytesRead = fs.readSync(this.fd, buffer, offset, length, position);
      process.nextTick(done, null, bytesRead);
    } catch (error) {
      process.nextTick(done, error as Error);
    }
  }
  override _readStreamForRange(start: number, end: number): Readable {
    return fs.createReadStream('', { fd: this.fd, start, end: end - 1, autoClose: false });
  }
  override close(callback: (err: Error | null) => void): void {
    // The file descriptor belongs to the source, which closes it.
    process.nextTick(callback, null);
  }
}

/** What reading an entry needs; yauzl's Entry objects carry much more, which for 50,000 entries is tens of MB. */
interface StoredEntry {
  offset: number;
  compressedSize: number;
  uncompressedSize: number;
  compressionMethod: number;
  encrypted: boolean;
}

async function readDirectory(fd: number): Promise<Map<string, StoredEntry>> {
  const zip = await yauzl.fromRandomAccessReaderPromise(new SyncFileReader(fd), fs.fstatSync(fd).size, {
    lazyEntries: true,
    autoClose: false,
    strictFileNames: false,
    // Raw name bytes: yauzl would read every name without the UTF-8 flag as CP437 (see entryName).
    decodeStrings: false,
  });
  const byName = new Map<string, StoredEntry>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: Entry) => {
        let name: string;
        try {
          name = entryName(entry);
        } catch (error) {
          reject(error as Error);
          return;
        }
        if (!name.endsWith('/')) {
          byName.set(name, {
            offset: entry.relativeOffsetOfLocalHeader,
            compressedSize: entry.compressedSize,
            uncompressedSize: entry.uncompressedSize,
            compressionMethod: entry.compressionMethod,
            encrypted: entry.isEncrypted(),
          });
        }
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', reject);
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return byName;
}

const LOCAL_HEADER = 0x04034b50;

function readEntry(fd: number, entry: StoredEntry, maxBytes: number): ReadOutcome {
  if (entry.uncompressedSize > maxBytes) return { ok: false, reason: tooLarge(entry.uncompressedSize, maxBytes) };
  if (entry.encrypted) return { ok: false, reason: 'the entry is encrypted' };
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    return { ok: false, reason: `it uses compression method ${entry.compressionMethod}, which is not supported` };
  }
  try {
    // The local header repeats the name and may carry a different extra field: its own lengths say where data starts.
    const header = Buffer.alloc(30);
    fs.readSync(fd, header, 0, 30, entry.offset);
    if (header.readUInt32LE(0) !== LOCAL_HEADER) return { ok: false, reason: 'it could not be read: bad local header' };
    const start = entry.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const stored = Buffer.allocUnsafe(entry.compressedSize);
    if (fs.readSync(fd, stored, 0, stored.length, start) !== stored.length) {
      return { ok: false, reason: 'it could not be read: the archive ends inside it' };
    }
    // The declared size can lie: inflate no further than the limit, and refuse any size but the declared one.
    const data = entry.compressionMethod === 8 ? zlib.inflateRawSync(stored, { maxOutputLength: maxBytes }) : stored;
    if (data.length > maxBytes) return { ok: false, reason: tooLarge(data.length, maxBytes) };
    if (data.length !== entry.uncompressedSize) {
      return { ok: false, reason: `it could not be read: it holds ${data.length} bytes, the archive says ${entry.uncompressedSize}` };
    }
    return { ok: true, text: data.toString('utf8') };
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      const declared = entry.uncompressedSize;
      return { ok: false, reason: `it inflates past the limit of ${maxBytes} bytes (declared: ${declared}); skipped as a possible zip bomb` };
    }
    return { ok: false, reason: `it could not be read: ${(error as Error).message}` };
  }
}
