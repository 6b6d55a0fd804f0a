/** Numbers on the Results screen: rates to two decimals, a missing value as a dash (never NaN). */
export const num = (v: number | null | undefined): string => (v === null || v === undefined ? '—' : v.toFixed(2));

export const interval = (ci: readonly [number | null, number | null]): string => (ci[0] === null || ci[1] === null ? '' : `[${num(ci[0])}, ${num(ci[1])}]`);

export const dimensionName = (d: string): string => d.replaceAll('_', ' ');
