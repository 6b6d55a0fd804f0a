import type { StoredEvent } from '../../shared/contract/schemas.js';
import { fail, ok, type Result } from '../../shared/result.js';
import type { EventLog } from '../db/eventLog.js';
import {
  commitWorkspaceWrite,
  hashContent,
  openSessionWorkspace,
  planWorkspaceWrite,
  readAllWorkspaceFiles,
  type FileWrite,
  type SessionWorkspace,
} from './sessionWorkspace.js';
import { rebuildWorkspace, type RebuildReport } from './rebuildWorkspace.js';
import { FILE_CONTENT, workspaceFilesFromLog, type FileContent, type WorkspaceCreated } from './workspaceLog.js';

export interface LogEntry {
  kind: string;
  payload: unknown;
}

export interface JournaledWrite {
  write: FileWrite;
  /** The events committed for this write, in order (its content first). */
  stored: StoredEvent[];
  /** Set when the events were committed but the file could not be written; the next rebuild writes it. */
  diskError: string | null;
}

/**
 * Writes to a session's workspace, log first: the new content and the events that describe the edit are
 * committed in one transaction, then the file is replaced atomically. A kill -9 at any point leaves either
 * nothing recorded and the file unchanged, or the edit recorded (and the rebuild on resume finishes the write).
 */
export class WorkspaceJournal {
  private readonly current: Record<string, string>;

  constructor(
    private readonly log: EventLog,
    private readonly sessionId: string,
    readonly space: SessionWorkspace,
    /** The files as the log says they are now (see workspaceFilesFromLog). */
    files: Readonly<Record<string, string>>,
  ) {
    this.current = { ...files };
  }

  /** Path → text of every file, as recorded in the log (what exports and the checker read). */
  files(): Record<string, string> {
    return { ...this.current };
  }

  /**
   * Records then writes one whole file. `eventsFor` gives the events that describe the edit (a tool call,
   * `file_edited`); they are committed in the same transaction as the content.
   */
  write(relPath: unknown, content: unknown, eventsFor: (write: FileWrite) => LogEntry[]): Result<JournaledWrite> {
    const plan = this.planWrite(relPath, content);
    if (!plan.ok) return plan;
    const text = content as string;
    const record: FileContent = { path: plan.value.path, sha256: plan.value.after_sha256, content: text };
    const stored = this.log.appendAll(this.sessionId, [{ kind: FILE_CONTENT, payload: record }, ...eventsFor(plan.value)]);
    this.current[plan.value.path] = text;
    const written = commitWorkspaceWrite(plan.value, text);
    return ok({ write: plan.value, stored, diskError: written.ok ? null : written.error.message });
  }

  /** Checks a write; its "before" hash is the log's, which is what the file holds unless the disk was tampered with. */
  planWrite(relPath: unknown, content: unknown): Result<FileWrite & { fullPath: string }> {
    const plan = planWorkspaceWrite(this.space.root, relPath, content);
    if (!plan.ok) return plan;
    const known = this.current[plan.value.path];
    if (plan.value.before_sha256 === null && known === undefined) return plan;
    if (known === undefined && plan.value.before_sha256 !== null) {
      return fail('internal', `"${plan.value.path}" is on disk but not in the session's log; reopen the session to rebuild its workspace.`);
    }
    return ok({ ...plan.value, before_sha256: known === undefined ? null : hashContent(known) });
  }
}

/**
 * A resumed session's folder, made to agree with its log first: whatever a crash (or anyone) left on disk that the
 * log does not explain is replaced by what the log says. Logs from before file contents were recorded are read
 * from disk as they are (`rebuilt` is then null).
 */
export function reopenWorkspaceFromLog(
  recorded: WorkspaceCreated,
  stored: readonly StoredEvent[],
): Result<{ space: SessionWorkspace; files: Record<string, string>; rebuilt: RebuildReport | null }> {
  const files = workspaceFilesFromLog(stored);
  let rebuilt: RebuildReport | null = null;
  if (files) {
    const done = rebuildWorkspace(recorded.root, files);
    if (!done.ok) return done;
    rebuilt = done.value;
  }
  const reopened = openSessionWorkspace(recorded.root, recorded.hashes_before);
  if (!reopened.ok) return reopened;
  return ok({ space: reopened.value, files: files ?? readAllWorkspaceFiles(reopened.value.root), rebuilt });
}
