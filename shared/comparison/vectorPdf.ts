/**
 * A vector PDF of one figure, for LaTeX (issue 28): every line, shape and word of the SVG figure drawn with PDF's
 * own path and text operators, so the title, legend, n, sources and caption stay text (searchable, sharp at any
 * zoom) and nothing is an image. No PDF library is in package.json; what a figure needs is small: paths in a
 * transform, solid fills and strokes with opacity and dashes, and text in Helvetica (a standard PDF font, so
 * nothing is embedded). The renderer walks the live <svg> into these items (renderer/src/comparison/svgToPdf.ts).
 */

/** An affine transform [a b c d e f] from an element's own units to the figure's CSS px (y down). */
export type Matrix = readonly [number, number, number, number, number, number];
export type Rgb = readonly [number, number, number];

/** One step of a path in the element's own units: only moves, lines, cubic curves and close. */
export type PathStep = ['M' | 'L', number, number] | ['C', number, number, number, number, number, number] | ['Z'];

export interface PdfPath {
  kind: 'path';
  matrix: Matrix;
  steps: PathStep[];
  fill: Rgb | null;
  fillOpacity: number;
  evenOdd: boolean;
  stroke: Rgb | null;
  strokeOpacity: number;
  lineWidth: number;
  dash: number[];
  lineCap: 0 | 1 | 2;
  lineJoin: 0 | 1 | 2;
}

export interface PdfText {
  kind: 'text';
  matrix: Matrix;
  /** The baseline start of the run in the element's own units, after its anchor is applied (see `anchor`). */
  x: number;
  y: number;
  /** How the run is anchored at x: the PDF's Helvetica width decides where it starts, so right-aligned ticks stay so. */
  anchor: 'start' | 'middle' | 'end';
  size: number;
  bold: boolean;
  text: string;
  fill: Rgb;
  opacity: number;
}

export type PdfItem = PdfPath | PdfText;

// Helvetica and Helvetica-Bold advance widths (1/1000 em) of the printable ASCII range, from the standard AFM files.
const HELV =
  '278,278,355,556,556,889,667,191,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,278,278,584,584,584,556,1015,667,667,722,722,667,611,778,722,278,500,667,556,833,722,778,667,778,722,667,611,722,667,944,667,667,611,278,278,278,469,556,333,556,556,500,556,556,278,556,556,222,222,500,222,833,556,556,556,556,333,500,278,556,500,722,500,500,500,334,260,334,584';
const HELV_BOLD =
  '278,333,474,556,556,889,722,238,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,333,333,584,584,584,611,975,722,722,722,722,667,611,778,722,278,556,722,611,833,722,778,667,778,722,667,611,722,667,944,667,667,611,333,278,333,584,556,333,556,611,556,611,556,333,611,611,278,278,556,278,889,611,611,611,611,389,556,333,611,556,778,556,556,500,389,280,389,584';
const WIDTHS = { regular: HELV.split(',').map(Number), bold: HELV_BOLD.split(',').map(Number) };

// Characters outside ASCII that WinAnsiEncoding (the standard fonts' encoding here) has, by their byte.
const WIN_ANSI: Record<string, number> = {
  '€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, '‰': 0x89, '‹': 0x8b, '‘': 0x91, '’': 0x92,
  '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '™': 0x99, '›': 0x9b, ' ': 0xa0, '±': 0xb1, '×': 0xd7,
  '÷': 0xf7, '·': 0xb7, '°': 0xb0, 'µ': 0xb5, '²': 0xb2, '³': 0xb3, '¹': 0xb9, '½': 0xbd, '¼': 0xbc, '§': 0xa7,
};
// Characters the standard fonts lack, written as their nearest plain form (the SVG and PNG keep the originals).
const PLAIN: Record<string, string> = { '−': '-', '≤': '<=', '≥': '>=', '→': '->', '←': '<-', '≈': '~', '✓': 'v', '✗': 'x', '\u2009': ' ', '\u202f': ' ' };

/** The text as WinAnsi bytes (one char per byte in the returned string): Latin-1 letters kept, the rest mapped. */
export function winAnsi(text: string): string {
  let out = '';
  for (const c of text) {
    const code = c.codePointAt(0)!;
    if (code >= 0x20 && code <= 0x7e) out += c;
    else if (WIN_ANSI[c] !== undefined) out += String.fromCharCode(WIN_ANSI[c]);
    else if (code >= 0xa1 && code <= 0xff) out += c;
    else if (PLAIN[c] !== undefined) out += PLAIN[c];
    else out += '?';
  }
  return out;
}

/** The width of WinAnsi text in Helvetica at `size`: letters outside ASCII taken as 556 (a digit's width). */
export function textWidth(bytes: string, size: number, bold: boolean): number {
  const table = bold ? WIDTHS.bold : WIDTHS.regular;
  let w = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes.charCodeAt(i);
    w += c >= 0x20 && c <= 0x7e ? table[c - 0x20]! : 556;
  }
  return (w * size) / 1000;
}

const num = (n: number): string => {
  const r = Math.round(n * 1000) / 1000;
  return Object.is(r, -0) ? '0' : String(r);
};
const colour = (c: Rgb): string => c.map((v) => num(v / 255)).join(' ');
const pdfString = (bytes: string): string => `(${bytes.replace(/[()\\]/g, (c) => `\\${c}`).replace(/[\r\n]/g, ' ')})`;

/**
 * The PDF file: one page of `width` × `height` CSS px (placed at 0.75 pt per px, the size it was drawn), items
 * painted in order, `title` in the document information.
 */
export function vectorPdf(items: readonly PdfItem[], size: { width: number; height: number }, title: string): Uint8Array<ArrayBuffer> {
  const alphas = new Map<string, string>();
  const alpha = (fill: number, stroke: number): string => {
    const key = `${num(fill)}/${num(stroke)}`;
    let name = alphas.get(key);
    if (!name) {
      name = `GS${alphas.size}`;
      alphas.set(key, name);
    }
    return name;
  };
  const w = size.width * 0.75;
  const h = size.height * 0.75;
  // Page space: CSS px with y down, as the SVG is drawn; each item adds its own element's transform.
  const ops: string[] = [`0.75 0 0 -0.75 0 ${num(h)} cm`];
  for (const item of items) {
    ops.push('q', `${item.matrix.map(num).join(' ')} cm`);
    if (item.kind === 'path') {
      const paints = item.fill !== null && item.fillOpacity > 0;
      const strokes = item.stroke !== null && item.lineWidth > 0 && item.strokeOpacity > 0;
      if (!paints && !strokes) {
        ops.push('Q');
        continue;
      }
      if (item.fillOpacity < 1 || item.strokeOpacity < 1) ops.push(`/${alpha(item.fillOpacity, item.strokeOpacity)} gs`);
      if (paints) ops.push(`${colour(item.fill!)} rg`);
      if (strokes) {
        ops.push(`${colour(item.stroke!)} RG`, `${num(item.lineWidth)} w`, `${item.lineCap} J`, `${item.lineJoin} j`);
        if (item.dash.length) ops.push(`[${item.dash.map(num).join(' ')}] 0 d`);
      }
      for (const s of item.steps) ops.push(s[0] === 'Z' ? 'h' : `${s.slice(1).map((v) => num(v as number)).join(' ')} ${s[0] === 'M' ? 'm' : s[0] === 'L' ? 'l' : 'c'}`);
      ops.push(paints && strokes ? (item.evenOdd ? 'B*' : 'B') : paints ? (item.evenOdd ? 'f*' : 'f') : 'S');
    } else {
      const bytes = winAnsi(item.text);
      const width = textWidth(bytes, item.size, item.bold);
      const x = item.anchor === 'middle' ? item.x - width / 2 : item.anchor === 'end' ? item.x - width : item.x;
      if (item.opacity < 1) ops.push(`/${alpha(item.opacity, item.opacity)} gs`);
      // The text matrix flips y back up, so glyphs stand upright in the y-down page space.
      ops.push('BT', `/${item.bold ? 'F2' : 'F1'} ${num(item.size)} Tf`, `1 0 0 -1 ${num(x)} ${num(item.y)} Tm`, `${colour(item.fill)} rg`, `${pdfString(bytes)} Tj`, 'ET');
    }
    ops.push('Q');
  }
  const content = ops.join('\n');
  const gstates = [...alphas].map(([key, name]) => {
    const [ca, CA] = key.split('/');
    return `/${name} << /Type /ExtGState /ca ${ca} /CA ${CA} >>`;
  });
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w.toFixed(2)} ${h.toFixed(2)}] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> /ExtGState << ${gstates.join(' ')} >> >> /Contents 4 0 R >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title ${pdfString(winAnsi(title))} /Producer (Teamseat) >>`,
  ];
  // Every string above is one byte per char (WinAnsi), so lengths and offsets are counted in chars.
  let file = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(file.length);
    file += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = file.length;
  file += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) file += `${String(o).padStart(10, '0')} 00000 n \n`;
  file += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const out = new Uint8Array(file.length);
  for (let i = 0; i < file.length; i++) out[i] = file.charCodeAt(i);
  return out;
}
