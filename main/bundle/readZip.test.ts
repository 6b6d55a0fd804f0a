import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../testing/tempDir.js';
import { BUNDLE_LIMITS, readZip } from './readZip.js';

// Zips built by hand (yazl writes what it is told, duplicate names and all), read the way `npm run merge` reads them.

const temps: Array<ReturnType<typeof makeTempDir>> = [];
afterEach(() => temps.splice(0).forEach((t) => t.cleanup()));
const dir = () => {
  const t = makeTempDir();
  temps.push(t);
  return t.dir;
};

type Entry = [name: string, content: Buffer | (() => Readable)];

function writeZip(file: string, entries: Entry[]): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of entries) {
    if (Buffer.isBuffer(content)) zip.addBuffer(content, name);
    else zip.addReadStream(content(), name);
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const out = fs.createWriteStream(file);
    zip.outputStream
      .pipe(out)
      .on('finish', () => resolve(file))
      .on('error', reject);
  });
}

/** A stream of `n` zero bytes, made a MiB at a time (never held whole). */
function zeros(n: number): Readable {
  const chunk = Buffer.alloc(1024 * 1024);
  let left = n;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const c = chunk.subarray(0, Math.min(left, chunk.length));
      left -= c.length;
      this.push(c);
    },
  });
}

const small = { entryBytes: 1000, totalBytes: 2500, entries: 10 };

describe('reading a bundle zip', () => {
  it('refuses an entry that unpacks past the cap before inflating it, naming the bundle and the entry', async () => {
    // 64 MiB and one byte of zeros: a zip of about 64 kB.
    const file = await writeZip(path.join(dir(), 'bomb.zip'), [
      ['manifest.json', Buffer.from('{}')],
      ['events/s1.jsonl', () => zeros(BUNDLE_LIMITS.entryBytes + 1)],
    ]);
    expect(fs.statSync(file).size).toBeLessThan(1024 * 1024);
    const read = await readZip(file);
    expect(!read.ok && read.error.message).toBe(
      `${file}: entry events/s1.jsonl unpacks to 67108865 bytes, more than one bundle file may hold (64 MiB); not read.`,
    );
  }, 60_000);

  it('refuses a bundle whose entries together unpack past the cap, and one with too many entries', async () => {
    const d = dir();
    const file = await writeZip(path.join(d, 'many.zip'), [
      ['a.json', Buffer.alloc(900, 'a')],
      ['b.json', Buffer.alloc(900, 'b')],
      ['c.json', Buffer.alloc(900, 'c')],
    ]);
    const read = await readZip(file, small);
    expect(!read.ok && read.error.message).toBe(
      `${file}: entries up to c.json unpack to more than 2500 bytes, the most one bundle may hold; not read.`,
    );
    const crowded = await writeZip(
      path.join(d, 'crowded.zip'),
      Array.from({ length: 11 }, (_, i): Entry => [`f${i}.txt`, Buffer.from('x')]),
    );
    const r2 = await readZip(crowded, small);
    expect(!r2.ok && r2.error.message).toBe(
      `${crowded}: holds 11 entries, more than a bundle may hold (10); not read.`,
    );
  });

  // yauzl's validateEntrySizes already refused this before the caps; kept so that never goes quietly.
  it('refuses an entry that holds more than its declared size', async () => {
    const file = await writeZip(path.join(dir(), 'liar.zip'), [['runs.json', Buffer.alloc(5000, 'x')]]);
    // Declare 10 bytes in both the local header and the central directory.
    const buf = fs.readFileSync(file);
    const local = buf.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const central = buf.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    buf.writeUInt32LE(10, local + 22);
    buf.writeUInt32LE(10, central + 24);
    fs.writeFileSync(file, buf);
    const read = await readZip(file, small);
    expect(!read.ok && read.error.message).toMatch(
      new RegExp(
        `^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: entry runs\\.json is damaged \\(too many bytes`,
      ),
    );
  });

  it('refuses a name given twice (readers disagree on which copy counts)', async () => {
    const file = await writeZip(path.join(dir(), 'twice.zip'), [
      ['runs.json', Buffer.from('[]')],
      ['results/t.json', Buffer.from('{"first":true}')],
      ['results/t.json', Buffer.from('{"second":true}')],
    ]);
    const read = await readZip(file);
    expect(!read.ok && read.error.message).toBe(
      `${file}: holds the entry results/t.json twice; a bundle names each file once. Not read.`,
    );
  });

  it('reads a bundle within the caps whole', async () => {
    const file = await writeZip(path.join(dir(), 'fine.zip'), [
      ['a.json', Buffer.alloc(1000, 'a')],
      ['b/c.json', Buffer.alloc(1000, 'b')],
    ]);
    const read = await readZip(file, small);
    if (!read.ok) throw new Error(read.error.message);
    expect([...read.value].map(([n, b]) => [n, b.length])).toEqual([
      ['a.json', 1000],
      ['b/c.json', 1000],
    ]);
  });
});
