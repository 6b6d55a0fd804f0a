import fs from 'node:fs';
import yauzl from 'yauzl';
import { fail, ok, type Result } from '../../shared/result.js';

/**
 * Limits on what one bundle may unpack to. A station's bundle is its event logs (tens of kB per session), transcripts,
 * Slack trials and tidy CSVs: a few MB for a whole study, so these leave a margin of a hundredfold and more while a
 * 420 kB zip can no longer unpack to 400 MB in memory (a "zip bomb"). The README's merge paragraph repeats them.
 */
export interface ZipLimits {
  /** Largest uncompressed size of one entry, in bytes. */
  entryBytes: number;
  /** Largest uncompressed size of all entries together, in bytes (the zip file itself may not be larger either). */
  totalBytes: number;
  /** Most entries one bundle may hold. */
  entries: number;
}

export const BUNDLE_LIMITS: ZipLimits = {
  entryBytes: 64 * 1024 * 1024,
  totalBytes: 512 * 1024 * 1024,
  entries: 100_000,
};

const MiB = 1024 * 1024;
const mb = (n: number) => (n >= MiB && n % MiB === 0 ? `${n / MiB} MiB` : `${n} bytes`);

/**
 * Every entry of a zip file, or an error naming the file (and the entry) and what is wrong: a truncated copy, an entry
 * or a whole that unpacks past the limits, a name given twice. Sizes are checked as declared before an entry is
 * opened AND counted while it inflates, because a zip can declare less than it holds.
 */
export function readZip(
  file: string,
  limits: ZipLimits = BUNDLE_LIMITS,
): Promise<Result<Map<string, Buffer>>> {
  return new Promise((resolve) => {
    let buffer: Buffer;
    try {
      const size = fs.statSync(file).size;
      if (size > limits.totalBytes) {
        resolve(
          fail(
            'bad_request',
            `${file}: is ${mb(size)}, more than a bundle may hold (${mb(limits.totalBytes)}); not read.`,
          ),
        );
        return;
      }
      buffer = fs.readFileSync(file);
    } catch (error) {
      resolve(
        fail(
          'not_found',
          `${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
        ),
      );
      return;
    }
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, strictFileNames: true, validateEntrySizes: true },
      (error, zip) => {
        if (error || !zip) {
          resolve(
            fail(
              'bad_request',
              `${file}: not a complete zip file (${error?.message ?? 'unreadable'}); a copy cut short in transfer? Copy it again.`,
            ),
          );
          return;
        }
        let settled = false;
        const bad = (what: string) => {
          if (settled) return;
          settled = true;
          zip.close();
          resolve(fail('bad_request', `${file}: ${what}`));
        };
        if (zip.entryCount > limits.entries)
          return bad(
            `holds ${zip.entryCount} entries, more than a bundle may hold (${limits.entries}); not read.`,
          );
        const files = new Map<string, Buffer>();
        const seen = new Set<string>();
        let total = 0;
        zip.on('error', (e: Error) => bad(`not a complete zip file (${e.message}).`));
        zip.on('entry', (entry: yauzl.Entry) => {
          const name = entry.fileName;
          // Two entries of one name: readers disagree on which counts (`unzip` shows the first), so neither does.
          if (seen.has(name))
            return bad(`holds the entry ${name} twice; a bundle names each file once. Not read.`);
          seen.add(name);
          if (name.endsWith('/')) return zip.readEntry();
          const tooBig = (n: number) =>
            n > limits.entryBytes
              ? `entry ${name} unpacks to ${n > entry.uncompressedSize ? 'at least ' : ''}${n} bytes, more than one bundle file may hold (${mb(limits.entryBytes)}); not read.`
              : total + n > limits.totalBytes
                ? `entries up to ${name} unpack to more than ${mb(limits.totalBytes)}, the most one bundle may hold; not read.`
                : null;
          const declared = tooBig(entry.uncompressedSize);
          if (declared) return bad(declared);
          zip.openReadStream(entry, (e, stream) => {
            if (e || !stream) return bad(`entry ${name} cannot be read (${e?.message ?? 'no stream'}).`);
            const chunks: Buffer[] = [];
            let bytes = 0;
            stream.on('data', (c: Buffer) => {
              bytes += c.length;
              const counted = tooBig(bytes);
              if (counted) {
                stream.destroy();
                return bad(counted);
              }
              chunks.push(c);
            });
            stream.on('error', (err: Error) => bad(`entry ${name} is damaged (${err.message}).`));
            stream.on('end', () => {
              if (settled) return;
              total += bytes;
              files.set(name, Buffer.concat(chunks));
              zip.readEntry();
            });
          });
        });
        zip.on('end', () => {
          if (settled) return;
          settled = true;
          resolve(ok(files));
        });
        zip.readEntry();
      },
    );
  });
}
