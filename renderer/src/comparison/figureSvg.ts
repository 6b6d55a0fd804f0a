import type { FigureText, LegendItem } from '../../../shared/comparison/figures';

/**
 * One <svg> that is the whole figure: the title above, the Plot chart, then the legend, the source of each row and the
 * caption. The screen shows this element and every export (SVG, PNG, PDF) is made from it, so no export can lose the
 * legend or the caption.
 */
const NS = 'http://www.w3.org/2000/svg';
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const PAD = 16;

/** Greedy word wrap by an average glyph width (0.55 em): the text is the caption's, the width a close estimate. */
export function wrap(text: string, width: number, fontSize: number): string[] {
  const per = Math.max(20, Math.floor(width / (fontSize * 0.55)));
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > per) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

function el<K extends keyof SVGElementTagNameMap>(
  doc: Document,
  name: K,
  attrs: Record<string, string | number>,
  text?: string,
): SVGElementTagNameMap[K] {
  const e = doc.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

function swatch(doc: Document, item: LegendItem, x: number, y: number): SVGElement {
  const g = el(doc, 'g', { transform: `translate(${x},${y})` });
  switch (item.mark) {
    case 'dot':
      g.append(el(doc, 'circle', { cx: 6, cy: 0, r: 5, fill: item.colour }));
      break;
    case 'ring':
      g.append(el(doc, 'circle', { cx: 6, cy: 0, r: 4, fill: 'none', stroke: item.colour, 'stroke-width': 1.8 }));
      break;
    case 'tick':
      g.append(el(doc, 'line', { x1: 6, x2: 6, y1: -6, y2: 6, stroke: item.colour, 'stroke-width': 3 }));
      break;
    case 'rule':
      g.append(el(doc, 'line', { x1: 0, x2: 14, y1: 0, y2: 0, stroke: item.colour, 'stroke-width': 2 }));
      break;
    case 'bar':
      g.append(el(doc, 'rect', { x: 0, y: -5, width: 14, height: 10, fill: item.colour }));
      break;
    case 'ramp': {
      // A ramp drawn as steps (no gradient), so the PDF and PNG paths need nothing beyond rects.
      for (let i = 0; i < 8; i++)
        g.append(el(doc, 'rect', { x: i * 5, y: -5, width: 5, height: 10, fill: mix(item.colour, item.to ?? item.colour, i / 7) }));
      break;
    }
  }
  return g;
}

function mix(a: string, b: string, t: number): string {
  const p = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const [x, y] = [p(a), p(b)];
  return `rgb(${x.map((v, i) => Math.round(v + (y[i]! - v) * t)).join(',')})`;
}

export function figureSvg(doc: Document, chart: SVGSVGElement, text: FigureText): SVGSVGElement {
  const chartW = Number(chart.getAttribute('width')) || chart.viewBox.baseVal.width;
  const chartH = Number(chart.getAttribute('height')) || chart.viewBox.baseVal.height;
  const width = chartW + 2 * PAD;
  const svg = el(doc, 'svg', { xmlns: NS, width, viewBox: '', 'font-family': FONT, fill: '#1d1c1d' });
  svg.append(el(doc, 'rect', { x: 0, y: 0, width, height: 0, fill: '#ffffff', class: 'figure-bg' }));
  let y = PAD + 16;
  svg.append(el(doc, 'text', { x: PAD, y, 'font-size': 16, 'font-weight': 700 }, text.title));
  y += 10;
  // The chart's contents move into a <g> carrying the chart's class and presentation attributes (its <style> is
  // scoped by that class), so the file is one flat <svg> that every viewer and converter reads the same way.
  const holder = el(doc, 'g', { transform: `translate(${PAD},${y})` });
  for (const a of ['class', 'font-size', 'font-family', 'fill', 'text-anchor', 'style'])
    if (chart.hasAttribute(a)) holder.setAttribute(a, chart.getAttribute(a)!);
  holder.append(...[...chart.childNodes].map((n) => n.cloneNode(true)));
  svg.append(holder);
  y += chartH + 14;

  // Legend: items left to right, wrapping at the figure's width.
  let x = PAD;
  for (const item of text.legend) {
    const w = (item.mark === 'ramp' ? 44 : 20) + item.label.length * 12 * 0.55 + 18;
    if (x + w > width - PAD && x > PAD) {
      x = PAD;
      y += 18;
    }
    svg.append(swatch(doc, item, x, y));
    svg.append(el(doc, 'text', { x: x + (item.mark === 'ramp' ? 44 : 20), y: y + 4, 'font-size': 12 }, item.label));
    x += w;
  }
  y += 22;
  const block = (lines: string[], size: number, fill: string) => {
    for (const line of lines) {
      svg.append(el(doc, 'text', { x: PAD, y, 'font-size': size, fill }, line));
      y += size * 1.35;
    }
  };
  block(
    text.sources.flatMap((s, i) => wrap(`${i === 0 ? 'Sources. ' : ''}${s}`, width - 2 * PAD, 10.5)),
    10.5,
    '#475569',
  );
  y += 4;
  block(wrap(text.caption, width - 2 * PAD, 12), 12, '#1d1c1d');
  const height = Math.ceil(y + PAD - 12);
  svg.setAttribute('height', String(height));
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.querySelector('.figure-bg')?.setAttribute('height', String(height));
  return svg;
}
