import { describe, expect, it } from 'vitest';
import { pathSteps } from './svgPath.js';
import { textWidth, vectorPdf, winAnsi, type PdfItem } from './vectorPdf.js';

const identity = [1, 0, 0, 1, 0, 0] as const;

function text(s: string, bold = false, anchor: 'start' | 'middle' | 'end' = 'start'): PdfItem {
  return { kind: 'text', matrix: identity, x: 100, y: 20, anchor, size: 16, bold, text: s, fill: [29, 28, 29], opacity: 1 };
}

describe('vector PDF of a figure', () => {
  const items: PdfItem[] = [
    { kind: 'path', matrix: [1, 0, 0, 1, 16, 42], steps: [['M', 0, 0], ['L', 50, 0], ['L', 50, 10], ['L', 0, 10], ['Z']], fill: [255, 0, 0], fillOpacity: 0.5, evenOdd: false, stroke: null, strokeOpacity: 0, lineWidth: 0, dash: [], lineCap: 0, lineJoin: 0 },
    { kind: 'path', matrix: identity, steps: [['M', 0, 0], ['L', 10, 10]], fill: null, fillOpacity: 0, evenOdd: false, stroke: [0, 0, 255], strokeOpacity: 1, lineWidth: 1.5, dash: [4, 2], lineCap: 1, lineJoin: 0 },
    text('Overall score (a) \\ b', true),
    text('n = 12 · people 84.5% − models', false, 'end'),
  ];
  const pdf = Buffer.from(vectorPdf(items, { width: 400, height: 300 }, 'Overall (a)'));
  const file = pdf.toString('latin1');

  it('is one page in points whose xref points at each object, with no image in it', () => {
    expect(file.startsWith('%PDF-1.4')).toBe(true);
    expect(file).toContain('/MediaBox [0 0 300.00 225.00]');
    const start = Number(/startxref\n(\d+)/.exec(file)![1]);
    expect(file.slice(start, start + 4)).toBe('xref');
    const count = Number(/xref\n0 (\d+)/.exec(file)![1]);
    const offsets = file.slice(start).split('\n').slice(3, 2 + count).map((l) => Number(l.slice(0, 10)));
    expect(offsets).toHaveLength(count - 1);
    offsets.forEach((o, i) => expect(file.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    expect(file).not.toMatch(/\/Subtype \/Image|\/XObject/);
    const length = Number(/<< \/Length (\d+) >>\nstream\n/.exec(file)![1]);
    const at = file.indexOf('stream\n') + 7;
    expect(file.slice(at + length, at + length + 10)).toBe('\nendstream');
  });

  it('keeps words as text in Helvetica, the title bold, placed by its anchor', () => {
    expect(file).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    expect(file).toContain('/F2 16 Tf');
    expect(file).toContain('(Overall score \\(a\\) \\\\ b) Tj');
    // An end-anchored run ends at x: it starts its Helvetica width before it.
    const bytes = winAnsi('n = 12 · people 84.5% − models');
    expect(bytes).toBe('n = 12 \u00b7 people 84.5% - models');
    const startX = 100 - textWidth(bytes, 16, false);
    expect(file).toContain(`1 0 0 -1 ${Math.round(startX * 1000) / 1000} 20 Tm`);
    expect(file).toContain('/Title (Overall \\(a\\))');
  });

  it('draws shapes as paths with their colour, opacity and dash', () => {
    expect(file).toContain('1 0 0 1 16 42 cm');
    expect(file).toContain('1 0 0 rg');
    expect(file).toMatch(/\/GS0 << \/Type \/ExtGState \/ca 0.5 \/CA 0 >>/);
    expect(file).toContain('0 0 m\n50 0 l\n50 10 l\n0 10 l\nh\nf');
    expect(file).toContain('[4 2] 0 d');
    expect(file).toContain('1.5 w');
  });
});

describe('SVG path data', () => {
  it('reads relative and absolute commands, implicit lines after a move, and closes back to the start', () => {
    expect(pathSteps('M10,10h5v5H10zm1 1 2 2')).toEqual([['M', 10, 10], ['L', 15, 10], ['L', 15, 15], ['L', 10, 15], ['Z'], ['M', 11, 11], ['L', 13, 13]]);
  });

  it('turns an arc into cubics that end where the arc ends (a circle as Plot draws a dot)', () => {
    const steps = pathSteps('M4.5,0A4.5,4.5,0,1,1,-4.5,0A4.5,4.5,0,1,1,4.5,0');
    expect(steps[0]).toEqual(['M', 4.5, 0]);
    const cubics = steps.filter((s) => s[0] === 'C');
    expect(cubics).toHaveLength(4);
    const end = cubics[1]!;
    expect(end[5]).toBeCloseTo(-4.5);
    expect(end[6]).toBeCloseTo(0);
    // Every control and end point lies within the circle's box.
    for (const c of cubics) for (const v of c.slice(1) as number[]) expect(Math.abs(v)).toBeLessThanOrEqual(4.5 * 1.01);
  });

  it('raises a quadratic to a cubic with the same ends', () => {
    const [move, cubic] = pathSteps('M0 0Q10 10 20 0');
    expect(move).toEqual(['M', 0, 0]);
    [20 / 3, 20 / 3, 40 / 3, 20 / 3, 20, 0].forEach((v, i) => expect(cubic![i + 1]).toBeCloseTo(v));
  });
});
