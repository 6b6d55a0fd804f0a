import type { z } from 'zod';
import { formatPath } from '../../../shared/problems.js';
import { emptyReport, type ImportProgress, type ImportReport } from '../../../shared/slack/importReport.js';
import type { NameResolver } from '../../../shared/slack/plainText.js';
import type { WorkspaceDb } from '../openWorkspaceDb.js';
import { classifyEntries, type MetadataKind } from './exportLayout.js';
import { conversationSchema, displayName, userSchema, type ExportConversation, type ExportUser } from './exportSchemas.js';
import { toMessageRow, type MessageRow } from './messageRow.js';
import { openExportSource } from './openSource.js';
import type { ExportSource } from './source.js';
import { createWorkspaceWriter, type ConversationKind } from './workspaceWriter.js';

export interface ImportOptions {
  /** A .zip export or an unpacked export folder. */
  source: string;
  /** Rows per transaction. */
  batchSize?: number;
  /** Any single file larger than this (declared or actual, uncompressed) is refused. */
  maxEntryBytes?: number;
  onProgress?: (progress: ImportProgress) => void;
  signal?: AbortSignal;
}

const MAX_LISTED_SKIPS = 500;
const CONVERSATION_FILES: Array<[MetadataKind, ConversationKind]> = [
  ['channels', 'channel'],
  ['groups', 'private'],
  ['mpims', 'mpim'],
  ['dms', 'dm'],
];

/** Streams an export into a workspace database, one file at a time, and reports what it read and what it skipped. */
export async function importSlackExport(db: WorkspaceDb, options: ImportOptions): Promise<ImportReport> {
  const started = Date.now();
  const report = emptyReport(options.source);
  const source = await openExportSource(options.source);
  try {
    await runImport(db, source, options, report);
  } finally {
    source.close();
    report.seconds = (Date.now() - started) / 1000;
  }
  return report;
}

async function runImport(db: WorkspaceDb, source: ExportSource, options: ImportOptions, report: ImportReport) {
  const batchSize = options.batchSize ?? 5000;
  const maxBytes = options.maxEntryBytes ?? 256 * 1024 * 1024;
  const writer = createWorkspaceWriter(db);
  const layout = classifyEntries(source.entries);
  const total = layout.metadata.size + layout.days.length;
  let done = 0;
  const skip = (entry: string, path: string, reason: string) => {
    if (report.skipped.length < MAX_LISTED_SKIPS) report.skipped.push({ entry, path, reason });
    else report.skippedNotListed++;
  };
  const progress = () => options.onProgress?.({ entriesDone: done, entriesTotal: total, messages: report.messages });

  const readArray = async <T>(kind: MetadataKind, schema: z.ZodType<T>): Promise<T[]> => {
    const entry = layout.metadata.get(kind);
    if (!entry) return [];
    done++;
    const parsed = await readJson(source, entry.name, entry, maxBytes);
    if (!parsed.ok) {
      skip(entry.name, '', parsed.reason);
      return [];
    }
    if (!Array.isArray(parsed.value)) {
      skip(entry.name, '', 'expected a JSON array');
      return [];
    }
    const items: T[] = [];
    parsed.value.forEach((item, i) => {
      const r = schema.safeParse(item);
      if (r.success) items.push(r.data);
      else for (const issue of r.error.issues) skip(entry.name, formatPath([i, ...issue.path]), issue.message);
    });
    return items;
  };

  const users = [...(await readArray('users', userSchema)), ...(await readArray('org_users', userSchema))];
  writer.writeUsers(users);
  report.users = users.length;
  const userNames = new Map<string, string>(users.map((u: ExportUser) => [u.id, displayName(u)]));

  const folders = new Map<string, string>();
  const conversationNames = new Map<string, string>();
  for (const [kind, conversationKind] of CONVERSATION_FILES) {
    for (const c of await readArray(kind, conversationSchema)) {
      const folder = conversationKind === 'dm' ? c.id : (c.name ?? c.id);
      const name = conversationKind === 'dm' ? dmName(c, userNames) : (c.name ?? c.id);
      writer.writeConversation(c, conversationKind, name, folder);
      folders.set(folder, c.id);
      conversationNames.set(c.id, name);
      report.conversations[conversationKind]++;
    }
  }
  progress();

  const names: NameResolver = { user: (id) => userNames.get(id), conversation: (id) => conversationNames.get(id) };
  const unknownUsers = new Set<string>();
  // One day of the whole workspace is gathered and sorted by time key before it is written (see exportLayout.ts).
  let dayRows: MessageRow[] = [];
  const flush = () => {
    dayRows.sort((a, b) => a.key - b.key);
    for (let i = 0; i < dayRows.length; i += batchSize) {
      const counts = writer.writeMessages(dayRows.slice(i, i + batchSize));
      report.added += counts.added;
      report.alreadyPresent += counts.alreadyPresent;
    }
    dayRows = [];
  };

  let currentDay = '';
  for (const day of layout.days) {
    if (options.signal?.aborted) {
      report.cancelled = true;
      break;
    }
    if (day.day !== currentDay || dayRows.length >= batchSize * 20) {
      flush();
      currentDay = day.day;
    }
    done++;
    let conversationId = folders.get(day.folder);
    if (conversationId === undefined) {
      // A folder no metadata file names: keep its messages under a conversation named after the folder.
      conversationId = `folder:${day.folder}`;
      const stub: ExportConversation = { id: conversationId, name: day.folder };
      writer.writeConversation(stub, 'channel', day.folder, day.folder);
      folders.set(day.folder, conversationId);
      report.conversations.channel++;
      skip(day.folder, '', 'no conversation in the metadata files names this folder; imported as a channel');
    }
    const parsed = await readJson(source, day.entry.name, day.entry, maxBytes);
    if (!parsed.ok || !Array.isArray(parsed.value)) {
      skip(day.entry.name, '', parsed.ok ? 'expected a JSON array of messages' : parsed.reason);
      progress();
      continue;
    }
    report.dayFiles++;
    parsed.value.forEach((raw, i) => {
      const row = toMessageRow(raw, conversationId, names);
      if (typeof row === 'string') return skip(day.entry.name, `[${i}]`, row);
      countMessage(report, row);
      if (row.user_id && !userNames.has(row.user_id)) unknownUsers.add(row.user_id);
      dayRows.push(row);
    });
    progress();
  }
  flush();
  report.orphanReplies = writer.showOrphanReplies();
  report.unknownUsers = [...unknownUsers].sort();
  progress();
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

function dmName(c: ExportConversation, users: Map<string, string>): string {
  const members = c.members ?? [];
  return members.length ? members.map((m) => users.get(m) ?? m).join(', ') : c.id;
}

async function readJson(
  source: ExportSource,
  label: string,
  entry: { name: string; declaredSize: number },
  maxBytes: number,
): Promise<{ ok: true; value: unknown } | { ok: false; reason: string }> {
  const read = await source.read(entry, maxBytes);
  if (!read.ok) return read;
  try {
    return { ok: true, value: JSON.parse(read.text) as unknown };
  } catch (error) {
    return { ok: false, reason: `${label} is not valid JSON (${(error as Error).message}); the file was skipped` };
  }
}
