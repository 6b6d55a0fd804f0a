/**
 * Exports of a chart the screen shows: the SVG is the rendered <svg> itself, serialised with its namespace; the PNG
 * is that SVG text drawn onto a canvas at twice its size (rasterised in the renderer, so both hosts do the same).
 */
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

export async function pngBlob(svg: SVGSVGElement, scale = 2): Promise<Blob> {
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
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser has no 2D canvas.');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  return await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The PNG could not be made.'))), 'image/png'),
  );
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
