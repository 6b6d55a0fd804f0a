import type { SearchQuery, SearchTerm, Target } from '../../shared/slack/searchQuery.js';
import { termTokens, type HighlightTerm } from '../../shared/slack/highlight.js';
import { timeKeyFromDate } from '../../shared/slack/timeKey.js';
import { metaToken } from './import/messageRow.js';
import type { WorkspaceNames } from './workspaceNames.js';

export interface ScoredTerm extends HighlightTerm {
  match: string;
}

/** A parsed query turned into one FTS5 MATCH expression plus a rowid (= time key) interval. */
export interface SearchPlan {
  match: string;
  fromKey: number;
  toKey: number;
  highlight: HighlightTerm[];
  /** The positive words and phrases, each with its own MATCH expression, for relevance scoring. */
  scored: ScoredTerm[];
  problems: string[];
  /** False when a filter names nothing in this workspace: the answer is empty without asking the index. */
  satisfiable: boolean;
}

const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

function termExpression(t: SearchTerm): string | null {
  const tokens = termTokens(t.text);
  if (tokens.length === 0) return null;
  const prefix = t.kind === 'word' && t.prefix ? ' *' : '';
  return `text : ${quote(tokens.join(' '))}${prefix}`;
}

function metaAny(tokens: string[]): string {
  return `meta : (${tokens.join(' OR ')})`;
}

function dayKey(day: string, offsetMinutes: number): number {
  return timeKeyFromDate(new Date(Date.parse(`${day}T00:00:00Z`) - offsetMinutes * 60_000));
}

export function planSearch(q: SearchQuery, names: WorkspaceNames, tzOffsetMinutes = 0): SearchPlan {
  const problems = [...q.problems];
  const positive: string[] = [];
  const negative: string[] = [];
  let satisfiable = true;
  for (const t of q.terms) {
    const e = termExpression(t);
    if (e) (t.negated ? negative : positive).push(e);
  }

  const conversationsOf = (targets: Target[], label: string): string[] | null => {
    if (targets.length === 0) return null;
    const ids = targets.flatMap((t) => {
      const found =
        t.kind === 'channel' ? names.conversationsNamed(t.name) : names.usersNamed(t.name).flatMap(names.directWith);
      if (found.length === 0) problems.push(`${label}:${t.kind === 'channel' ? '#' : '@'}${t.name} names nothing here`);
      return found;
    });
    return ids;
  };
  for (const ids of [conversationsOf(q.in, 'in'), conversationsOf(q.to, 'to')]) {
    if (ids === null) continue;
    if (ids.length === 0) satisfiable = false;
    else positive.push(metaAny(ids.map((id) => metaToken('c', id))));
  }
  if (q.from.length) {
    const ids = q.from.flatMap((name) => {
      const found = names.usersNamed(name);
      if (found.length === 0) problems.push(`from:@${name} names nobody here`);
      return found.length ? found : [];
    });
    if (ids.length === 0) satisfiable = false;
    else positive.push(metaAny(ids.map((id) => metaToken('u', id))));
  }
  for (const h of q.has) positive.push(`meta : ${h === 'pin' ? 'haspin' : `has${h}`}`);
  if (q.isThread) positive.push('meta : isthread');
  if (positive.length === 0) positive.push('meta : any');

  const match = negative.length ? `(${positive.join(' AND ')}) NOT (${negative.join(' OR ')})` : positive.join(' AND ');
  const highlight = q.terms
    .filter((t) => !t.negated)
    .map((t) => ({ tokens: termTokens(t.text), prefix: t.kind === 'word' && t.prefix }));
  const scored: ScoredTerm[] = [];
  for (const t of q.terms) {
    const match = t.negated ? null : termExpression(t);
    if (match) scored.push({ match, tokens: termTokens(t.text), prefix: t.kind === 'word' && t.prefix });
  }
  const fromKey = q.range.fromDay ? dayKey(q.range.fromDay, tzOffsetMinutes) : 0;
  const toKey = q.range.toDay ? dayKey(q.range.toDay, tzOffsetMinutes) : Number.MAX_SAFE_INTEGER;
  if (fromKey >= toKey) satisfiable = false;
  return { match, fromKey, toKey, highlight, scored, problems, satisfiable };
}
