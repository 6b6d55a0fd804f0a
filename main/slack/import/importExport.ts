import type { z } from 'zod';
import { formatPath } from '../../../shared/problems.js';
import { emptyReport, type ImportProgress, type ImportReport } from '../../../shared/slack/importReport.js';
import type { NameResolver } from '../../../shared/slack/plainText.js';
import type { WorkspaceDb } from '../openWorkspaceDb.js';
import { beginBulkLoad } from './bulkLoad.js';
import { createDayLoader, type ReadDay } from './dayLoader.js';
import { classifyEntries, type DayFile, type MetadataKind } from './exportLayout.js';
import { conversationSchema, displayName, userSchema, type ExportConversation, type ExportUser } from './exportSchemas.js';
import { ExportRefused, jsonErrorPlace, someNames } from './exportRefused.js';
import { openExportSource } from './openSource.js';
import type { ExportSource } from './source.js';
import { createWorkspaceWriter, type ConversationKind } from './workspaceWriter.js';

export interface ImportOptions {
  /** A .zip export or an unpacked export folder. */
  source: string;
  /** Rows per transaction (about: whole days are written together). */
  batchSize?: number;
  /** Any single file larger than this (declared or actual, uncompressed) is refused. */
  maxEntryBytes?: number;
  onProgress?: (progress: ImportProgress) => void;
  signal?: AbortSignal;
}

const MAX_LISTED_SKIPS = 500;
const EXPECTED = 'users.json, channels.json and one folder of day files (<channel>/YYYY-MM-DD.json) per conversation';
// About 60,000 messages of text. A group's transaction ends with the group (no await happens inside one), and each
// commit writes one FTS5 segment: larger groups merge less but keep more garbage alive (past 400 MB peak at 32 MB;
// 8 MB costs a tenth more time).
const GROUP_BYTES = 12 * 2 ** 20;
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
  const source = await openExportSource(options.source).catch((error: unknown) => {
    throw new ExportRefused(`it could not be read as a zip archive or an export folder (${(error as Error).message})`);
  });
  try {
    await runImport(db, source, options, report);
  } finally {
    source.close();
    report.seconds = (Date.now() - started) / 1000;
  }
  return report;
}

async function runImport(db: WorkspaceDb, source: ExportSource, options: ImportOptions, report: ImportReport) {
  const batchSize = options.batchSize ?? 100_000;
  const maxBytes = options.maxEntryBytes ?? 256 * 1024 * 1024;
  const writer = createWorkspaceWriter(db);
  const layout = classifyEntries(source.entries);
  if (source.entries.length === 0) throw new ExportRefused(`it is empty; a Slack export holds ${EXPECTED}`);
  if (layout.metadata.size === 0 && layout.days.length === 0) {
    const found = someNames(source.entries.map((e) => e.name));
    throw new ExportRefused(`it is not a Slack export: it holds ${found}, but a Slack export holds ${EXPECTED}`);
  }
  const total = layout.metadata.size + layout.days.length;
  let done = 0;
  const skip = (entry: string, path: string, reason: string) => {
    if (report.skipped.length < MAX_LISTED_SKIPS) report.skipped.push({ entry, path, reason });
    else report.skippedNotListed++;
  };
  const progress = () => options.onProgress?.({ entriesDone: done, entriesTotal: total, messages: report.messages });

  // A metadata file that cannot be read ends the import: without it every conversation or name would be wrong.
  const readArray = async <T>(kind: MetadataKind, schema: z.ZodType<T>): Promise<T[]> => {
    const entry = layout.metadata.get(kind);
    if (!entry) return [];
    done++;
    const parsed = await readJson(source, entry, maxBytes);
    if (!parsed.ok) throw new ExportRefused(`${entry.name}: ${parsed.reason}`);
    if (!Array.isArray(parsed.value)) throw new ExportRefused(`${entry.name}: expected a JSON array of ${kind}, found ${describe(parsed.value)}`);
    const items: T[] = [];
    const problems: string[] = [];
    parsed.value.forEach((item, i) => {
      const r = schema.safeParse(item);
      if (r.success) items.push(r.data);
      else for (const issue of r.error.issues) problems.push(`${formatPath([i, ...issue.path])}: ${issue.message}`);
    });
    if (problems.length) throw new ExportRefused(`${entry.name}: ${someNames(problems, 3)}`);
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
  const loader = createDayLoader(db, writer, report, {
    batchSize,
    names,
    knownUsers: userNames,
    skip,
    afterFile: () => {
      done++;
      progress();
      if (!options.signal?.aborted) return true;
      report.cancelled = true;
      return false;
    },
  });
  const conversationOf = (folder: string): string => {
    const known = folders.get(folder);
    if (known !== undefined) return known;
    // A folder no metadata file names: keep its messages under a conversation named after the folder.
    const id = `folder:${folder}`;
    writer.writeConversation({ id, name: folder }, 'channel', folder, folder);
    folders.set(folder, id);
    report.conversations.channel++;
    skip(folder, '', 'no conversation in the metadata files names this folder; imported as a channel');
    return id;
  };

  const bulk = writer.isEmpty() ? beginBulkLoad(db) : null;
  try {
    // Day files are read a group at a time (whole files, about GROUP_BYTES of text), then loaded synchronously.
    for (let next = 0; next < layout.days.length; ) {
      if (options.signal?.aborted) {
        report.cancelled = true;
        break;
      }
      const group: ReadDay[] = [];
      for (let bytes = 0; next < layout.days.length && (group.length === 0 || bytes < GROUP_BYTES); next++) {
        const day = layout.days[next] as DayFile;
        const conversationId = conversationOf(day.folder);
        const read = await source.read(day.entry, maxBytes);
        if (read.ok) bytes += read.text.length;
        group.push(read.ok ? { day, conversationId, text: read.text } : { day, conversationId, reason: read.reason });
      }
      if (!loader.load(group)) break;
    }
    report.orphanReplies = writer.showOrphanReplies();
  } finally {
    bulk?.finish();
  }
  // Day files were there but not one message could be read: the export is broken, not an empty workspace.
  if (!report.cancelled && layout.days.length > 0 && report.messages === 0 && report.skipped.length > 0) {
    const dayNames = new Set(layout.days.map((d) => d.entry.name));
    const first = report.skipped.find((s) => dayNames.has(s.entry)) ?? report.skipped[0]!;
    const where = `${first.entry}${first.path ? ` ${first.path}` : ''}`;
    throw new ExportRefused(`no message could be read from its ${layout.days.length} day file(s); ${where}: ${first.reason}`);
  }
  report.unknownUsers = loader.unknownUsers();
  progress();
}

function dmName(c: ExportConversation, users: Map<string, string>): string {
  const members = c.members ?? [];
  return members.length ? members.map((m) => users.get(m) ?? m).join(', ') : c.id;
}

async function readJson(
  source: ExportSource,
  entry: { name: string; declaredSize: number },
  maxBytes: number,
): Promise<{ ok: true; value: unknown } | { ok: false; reason: string }> {
  const read = await source.read(entry, maxBytes);
  if (!read.ok) return read;
  try {
    return { ok: true, value: JSON.parse(read.text) as unknown };
  } catch (error) {
    return { ok: false, reason: `not valid JSON: ${jsonErrorPlace(read.text, error as Error)}` };
  }
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
