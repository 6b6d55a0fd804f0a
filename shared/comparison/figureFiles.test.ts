import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pngWithDpi } from './figureFiles.js';

describe('figure files', () => {
  it('marks a PNG as 300 dpi with a valid pHYs chunk right after IHDR', () => {
    const sig = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
    const chunk = (type: string, data: Buffer) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
      return Buffer.concat([len, Buffer.from(type, 'latin1'), data, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(1, 0);
    ihdr.writeUInt32BE(1, 4);
    ihdr[8] = 8;
    ihdr[9] = 2;
    const png = Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IEND', Buffer.alloc(0))]);
    const out = Buffer.from(pngWithDpi(new Uint8Array(png), 300));
    expect(out.subarray(37, 41).toString('latin1')).toBe('pHYs');
    expect(out.readUInt32BE(41)).toBe(11811);
    expect(out.readUInt32BE(45)).toBe(11811);
    expect(out[49]).toBe(1);
    expect(out.readUInt32BE(50)).toBe(zlib.crc32(out.subarray(37, 50)));
    expect(out.subarray(58, 62).toString('latin1')).toBe('IEND');
  });
});
