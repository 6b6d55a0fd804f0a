import { pathSteps } from '../../../shared/comparison/svgPath';
import type { Matrix, PathStep, PdfItem, Rgb } from '../../../shared/comparison/vectorPdf';

/**
 * The live figure <svg> as PDF drawing items (shared/comparison/vectorPdf.ts): each shape's geometry in its own
 * units with the transform the browser computed for it (so Plot's nested transforms need no parsing), its computed
 * fill, stroke and opacity, and each text run where the browser placed it. Reads the element as drawn on screen, so
 * the PDF is the figure the screen shows.
 */
export function svgToPdfItems(svg: SVGSVGElement): PdfItem[] {
  const root = svg.getScreenCTM();
  if (!root) throw new Error('The figure is not drawn on screen, so it cannot be exported as a PDF.');
  const toRoot = root.inverse();
  const items: PdfItem[] = [];
  const walk = (el: Element, opacity: number) => {
    if (!(el instanceof SVGElement)) return;
    const style = getComputedStyle(el);
    if (style.display === 'none') return;
    const own = opacity * Number(style.opacity || 1);
    if (own <= 0) return;
    const tag = el.tagName.toLowerCase();
    if (tag === 'defs' || tag === 'title' || tag === 'clippath' || tag === 'marker' || tag === 'style') return;
    if (el instanceof SVGGraphicsElement && tag !== 'g' && tag !== 'svg' && style.visibility !== 'hidden') {
      const m = el.getScreenCTM();
      const matrix = m ? matrixOf(toRoot.multiply(m)) : ([1, 0, 0, 1, 0, 0] as const);
      if (el instanceof SVGTextElement) items.push(...textRuns(el, matrix, own));
      else {
        const steps = geometry(el);
        if (steps.length) items.push(pathItem(steps, style, matrix, own));
      }
    }
    if (tag !== 'text') for (const child of el.children) walk(child, own);
  };
  for (const child of svg.children) walk(child, 1);
  return items;
}

function matrixOf(m: DOMMatrix): Matrix {
  return [m.a, m.b, m.c, m.d, m.e, m.f];
}

/** "rgb(1, 2, 3)" / "rgba(1, 2, 3, 0.5)" as a colour and its alpha; none, gradients and patterns as null. */
function paint(value: string): { rgb: Rgb; alpha: number } | null {
  const m = /^rgba?\(([^)]+)\)$/.exec(value.trim());
  if (!m) return null;
  const parts = m[1]!.split(/[\s,/]+/).filter(Boolean).map(Number);
  const alpha = parts[3] ?? 1;
  if (alpha <= 0) return null;
  return { rgb: [parts[0]!, parts[1]!, parts[2]!], alpha };
}

function pathItem(steps: PathStep[], style: CSSStyleDeclaration, matrix: Matrix, opacity: number): PdfItem {
  const fill = paint(style.fill);
  const stroke = paint(style.stroke);
  const dash = style.strokeDasharray === 'none' ? [] : style.strokeDasharray.split(/[\s,]+/).map(parseFloat).filter((v) => v >= 0);
  return {
    kind: 'path',
    matrix,
    steps,
    fill: fill?.rgb ?? null,
    fillOpacity: fill ? fill.alpha * Number(style.fillOpacity || 1) * opacity : 0,
    evenOdd: style.fillRule === 'evenodd',
    stroke: stroke?.rgb ?? null,
    strokeOpacity: stroke ? stroke.alpha * Number(style.strokeOpacity || 1) * opacity : 0,
    lineWidth: parseFloat(style.strokeWidth) || 0,
    dash: dash.some((v) => v > 0) ? dash : [],
    lineCap: style.strokeLinecap === 'round' ? 1 : style.strokeLinecap === 'square' ? 2 : 0,
    lineJoin: style.strokeLinejoin === 'round' ? 1 : style.strokeLinejoin === 'bevel' ? 2 : 0,
  };
}

const attr = (el: Element, name: string): number => parseFloat(el.getAttribute(name) ?? '') || 0;
// A quarter circle as a cubic Bézier: the control points sit this far along the tangents (radius = 1).
const K = 0.5522847498;

function ellipse(cx: number, cy: number, rx: number, ry: number): PathStep[] {
  if (rx <= 0 || ry <= 0) return [];
  return [
    ['M', cx + rx, cy],
    ['C', cx + rx, cy + K * ry, cx + K * rx, cy + ry, cx, cy + ry],
    ['C', cx - K * rx, cy + ry, cx - rx, cy + K * ry, cx - rx, cy],
    ['C', cx - rx, cy - K * ry, cx - K * rx, cy - ry, cx, cy - ry],
    ['C', cx + K * rx, cy - ry, cx + rx, cy - K * ry, cx + rx, cy],
    ['Z'],
  ];
}

function geometry(el: SVGElement): PathStep[] {
  if (el instanceof SVGRectElement) {
    const [x, y, w, h] = [attr(el, 'x'), attr(el, 'y'), attr(el, 'width'), attr(el, 'height')];
    if (w <= 0 || h <= 0) return [];
    return [['M', x, y], ['L', x + w, y], ['L', x + w, y + h], ['L', x, y + h], ['Z']];
  }
  if (el instanceof SVGCircleElement) return ellipse(attr(el, 'cx'), attr(el, 'cy'), attr(el, 'r'), attr(el, 'r'));
  if (el instanceof SVGEllipseElement) return ellipse(attr(el, 'cx'), attr(el, 'cy'), attr(el, 'rx'), attr(el, 'ry'));
  if (el instanceof SVGLineElement) return [['M', attr(el, 'x1'), attr(el, 'y1')], ['L', attr(el, 'x2'), attr(el, 'y2')]];
  if (el instanceof SVGPolylineElement || el instanceof SVGPolygonElement) {
    const n = (el.getAttribute('points') ?? '').trim().split(/[\s,]+/).map(Number);
    const steps: PathStep[] = [];
    for (let i = 0; i + 1 < n.length; i += 2) steps.push([i === 0 ? 'M' : 'L', n[i]!, n[i + 1]!]);
    if (el instanceof SVGPolygonElement && steps.length) steps.push(['Z']);
    return steps;
  }
  if (el instanceof SVGPathElement) return pathSteps(el.getAttribute('d') ?? '');
  return [];
}

/** A <text>'s runs (each <tspan> on its own, or the text whole), each placed where the browser laid it out. */
function textRuns(el: SVGTextElement, matrix: Matrix, opacity: number): PdfItem[] {
  const spans = [...el.querySelectorAll('tspan')].filter((t) => !t.querySelector('tspan'));
  const runs: SVGTextContentElement[] = spans.length ? spans : [el];
  const out: PdfItem[] = [];
  for (const run of runs) {
    const text = (run.textContent ?? '').replace(/\s+/g, ' ');
    const chars = run.getNumberOfChars();
    if (!text.trim() || chars === 0) continue;
    const style = getComputedStyle(run);
    const fill = paint(style.fill);
    if (!fill) continue;
    const start = run.getStartPositionOfChar(0);
    const length = run.getComputedTextLength();
    // Anchored where the browser anchored it: the run's middle or end stays put whatever width Helvetica gives it.
    const anchor = style.textAnchor === 'middle' ? 'middle' : style.textAnchor === 'end' ? 'end' : 'start';
    const x = anchor === 'middle' ? start.x + length / 2 : anchor === 'end' ? start.x + length : start.x;
    out.push({
      kind: 'text',
      matrix,
      x,
      y: start.y,
      anchor,
      size: parseFloat(style.fontSize) || 12,
      bold: Number(style.fontWeight) >= 600 || style.fontWeight === 'bold',
      text: text.trim() === text ? text : text.trim(),
      fill: fill.rgb,
      opacity: opacity * fill.alpha * Number(style.fillOpacity || 1),
    });
  }
  return out;
}
