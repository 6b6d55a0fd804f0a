import type { PathStep } from './vectorPdf.js';

/** An SVG path's `d` as absolute moves, lines and cubics (quadratics raised, arcs split into cubics). */
export function pathSteps(d: string): PathStep[] {
  const tokens = d.match(/[a-zA-Z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? [];
  const steps: PathStep[] = [];
  let i = 0;
  let cmd = '';
  let [x, y, sx, sy] = [0, 0, 0, 0];
  let last: { c: number; q: number; cx: number; cy: number; qx: number; qy: number } = { c: -1, q: -1, cx: 0, cy: 0, qx: 0, qy: 0 };
  const n = () => Number(tokens[i++]);
  while (i < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[i]!)) cmd = tokens[i++]!;
    const rel = cmd === cmd.toLowerCase();
    const ox = rel ? x : 0;
    const oy = rel ? y : 0;
    const at = steps.length;
    switch (cmd.toUpperCase()) {
      case 'M':
        x = ox + n();
        y = oy + n();
        [sx, sy] = [x, y];
        steps.push(['M', x, y]);
        cmd = rel ? 'l' : 'L'; // pairs after a move are lines
        break;
      case 'L':
        x = ox + n();
        y = oy + n();
        steps.push(['L', x, y]);
        break;
      case 'H':
        x = ox + n();
        steps.push(['L', x, y]);
        break;
      case 'V':
        y = oy + n();
        steps.push(['L', x, y]);
        break;
      case 'C':
      case 'S': {
        const smooth = cmd.toUpperCase() === 'S';
        const [x1, y1] = smooth ? (last.c === at - 1 ? [2 * x - last.cx, 2 * y - last.cy] : [x, y]) : [ox + n(), oy + n()];
        const [x2, y2, ex, ey] = [ox + n(), oy + n(), ox + n(), oy + n()];
        steps.push(['C', x1, y1, x2, y2, ex, ey]);
        last = { ...last, c: at, cx: x2, cy: y2 };
        [x, y] = [ex, ey];
        break;
      }
      case 'Q':
      case 'T': {
        const smooth = cmd.toUpperCase() === 'T';
        const [qx, qy] = smooth ? (last.q === at - 1 ? [2 * x - last.qx, 2 * y - last.qy] : [x, y]) : [ox + n(), oy + n()];
        const [ex, ey] = [ox + n(), oy + n()];
        steps.push(['C', x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y), ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey), ex, ey]);
        last = { ...last, q: at, qx, qy };
        [x, y] = [ex, ey];
        break;
      }
      case 'A': {
        const [rx, ry, rot, large, sweep] = [n(), n(), n(), n(), n()];
        const [ex, ey] = [ox + n(), oy + n()];
        steps.push(...arc(x, y, rx, ry, rot, large !== 0, sweep !== 0, ex, ey));
        [x, y] = [ex, ey];
        break;
      }
      case 'Z':
        steps.push(['Z']);
        [x, y] = [sx, sy];
        break;
      default:
        return steps; // an unknown command: draw what came before it
    }
    // A number where a command letter should be, after Z: not valid SVG; stop rather than loop.
    if (cmd.toUpperCase() === 'Z' && i < tokens.length && !/[a-zA-Z]/.test(tokens[i]!)) return steps;
  }
  return steps;
}

/** An elliptical arc (SVG's endpoint form) as cubic Béziers, by the SVG spec's centre conversion (F.6.5). */
function arc(x1: number, y1: number, rx: number, ry: number, deg: number, large: boolean, sweep: boolean, x2: number, y2: number): PathStep[] {
  if (rx === 0 || ry === 0) return [['L', x2, y2]];
  if (x1 === x2 && y1 === y2) return [];
  rx = Math.abs(rx);
  ry = Math.abs(ry);
  const phi = (deg * Math.PI) / 180;
  const [cos, sin] = [Math.cos(phi), Math.sin(phi)];
  const dx = (x1 - x2) / 2;
  const dy = (y1 - y2) / 2;
  const x1p = cos * dx + sin * dy;
  const y1p = -sin * dx + cos * dy;
  const lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p;
  const coef = (large === sweep ? -1 : 1) * Math.sqrt(Math.max(0, num / (rx * rx * y1p * y1p + ry * ry * x1p * x1p)));
  const cxp = (coef * rx * y1p) / ry;
  const cyp = (-coef * ry * x1p) / rx;
  const cx = cos * cxp - sin * cyp + (x1 + x2) / 2;
  const cy = sin * cxp + cos * cyp + (y1 + y2) / 2;
  const angle = (ux: number, uy: number, vx: number, vy: number) => Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  const t1 = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry);
  let dt = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry);
  if (!sweep && dt > 0) dt -= 2 * Math.PI;
  if (sweep && dt < 0) dt += 2 * Math.PI;
  const parts = Math.ceil(Math.abs(dt) / (Math.PI / 2));
  const step = dt / parts;
  const k = (4 / 3) * Math.tan(step / 4);
  const point = (t: number) => [cx + rx * Math.cos(t) * cos - ry * Math.sin(t) * sin, cy + rx * Math.cos(t) * sin + ry * Math.sin(t) * cos] as const;
  const tangent = (t: number) => [-rx * Math.sin(t) * cos - ry * Math.cos(t) * sin, -rx * Math.sin(t) * sin + ry * Math.cos(t) * cos] as const;
  const out: PathStep[] = [];
  for (let p = 0; p < parts; p++) {
    const a = t1 + p * step;
    const b = a + step;
    const [ax, ay] = point(a);
    const [bx, by] = p === parts - 1 ? [x2, y2] : point(b);
    const [tax, tay] = tangent(a);
    const [tbx, tby] = tangent(b);
    out.push(['C', ax + k * tax, ay + k * tay, bx - k * tbx, by - k * tby, bx, by]);
  }
  return out;
}
