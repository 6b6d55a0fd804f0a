import { pngWithDpi } from '../../../shared/comparison/figureFiles';

/**
 * Exports of a figure the screen shows: the SVG is the rendered <svg> itself (title, chart, legend, sources, caption),
 * serialised with its namespace; the PNG is that SVG drawn onto a canvas at 300 dpi (1 CSS px = 1/96 in) and marked
 * so; the PDF draws the same element as vector paths and Helvetica text at the figure's size in points (made in the
 * renderer from the element as laid out, so both hosts do the same).
 */
export const DPI = 300;
const SCALE = DPI / 96;
const SVG_NS = 'http://www.w3.org/2000/svg';

/** The <svg> of a Plot output (a bare <svg>, or the one inside a <figure>). */
export function svgOf(el: Element): SVGSVGElement | null {
  if (el instanceof SVGSVGElement) return el;
  return el.querySelector('svg');
}

export function svgText(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', SVG_NS);
  copy.setAttribute('xmlns:xlink', 'http://www.w3.org/1999/xlink');
  // Plot writes its look as inline style on the root: kept as is; a white background so the file reads on any viewer.
  if (!copy.style.background) copy.style.background = '#ffffff';
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}

async function canvasOf(svg: SVGSVGElement): Promise<{ canvas: HTMLCanvasElement; width: number; height: number }> {
  const width = Number(svg.getAttribute('width')) || svg.viewBox.baseVal.width;
  const height = Number(svg.getAttribute('height')) || svg.viewBox.baseVal.height;
  // A data: URL, not a blob: one — the page's CSP allows images from 'self' and data: only.
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText(svg))}`;
  const image = new Image();
  image.width = width;
  image.height = height;
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('The chart could not be drawn as an image.'));
    image.src = url;
  });
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * SCALE);
  canvas.height = Math.round(height * SCALE);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser has no 2D canvas.');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  return { canvas, width, height };
}

export async function pngBlob(svg: SVGSVGElement): Promise<Blob> {
  const { canvas } = await canvasOf(svg);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The PNG could not be made.'))), 'image/png'),
  );
  return new Blob([pngWithDpi(new Uint8Array(await blob.arrayBuffer()), DPI)], { type: 'image/png' });
}

/**
 * A vector PDF of the figure (issue 28: PDF for LaTeX): jsPDF with svg2pdf.js draws the figure's SVG as PDF paths and
 * its words as text (title, legend, n, sources and caption stay searchable), page sized to the figure, no image.
 * The PDF's standard Helvetica covers Latin-1 only, so a copy of the figure has its few other characters spelled
 * in Latin-1 ("−40%" as "-40%", "→" as "->"); the SVG and PNG keep them. The copy is laid out off screen so
 * svg2pdf.js reads the same styles the figure has.
 */
export async function pdfBlob(svg: SVGSVGElement, title: string): Promise<Blob> {
  const width = Number(svg.getAttribute('width')) || svg.viewBox.baseVal.width;
  const height = Number(svg.getAttribute('height')) || svg.viewBox.baseVal.height;
  const [{ jsPDF }, { svg2pdf }] = await Promise.all([import('jspdf'), import('svg2pdf.js')]);
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) n.nodeValue = latin1(n.nodeValue ?? '');
  const holder = document.createElement('div');
  holder.style.cssText = 'position:absolute;left:-100000px;top:0;';
  holder.appendChild(copy);
  document.body.appendChild(holder);
  try {
    const doc = new jsPDF({ orientation: width > height ? 'landscape' : 'portrait', unit: 'pt', format: [width, height], compress: false });
    doc.setProperties({ title: latin1(title), creator: 'Teamseat' });
    await svg2pdf(copy, doc, { x: 0, y: 0, width, height });
    return doc.output('blob');
  } finally {
    holder.remove();
  }
}

const LATIN1: Record<string, string> = { '\u2212': '-', '\u2013': '-', '\u2014': '-', '\u2018': "'", '\u2019': "'", '\u201c': '"', '\u201d': '"', '\u2026': '...', '\u2192': '->', '\u2190': '<-', '\u2264': '<=', '\u2265': '>=', '\u2022': '*', '\u2009': ' ', '\u202f': ' ' };

/** Text the PDF's standard fonts can show: the few typographic characters the figures use, spelled in Latin-1. */
export function latin1(text: string): string {
  return [...text].map((c) => (c.charCodeAt(0) < 256 ? c : (LATIN1[c] ?? '?'))).join('');
}

/** Saves a file through the browser's download (the desktop shows its save dialog). */
export function download(name: string, content: Blob | string, type = 'text/csv;charset=utf-8'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
