import type { ExportEntry } from './source.js';

export type MetadataKind = 'users' | 'org_users' | 'channels' | 'groups' | 'dms' | 'mpims';

export interface DayFile {
  entry: ExportEntry;
  folder: string;
  day: string;
}

export interface ExportLayout {
  metadata: Map<MetadataKind, ExportEntry>;
  /**
   * Sorted by day, then folder: the whole workspace is read in time order, so rowids (time keys) arrive nearly
   * ascending. FTS5 flushes its in-memory terms whenever a rowid goes backwards; channel-by-channel order would make
   * it flush constantly.
   */
  days: DayFile[];
  ignored: ExportEntry[];
}

const METADATA = new Set<string>(['users', 'org_users', 'channels', 'groups', 'dms', 'mpims']);
const DAY = /^([^/]+)\/(\d{4}-\d{2}-\d{2})\.json$/;

/** Finds the export's root (a zip of a folder puts everything under one prefix) and sorts its files by role. */
export function classifyEntries(entries: readonly ExportEntry[]): ExportLayout {
  const anchors = entries
    .map((e) => /^(.*?)(?:users|org_users|channels)\.json$/.exec(e.name)?.[1])
    .filter((p): p is string => p !== undefined && (p === '' || p.endsWith('/')));
  const root = anchors.sort((a, b) => a.length - b.length)[0] ?? '';
  const metadata = new Map<MetadataKind, ExportEntry>();
  const days: DayFile[] = [];
  const ignored: ExportEntry[] = [];
  for (const entry of entries) {
    if (!entry.name.startsWith(root)) {
      ignored.push(entry);
      continue;
    }
    const rel = entry.name.slice(root.length);
    const base = rel.endsWith('.json') ? rel.slice(0, -5) : '';
    const day = DAY.exec(rel);
    if (METADATA.has(base)) metadata.set(base as MetadataKind, entry);
    else if (day?.[1] && day[2]) days.push({ entry, folder: day[1], day: day[2] });
    else ignored.push(entry);
  }
  days.sort((a, b) => (a.day === b.day ? (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0) : a.day < b.day ? -1 : 1));
  return { metadata, days, ignored };
}
