/**
 * A dependency-free PDF of one page holding one image: the figure rasterised at 300 dpi, placed at its size in points
 * (1 CSS px = 0.75 pt), so \includegraphics puts it in at the size it was drawn. No PDF library is in package.json
 * and the app cannot call Chromium's print-to-PDF, so the page is written here: a few objects and an xref table.
 * The pixels are RGB, deflated by the caller (zlib, PDF's FlateDecode).
 */
export function pdfWithImage(
  deflatedRgb: Uint8Array,
  pixels: { width: number; height: number },
  points: { width: number; height: number },
  title: string,
): Uint8Array<ArrayBuffer> {
  const enc = new TextEncoder();
  const w = points.width.toFixed(2);
  const h = points.height.toFixed(2);
  const content = `q ${w} 0 0 ${h} 0 0 cm /Fig Do Q`;
  // PDF text strings: ASCII kept, anything else (and the delimiters) escaped, so a title cannot break the file.
  const safe = [...title]
    .map((c) => (/[ -~]/.test(c) && !'()\\'.includes(c) ? c : c === '(' || c === ')' || c === '\\' ? `\\${c}` : '?'))
    .join('');
  const parts: (string | Uint8Array)[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (p: string | Uint8Array) => {
    parts.push(p);
    length += typeof p === 'string' ? enc.encode(p).length : p.length;
  };
  const object = (n: number, body: (string | Uint8Array)[]) => {
    offsets[n] = length;
    push(`${n} 0 obj\n`);
    body.forEach(push);
    push('\nendobj\n');
  };
  push('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n');
  object(1, ['<< /Type /Catalog /Pages 2 0 R >>']);
  object(2, ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>']);
  object(3, [
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Fig 5 0 R >> >> /Contents 4 0 R >>`,
  ]);
  object(4, [`<< /Length ${content.length} >>\nstream\n${content}\nendstream`]);
  object(5, [
    `<< /Type /XObject /Subtype /Image /Width ${pixels.width} /Height ${pixels.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${deflatedRgb.length} >>\nstream\n`,
    deflatedRgb,
    '\nendstream',
  ]);
  object(6, [`<< /Title (${safe}) /Producer (Teamseat) >>`]);
  const xref = length;
  let table = `xref\n0 7\n0000000000 65535 f \n`;
  for (let n = 1; n <= 6; n++) table += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  push(table);
  push(`trailer\n<< /Size 7 /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    const bytes = typeof p === 'string' ? enc.encode(p) : p;
    out.set(bytes, at);
    at += bytes.length;
  }
  return out;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * The PNG with a pHYs chunk saying its resolution, inserted after IHDR: canvas.toBlob writes none, so a viewer or
 * LaTeX would take 72 or 96 dpi and print a 300 dpi figure three times too large.
 */
export function pngWithDpi(png: Uint8Array, dpi: number): Uint8Array<ArrayBuffer> {
  const ppm = Math.round(dpi / 0.0254);
  const chunk = new Uint8Array(21);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, 9);
  chunk.set([0x70, 0x48, 0x59, 0x73], 4); // pHYs
  view.setUint32(8, ppm);
  view.setUint32(12, ppm);
  chunk[16] = 1; // unit: metre
  view.setUint32(17, crc32(chunk.subarray(4, 17)));
  const ihdrEnd = 8 + 8 + 13 + 4; // signature, IHDR length+type, IHDR data, CRC
  const out = new Uint8Array(png.length + chunk.length);
  out.set(png.subarray(0, ihdrEnd), 0);
  out.set(chunk, ihdrEnd);
  out.set(png.subarray(ihdrEnd), ihdrEnd + chunk.length);
  return out;
}
