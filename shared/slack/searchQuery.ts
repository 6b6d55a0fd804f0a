// Slack's search syntax, parsed to a plain value. Pure: "during:march" needs today's date, so it is passed in.
export type SearchTerm =
  | { kind: 'word'; text: string; negated: boolean; prefix: boolean }
  | { kind: 'phrase'; text: string; negated: boolean };

export type HasFilter = 'link' | 'file' | 'reaction' | 'pin';

/** Days are YYYY-MM-DD; `fromDay` is inclusive and `toDay` exclusive, so every modifier becomes one interval. */
export interface DayRange {
  fromDay?: string;
  toDay?: string;
}

export interface SearchQuery {
  terms: SearchTerm[];
  /** Targets as written without the sigil: `in:#general` → {kind:'channel', name:'general'}. */
  in: Target[];
  from: string[];
  to: Target[];
  range: DayRange;
  has: HasFilter[];
  isThread: boolean;
  /** Modifiers that could not be read, worded for the person (the search still runs without them). */
  problems: string[];
}

export interface Target {
  kind: 'channel' | 'user';
  name: string;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october',
  'november', 'december'];
const HAS = new Set<string>(['link', 'file', 'reaction', 'pin']);
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function tokenize(input: string): string[] {
  // A token is a run of non-space text in which double-quoted parts may hold spaces: -"a b", in:"#x", "a b"*.
  return input.match(/(?:[^\s"]+|"[^"]*"?)+/g) ?? [];
}

function day(y: number, m: number, d: number): string {
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
}

function addDays(iso: string, n: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return day(y, m, d + n);
}

function validDay(s: string): string | null {
  const m = DAY.exec(s);
  if (!m) return null;
  const iso = day(Number(m[1]), Number(m[2]), Number(m[3]));
  return iso === s ? iso : null;
}

function duringRange(value: string, now: Date): DayRange | null {
  const v = value.toLowerCase();
  if (/^\d{4}$/.test(v)) return { fromDay: `${v}-01-01`, toDay: `${Number(v) + 1}-01-01` };
  const ym = /^(\d{4})-(\d{2})$/.exec(v);
  if (ym && Number(ym[2]) >= 1 && Number(ym[2]) <= 12) {
    return { fromDay: day(Number(ym[1]), Number(ym[2]), 1), toDay: day(Number(ym[1]), Number(ym[2]) + 1, 1) };
  }
  const single = validDay(v);
  if (single) return { fromDay: single, toDay: addDays(single, 1) };
  const month = MONTHS.findIndex((name) => v.length >= 3 && name.startsWith(v)) + 1;
  if (month === 0) return null;
  // A month name means its latest occurrence: this year's if it has begun, else last year's.
  const year = month <= now.getUTCMonth() + 1 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  return { fromDay: day(year, month, 1), toDay: day(year, month + 1, 1) };
}

function intersect(a: DayRange, b: DayRange): DayRange {
  const fromDay = [a.fromDay, b.fromDay].filter(Boolean).sort().pop();
  const toDay = [a.toDay, b.toDay].filter(Boolean).sort()[0];
  return { ...(fromDay ? { fromDay } : {}), ...(toDay ? { toDay } : {}) };
}

function target(value: string): Target {
  if (value.startsWith('@')) return { kind: 'user', name: value.slice(1) };
  return { kind: 'channel', name: value.replace(/^#/, '') };
}

const unquote = (s: string) => s.replace(/"/g, '');

export function parseSearchQuery(input: string, now: Date = new Date()): SearchQuery {
  const q: SearchQuery = { terms: [], in: [], from: [], to: [], range: {}, has: [], isThread: false, problems: [] };
  for (const token of tokenize(input)) {
    const modifier = /^(in|from|to|before|after|on|during|has|is):(.+)$/i.exec(token);
    if (modifier?.[1] && modifier[2]) {
      const key = modifier[1].toLowerCase();
      const value = unquote(modifier[2]);
      if (key === 'in') q.in.push(target(value));
      else if (key === 'to') q.to.push(target(value));
      else if (key === 'from') q.from.push(value.replace(/^@/, ''));
      else if (key === 'has') {
        const v = value.toLowerCase();
        if (HAS.has(v)) q.has.push(v as HasFilter);
        else q.problems.push(`has:${value} is not known; use has:link, has:file, has:reaction or has:pin`);
      } else if (key === 'is') {
        if (value.toLowerCase() === 'thread') q.isThread = true;
        else q.problems.push(`is:${value} is not known; use is:thread`);
      } else if (key === 'during') {
        const r = duringRange(value, now);
        if (r) q.range = intersect(q.range, r);
        else q.problems.push(`during:${value} is not a year, YYYY-MM or month name`);
      } else {
        const d = validDay(value);
        if (!d) q.problems.push(`${key}:${value} is not a date as YYYY-MM-DD`);
        else if (key === 'before') q.range = intersect(q.range, { toDay: d });
        else if (key === 'after') q.range = intersect(q.range, { fromDay: addDays(d, 1) });
        else q.range = intersect(q.range, { fromDay: d, toDay: addDays(d, 1) });
      }
      continue;
    }
    const negated = token.startsWith('-') && token.length > 1;
    const body = negated ? token.slice(1) : token;
    if (body.startsWith('"')) {
      const text = unquote(body).replace(/\*$/, '').trim();
      if (text) q.terms.push({ kind: 'phrase', text, negated });
      continue;
    }
    const prefix = body.endsWith('*');
    const text = unquote(prefix ? body.slice(0, -1) : body);
    if (text && text !== '-') q.terms.push({ kind: 'word', text, negated, prefix });
  }
  return q;
}
