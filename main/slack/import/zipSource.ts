import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import type { ExportEntry, ExportSource, ReadOutcome } from './source.js';
import { tooLarge } from './source.js';

/**
 * Reads the central directory once (names and sizes only), then opens entries one at a time in the order the importer
 * asks for: users and conversations first, day files after, wherever they sit in the archive.
 * yauzl decodes entry names as CP437 unless the zip marks them UTF-8, which is what old Slack exports need.
 */
export async function openZipSource(file: string): Promise<ExportSource> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, strictFileNames: false });
  const byName = new Map<string, Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      if (!entry.fileName.endsWith('/')) byName.set(entry.fileName.replace(/\\/g, '/'), entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  const entries: ExportEntry[] = [...byName].map(([name, e]) => ({ name, declaredSize: e.uncompressedSize }));
  return {
    entries,
    read: (entry, maxBytes) => {
      const zipEntry = byName.get(entry.name);
      if (!zipEntry) return Promise.resolve({ ok: false, reason: 'the entry is not in the archive' });
      if (zipEntry.uncompressedSize > maxBytes) {
        return Promise.resolve({ ok: false, reason: tooLarge(zipEntry.uncompressedSize, maxBytes) });
      }
      if (zipEntry.isEncrypted()) return Promise.resolve({ ok: false, reason: 'the entry is encrypted' });
      return readEntry(zip, zipEntry, maxBytes);
    },
    close: () => zip.close(),
  };
}

function readEntry(zip: ZipFile, entry: Entry, maxBytes: number): Promise<ReadOutcome> {
  return new Promise((resolve) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err) return resolve({ ok: false, reason: `it could not be read: ${err.message}` });
      const chunks: Buffer[] = [];
      let total = 0;
      let settled = false;
      const settle = (outcome: ReadOutcome) => {
        if (settled) return;
        settled = true;
        resolve(outcome);
      };
      // The declared size can lie; count the bytes actually inflated and stop at the limit.
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > maxBytes) {
          stream.destroy();
          settle({ ok: false, reason: tooLarge(total, maxBytes) });
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', (e: Error) => settle({ ok: false, reason: `it could not be read: ${e.message}` }));
      stream.on('end', () => settle({ ok: true, text: Buffer.concat(chunks).toString('utf8') }));
    });
  });
}
