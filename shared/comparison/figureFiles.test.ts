import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfWithImage, pngWithDpi } from './figureFiles.js';

describe('figure files', () => {
  it('writes a one-page PDF whose xref points at each object and whose page is the figure in points', () => {
    const rgb = new Uint8Array(4 * 3 * 3).fill(255);
    const pdf = Buffer.from(
      pdfWithImage(new Uint8Array(zlib.deflateSync(rgb)), { width: 4, height: 3 }, { width: 96, height: 72 }, 'Overall (a) \\ b'),
    );
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain('/MediaBox [0 0 96.00 72.00]');
    expect(text).toContain('/Width 4 /Height 3 /ColorSpace /DeviceRGB');
    expect(text).toContain('/Title (Overall \\(a\\) \\\\ b)');
    const start = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(start, start + 4)).toBe('xref');
    const offsets = text
      .slice(start)
      .split('\n')
      .slice(3, 9)
      .map((l) => Number(l.slice(0, 10)));
    offsets.forEach((o, i) => expect(text.slice(o, o + 8)).toBe(`${i + 1} 0 obj\n`.slice(0, 8)));
    // The image stream inflates back to the pixels.
    const at = text.indexOf('stream\n', text.indexOf('/Subtype /Image')) + 7;
    const len = Number(/\/Subtype \/Image[^>]*\/Length (\d+)/.exec(text)![1]);
    expect(zlib.inflateSync(pdf.subarray(at, at + len))).toEqual(Buffer.from(rgb));
  });

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
