import type { StoredEvent } from '../../shared/contract/schemas.js';
import { hashContent } from './sessionWorkspace.js';

// A session's workspace as its event log records it. The log is the source of truth: every file's content is in
// it (the starting files in `workspace_created`, each edit in a `file_content` committed with its `file_edited`),
// so the folder on disk can always be rebuilt to agree with it, and exports read files from here, not from disk.

export const WORKSPACE_CREATED = 'workspace_created';
export const FILE_CONTENT = 'file_content';

export interface WorkspaceCreated {
  root: string;
  hashes_before: Record<string, string>;
  /** Path → text of the starting files. Missing in logs written before the log held file contents. */
  files?: Record<string, string>;
}

export interface FileContent {
  path: string;
  sha256: string;
  content: string;
}

export function workspaceOf(stored: readonly StoredEvent[]): WorkspaceCreated | null {
  const e = stored.find((x) => x.kind === WORKSPACE_CREATED);
  return e ? (e.payload as WorkspaceCreated) : null;
}

/**
 * Path → text of every workspace file as the log says it is after its last event; null when the log predates
 * file contents (its workspace can only be read from disk).
 */
export function workspaceFilesFromLog(stored: readonly StoredEvent[]): Record<string, string> | null {
  const created = workspaceOf(stored);
  if (!created?.files) return null;
  const files: Record<string, string> = { ...created.files };
  for (const e of stored) {
    if (e.kind !== FILE_CONTENT) continue;
    const c = e.payload as FileContent;
    files[c.path] = c.content;
  }
  return files;
}

/** Path → hash of the files `workspaceFilesFromLog` returns (the export's `final_hashes`). */
export function hashFiles(files: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([p, text]) => [p, hashContent(text)]));
}
