import { makeSnippet, termTokens, type HighlightTerm, type Snippet } from '../../shared/slack/highlight.js';
import { mrkdwnToPlainText } from '../../shared/slack/plainText.js';
import { parseSearchQuery, type SearchQuery } from '../../shared/slack/searchQuery.js';
import { searchTextOf, type Raw } from './import/messageRow.js';
import { MESSAGE_SELECT, toMessageView, type MessageRecord, type MessageView } from './messageView.js';
import type { WorkspaceDb } from './openWorkspaceDb.js';
import { planSearch, type ScoredTerm, type SearchPlan } from './searchPlan.js';
import { workspaceNames, type WorkspaceNames } from './workspaceNames.js';

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
  /** BM25 (lower is better) when sorted by relevance; comparable between hits of one query only. */
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
// Relevance ranks the newest RELEVANCE_WINDOW matches (as Slack weighs recency), found by walking the time-ordered
// doclist, which is cheap. It does not use FTS5's bm25(): that function first counts every row of every phrase over
// the whole table to get its IDF (about 300 ms for a word in a third of a million messages, however small the
// window), and that cannot be bounded. The window is scored here instead with the same BM25 formula, from the
// candidates' own text, and each phrase's document frequency is read from the time span of its newest
// DF_SAMPLE matches. All filters stay inside the MATCH expression, so no secondary index can drive the query.
export const RELEVANCE_WINDOW = 2_000;
export const RELEVANCE_SQL = `SELECT rowid AS id FROM messages_fts
  WHERE messages_fts MATCH ? AND rowid >= ? AND rowid < ? ORDER BY rowid DESC LIMIT ? OFFSET ?`;
const DF_SAMPLE = 2_000;
export const WINDOW_START_SQL = `SELECT rowid FROM messages_fts
  WHERE messages_fts MATCH ? AND rowid >= ? AND rowid < ? ORDER BY rowid DESC LIMIT 1 OFFSET ?`;
const CANDIDATE_TEXT_SQL = `SELECT id, text, files_json, attachments_json FROM messages
  WHERE id IN (SELECT value FROM json_each(?))`;
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
  const rows = sort === 'newest' ? newestPage(db, plan, limit, options.cursor) : relevancePage(db, plan, names, limit, options.cursor);
  const records = db.prepare(BY_IDS_SQL).all(JSON.stringify(rows.map((r) => r.id))) as MessageRecord[];
  const byId = new Map(records.map((r) => [r.id, r]));
  const hits: SearchHit[] = [];
  for (const row of rows) {
    const record = byId.get(row.id);
    if (!record) continue;
    hits.push({ message: toMessageView(record), score: row.score, snippet: snippetOf(record, plan.highlight, names) });
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

function relevancePage(db: WorkspaceDb, plan: SearchPlan, names: WorkspaceNames, limit: number, cursor?: string | null): Row[] {
  const offset = Math.max(0, Number(cursor ?? 0) || 0);
  const ids = db.prepare(RELEVANCE_SQL).pluck().all(plan.match, plan.fromKey, plan.toKey, RELEVANCE_WINDOW, 0) as number[];
  if (ids.length === 0 || offset >= ids.length) return [];
  const candidates = db.prepare(CANDIDATE_TEXT_SQL).all(JSON.stringify(ids)) as CandidateRow[];
  // One phrase alone: its IDF scales every score alike and cannot change the order, so it is not looked up.
  const stats = plan.scored.length > 1 ? corpusStats(db) : null;
  const idf = plan.scored.map((t) => {
    if (!stats) return 1;
    const df = documentFrequency(db, t.match, stats);
    return Math.log(1 + (stats.messages - df + 0.5) / (df + 0.5));
  });
  // The text the index holds for each candidate (attachments and file names too), folded as the index folds it.
  const docs = candidates.map((r) => ({ id: r.id, words: termTokens(indexedText(r, names)) }));
  const avgLength = docs.reduce((sum, d) => sum + d.words.length, 0) / Math.max(1, docs.length) || 1;
  const scored = docs.map((d) => ({ id: d.id, score: bm25(d.words, plan.scored, idf, avgLength) }));
  scored.sort((a, b) => a.score - b.score || b.id - a.id);
  return scored.slice(offset, offset + limit);
}

/** Around the match in the message's text, or, when the match is in an attachment or a file name, around that. */
function snippetOf(record: MessageRecord, terms: readonly HighlightTerm[], names: WorkspaceNames): Snippet {
  const own = makeSnippet(mrkdwnToPlainText(record.text, names), terms);
  if (own.highlights.length > 0 || terms.length === 0) return own;
  const indexed = makeSnippet(indexedText(record, names), terms);
  return indexed.highlights.length > 0 ? indexed : own;
}

interface CandidateRow {
  id: number;
  text: string;
  files_json: string | null;
  attachments_json: string | null;
}

function indexedText(r: CandidateRow, names: WorkspaceNames): string {
  const files = r.files_json ? (JSON.parse(r.files_json) as Array<{ title: string | null; name: string | null }>) : [];
  const attachments = r.attachments_json ? (JSON.parse(r.attachments_json) as Raw[]) : [];
  return searchTextOf(r.text, attachments, files, names);
}

const K1 = 1.2;
const B = 0.75;

/** BM25 as FTS5 computes it (negated: lower is better), from a message's folded words. */
function bm25(words: readonly string[], terms: readonly ScoredTerm[], idf: readonly number[], avgLength: number): number {
  let score = 0;
  terms.forEach((term, i) => {
    const n = term.tokens.length;
    let tf = 0;
    for (let at = 0; at + n <= words.length; at++) {
      let hit = true;
      for (let k = 0; k < n && hit; k++) {
        const w = words[at + k] ?? '';
        const tok = term.tokens[k] ?? '';
        hit = term.prefix && k === n - 1 ? w.startsWith(tok) : w === tok;
      }
      if (hit) tf++;
    }
    if (tf > 0) score += (idf[i] ?? 0) * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * words.length) / avgLength)));
  });
  return -score;
}

interface CorpusStats {
  messages: number;
  firstKey: number;
  lastKey: number;
}
const statsCache = new WeakMap<WorkspaceDb, { stamp: number; stats: CorpusStats }>();

/** The message count and time span, counted again only when the newest message changes. */
function corpusStats(db: WorkspaceDb): CorpusStats {
  // Two subqueries: SQLite reads min() or max() alone from the ends of the rowid B-tree, but both in one query scan it.
  const span = db.prepare('SELECT (SELECT min(id) FROM messages) AS first, (SELECT max(id) FROM messages) AS last').get() as {
    first: number | null;
    last: number | null;
  };
  const hit = statsCache.get(db);
  if (hit && hit.stamp === span.last) return hit.stats;
  const messages = db.prepare('SELECT count(*) FROM messages').pluck().get() as number;
  const stats = { messages, firstKey: span.first ?? 0, lastKey: span.last ?? 0 };
  statsCache.set(db, { stamp: span.last ?? 0, stats });
  return stats;
}

/**
 * How many messages hold a phrase: exact up to DF_SAMPLE, above that estimated from how far back in time its
 * DF_SAMPLE-th newest match lies (messages arrive at a roughly even rate). Walking DF_SAMPLE rowids costs well
 * under a millisecond; an exact count of a common word costs tens.
 */
function documentFrequency(db: WorkspaceDb, match: string, stats: CorpusStats): number {
  const nth = db.prepare(WINDOW_START_SQL).pluck().get(match, 0, Number.MAX_SAFE_INTEGER, DF_SAMPLE - 1) as number | undefined;
  if (nth === undefined) {
    return db
      .prepare(`SELECT count(*) FROM (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? LIMIT ${DF_SAMPLE})`)
      .pluck()
      .get(match) as number;
  }
  const covered = Math.max(1, stats.lastKey - nth);
  return Math.min(stats.messages, Math.round((DF_SAMPLE * Math.max(1, stats.lastKey - stats.firstKey)) / covered));
}
