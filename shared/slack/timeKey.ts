// A Slack ts ("1452837318.000006") is kept as TEXT everywhere it is joined on (thread_ts), because parseFloat drops
// trailing zeros. The integer time key is derived from the digits, never through a float.
const TS = /^(\d{1,11})(?:\.(\d{1,6}))?$/;

/** Microseconds since the epoch, exact (below 2^53 until far past the year 2200). Null when ts is not a Slack ts. */
export function timeKeyFromTs(ts: string): number | null {
  const m = TS.exec(ts);
  if (!m) return null;
  const seconds = Number(m[1]);
  const fraction = Number((m[2] ?? '').padEnd(6, '0'));
  return seconds * 1_000_000 + fraction;
}

export function timeKeyFromDate(date: Date): number {
  return date.getTime() * 1000;
}

export function dateFromTimeKey(key: number): Date {
  return new Date(Math.floor(key / 1000));
}

/** ISO day (YYYY-MM-DD, UTC shifted by offsetMinutes) of a time key, as in the export's day file names. */
export function dayOfTimeKey(key: number, offsetMinutes = 0): string {
  return new Date(Math.floor(key / 1000) + offsetMinutes * 60_000).toISOString().slice(0, 10);
}
