import type { Estimate } from '../../../shared/labelling/report-schema';

/** Statistics read as the researcher expects: null is "undefined" (e.g. kappa when only one label was used). */
export const num = (v: number | null, digits = 2) => (v === null ? 'undefined' : v.toFixed(digits));
export const pct = (v: number | null) => (v === null ? 'undefined' : `${(v * 100).toFixed(0)}%`);

export function withInterval(e: Estimate, f: (v: number | null) => string = num): string {
  if (e.value === null) return 'undefined';
  return e.low === null || e.high === null ? f(e.value) : `${f(e.value)} [${f(e.low)}, ${f(e.high)}]`;
}

export const words = (key: string) => key.replaceAll('_', ' ');
