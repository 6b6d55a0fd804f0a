import fs from 'node:fs';
import zlib from 'node:zlib';

/** A minimal zip writer for tests: lets a test set raw name bytes, the UTF-8 flag and a false declared size. */
export interface ZipItem {
  name: Buffer;
  data: Buffer;
  utf8?: boolean;
  /** Declared uncompressed size; defaults to the real one. */
  declaredSize?: number;
}

export function writeTestZip(file: string, items: ZipItem[]): void {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const item of items) {
    const body = zlib.deflateRawSync(item.data);
    const crc = zlib.crc32(item.data);
    const flags = item.utf8 ? 0x0800 : 0;
    const size = item.declaredSize ?? item.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(item.name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(flags, 8);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(body.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(item.name.length, 28);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, item.name, body);
    central.push(dir, item.name);
    offset += local.length + item.name.length + body.length;
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(items.length, 8);
  end.writeUInt16LE(items.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  fs.writeFileSync(file, Buffer.concat([...parts, ...central, end]));
}
