import type { ImportReport } from '../../../shared/slack/importReport.js';
import type { NameResolver } from '../../../shared/slack/plainText.js';
import type { WorkspaceDb } from '../openWorkspaceDb.js';
import type { DayFile } from './exportLayout.js';
import { jsonErrorPlace } from './exportRefused.js';
import { toMessageRow, type MessageRow } from './messageRow.js';
import type { WorkspaceWriter } from './workspaceWriter.js';

/** One day file as read from the export: its text, or why it could not be read. */
export type ReadDay = { day: DayFile; conversationId: string; text: string } | { day: DayFile; conversationId: string; reason: string };

export interface DayLoaderOptions {
  /** Rows per transaction. */
  batchSize: number;
  names: NameResolver;
  /** Ids users.json holds; others are reported as unknown. */
  knownUsers: { has(id: string): boolean };
  skip: (entry: string, path: string, reason: string) => void;
  /** Called after each file; returns false to stop before the next one. */
  afterFile: () => boolean;
}

// A day's rows are sorted by time key before they are written; a day larger than this is written in parts.
const MAX_DAY_ROWS = 200_000;

/**
 * Parses day files and writes their messages, synchronously, in transactions of about `batchSize` rows that span
 * many days: every commit makes FTS5 write its pending terms as a new segment, so few large commits build the index
 * with far less merging than one commit per day. No await happens while a transaction is open.
 */
export function createDayLoader(db: WorkspaceDb, writer: WorkspaceWriter, report: ImportReport, options: DayLoaderOptions) {
  const unknownUsers = new Set<string>();
  const counts = { added: 0, alreadyPresent: 0 };
  let dayRows: MessageRow[] = [];
  let currentDay = '';
  let rowsInTransaction = 0;

  const commit = () => {
    if (db.inTransaction) db.exec('COMMIT');
    rowsInTransaction = 0;
  };
  const flushDay = () => {
    if (dayRows.length === 0) return;
    dayRows.sort((a, b) => a.key - b.key);
    if (!db.inTransaction) db.exec('BEGIN');
    writer.insertMessages(dayRows, counts);
    rowsInTransaction += dayRows.length;
    dayRows = [];
    if (rowsInTransaction >= options.batchSize) commit();
  };

  const readRows = (read: ReadDay) => {
    const name = read.day.entry.name;
    if ('reason' in read) return options.skip(name, '', read.reason);
    let parsed: unknown;
    try {
      parsed = JSON.parse(read.text) as unknown;
    } catch (error) {
      return options.skip(name, '', `not valid JSON: ${jsonErrorPlace(read.text, error as Error)}; the file was skipped`);
    }
    if (!Array.isArray(parsed)) return options.skip(name, '', 'expected a JSON array of messages');
    report.dayFiles++;
    for (let i = 0; i < parsed.length; i++) {
      const row = toMessageRow(parsed[i], read.conversationId, options.names);
      if (typeof row === 'string') {
        options.skip(name, `[${i}]`, row);
        continue;
      }
      countMessage(report, row);
      if (row.user_id && !options.knownUsers.has(row.user_id)) unknownUsers.add(row.user_id);
      dayRows.push(row);
    }
  };

  /** Loads one group of day files (in day order); returns false when told to stop. */
  const load = (group: readonly ReadDay[]): boolean => {
    try {
      for (const read of group) {
        if (read.day.day !== currentDay || dayRows.length >= MAX_DAY_ROWS) {
          flushDay();
          currentDay = read.day.day;
        }
        readRows(read);
        if (!options.afterFile()) {
          flushDay();
          commit();
          return false;
        }
      }
      flushDay();
      commit();
      return true;
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw error;
    } finally {
      report.added = counts.added;
      report.alreadyPresent = counts.alreadyPresent;
    }
  };

  return { load, unknownUsers: () => [...unknownUsers].sort() };
}

function countMessage(report: ImportReport, row: MessageRow) {
  report.messages++;
  if (row.thread_ts && row.thread_ts !== row.ts) report.threadReplies++;
  if (row.is_broadcast) report.broadcasts++;
  if (row.bot_id || row.subtype === 'bot_message') report.botMessages++;
  else if (row.subtype && !['thread_broadcast', 'file_share', 'me_message'].includes(row.subtype)) {
    report.systemMessages++;
  }
  if (row.edited_ts) report.edited++;
  if (row.has_file) report.withFiles++;
  if (row.has_reaction) report.withReactions++;
}
