import { makeSnippet, type Snippet } from '../../shared/slack/highlight.js';
import { mrkdwnToPlainText } from '../../shared/slack/plainText.js';
import { parseSearchQuery, type SearchQuery } from '../../shared/slack/searchQuery.js';
import { MESSAGE_SELECT, toMessageView, type MessageRecord, type MessageView } from './messageView.js';
import type { WorkspaceDb } from './openWorkspaceDb.js';
import { planSearch, type SearchPlan } from './searchPlan.js';
import { workspaceNames } from './workspaceNames.js';

export type SearchSort = 'newest' | 'relevance';

export interface SearchOptions {
  sort?: SearchSort;
  /** Page size, 1–100. */
  limit?: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string | null;
  /** Day boundaries of before:/after:/on:/during: are taken in this offset from UTC. */
  tzOffsetMinutes?: number;
  /** Today, for during:<month name>. */
  now?: Date;
}

export interface SearchHit {
  message: MessageView;
  /** bm25 (lower is better) when sorted by relevance. */
  score: number | null;
  /** Plain text around the first match, names resolved, with highlight offsets. */
  snippet: Snippet;
}

export interface SearchPage {
  hits: SearchHit[];
  nextCursor: string | null;
  problems: string[];
}

// Newest first: rowids are time keys, so FTS5 walks its doclists backwards from the cursor and stops after one page.
export const NEWEST_SQL = `SELECT rowid AS id, NULL AS score FROM messages_fts
  WHERE messages_fts MATCH ? AND rowid >= ? AND rowid < ? ORDER BY rowid DESC LIMIT ?`;
// Relevance: all filters are inside the MATCH expression, so no secondary index can be chosen to drive the query.
export const RELEVANCE_SQL = `SELECT rowid AS id, rank AS score FROM messages_fts
  WHERE messages_fts MATCH ? AND rowid >= ? AND rowid < ? ORDER BY rank LIMIT ? OFFSET ?`;
// bm25 must score every match before it can sort; for a very common word that is hundreds of thousands of rows.
// Relevance therefore ranks the newest RELEVANCE_WINDOW matches (as Slack weighs recency), found by walking the
// time-ordered doclist, which is cheap.
export const RELEVANCE_WINDOW = 20_000;
export const WINDOW_START_SQL = `SELECT rowid FROM messages_fts
  WHERE messages_fts MATCH ? AND rowid >= ? AND rowid < ? ORDER BY rowid DESC LIMIT 1 OFFSET ?`;
const BY_IDS_SQL = `${MESSAGE_SELECT} WHERE m.id IN (SELECT value FROM json_each(?))`;

export function searchMessages(
  db: WorkspaceDb,
  query: string | SearchQuery,
  options: SearchOptions = {},
): SearchPage {
  const parsed = typeof query === 'string' ? parseSearchQuery(query, options.now) : query;
  const names = workspaceNames(db);
  const plan = planSearch(parsed, names, options.tzOffsetMinutes ?? 0);
  if (!plan.satisfiable) return { hits: [], nextCursor: null, problems: plan.problems };
  const limit = Math.min(100, Math.max(1, Math.floor(options.limit ?? 20)));
  const sort = options.sort ?? 'newest';
  const rows = sort === 'newest' ? newestPage(db, plan, limit, options.cursor) : relevancePage(db, plan, limit, options.cursor);
  const records = db.prepare(BY_IDS_SQL).all(JSON.stringify(rows.map((r) => r.id))) as MessageRecord[];
  const byId = new Map(records.map((r) => [r.id, r]));
  const hits: SearchHit[] = [];
  for (const row of rows) {
    const record = byId.get(row.id);
    if (!record) continue;
    const plain = mrkdwnToPlainText(record.text, names);
    hits.push({ message: toMessageView(record), score: row.score, snippet: makeSnippet(plain, plan.highlight) });
  }
  const full = rows.length === limit;
  const last = rows[rows.length - 1];
  const offset = Number(options.cursor ?? 0) || 0;
  const nextCursor = !full || !last ? null : sort === 'newest' ? String(last.id) : String(offset + limit);
  return { hits, nextCursor, problems: plan.problems };
}

type Row = { id: number; score: number | null };

function newestPage(db: WorkspaceDb, plan: SearchPlan, limit: number, cursor?: string | null): Row[] {
  const before = cursor ? Math.min(plan.toKey, Number(cursor)) : plan.toKey;
  return db.prepare(NEWEST_SQL).all(plan.match, plan.fromKey, before, limit) as Row[];
}

function relevancePage(db: WorkspaceDb, plan: SearchPlan, limit: number, cursor?: string | null): Row[] {
  const offset = Math.max(0, Number(cursor ?? 0) || 0);
  const windowStart = db.prepare(WINDOW_START_SQL).pluck().get(plan.match, plan.fromKey, plan.toKey, RELEVANCE_WINDOW - 1) as
    | number
    | undefined;
  const from = Math.max(plan.fromKey, windowStart ?? plan.fromKey);
  return db.prepare(RELEVANCE_SQL).all(plan.match, from, plan.toKey, limit, offset) as Row[];
}
