/** One measured number. `baseline` is a number measured in the same run that `value` is compared with. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  /** e.g. '<= 5' or '>= 80000': what the issue asks for. */
  target?: string;
  baseline?: { name: string; value: number };
}

export const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

export const median = (values: readonly number[]): number => quantile([...values].sort((a, b) => a - b), 0.5);

export function meetsTarget(row: BenchRow): boolean | undefined {
  const m = /^(<=|>=)\s*([\d.]+)$/.exec(row.target ?? '');
  if (!m) return undefined;
  return m[1] === '<=' ? row.value <= Number(m[2]) : row.value >= Number(m[2]);
}
