import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { WorkspaceStatus } from '../../shared/contract/slack.js';
import { fail, ok, type Result } from '../../shared/result.js';
import type { ImportProgress } from '../../shared/slack/importReport.js';
import type { EventBus } from '../app/eventBus.js';
import { openWorkspaceDb, type WorkspaceDb } from '../slack/openWorkspaceDb.js';
import { runImportInWorker } from '../slack/import/runImportInWorker.js';
import { overlayVariant } from './variantOverlay.js';
import { statusFromMeta, USER_PREFIX, WorkspaceFiles, type WorkspaceMeta } from './workspaceFiles.js';

/** What to import and how to name it; `variantDir` is laid over `source` first (CI queries). */
export interface ImportTarget {
  workspaceId: string;
  title: string;
  origin: 'study' | 'user';
  studyKey: string | null;
  variant: string | null;
  source: string;
  variantDir?: string;
}

interface RunningImport {
  importId: string;
  target: ImportTarget;
  controller: AbortController;
  progress: ImportProgress | null;
  done: Promise<void>;
}

/**
 * The Slack workspaces of this data folder: imports run in a worker, and a workspace is opened for reading only
 * once its import completed, so a reader never sees half a workspace; progress and the end go out on the event bus.
 */
export class SlackWorkspaces {
  readonly files: WorkspaceFiles;
  private readonly running = new Map<string, RunningImport>();
  private readonly connections = new Map<string, WorkspaceDb>();

  constructor(
    dataDir: string,
    private readonly bus: EventBus,
  ) {
    this.files = new WorkspaceFiles(path.join(dataDir, 'slack'));
  }

  /** The status of a workspace this folder knows (imported, importing or failed), or null. */
  known(workspaceId: string): WorkspaceStatus | null {
    const live = [...this.running.values()].find((r) => r.target.workspaceId === workspaceId);
    if (live) return this.importingStatus(live);
    const meta = this.files.readMeta(workspaceId);
    return meta && (meta.status !== 'ready' || fs.existsSync(this.files.dbFile(workspaceId))) ? statusFromMeta(meta) : null;
  }

  /** Ready → as is; importing → the running import; otherwise a new import starts. */
  ensure(target: ImportTarget): WorkspaceStatus {
    const status = this.known(target.workspaceId);
    if (status && (status.status === 'ready' || status.status === 'importing')) return status;
    return this.start(target);
  }

  importUserExport(source: string, title?: string): Result<WorkspaceStatus> {
    const resolved = path.resolve(source);
    if (!fs.existsSync(resolved)) return fail('not_found', `Nothing at ${resolved}: give the path of a Slack export (.zip or folder).`);
    const workspaceId = `${USER_PREFIX}${crypto.randomBytes(6).toString('hex')}`;
    const name = title?.trim() || path.basename(resolved).replace(/\.zip$/i, '');
    return ok(this.start({ workspaceId, title: name, origin: 'user', studyKey: null, variant: null, source: resolved }));
  }

  userWorkspaces(): WorkspaceStatus[] {
    const fromDisk = this.files.userMetas().map((m) => this.known(m.workspaceId) ?? statusFromMeta(m));
    const live = [...this.running.values()]
      .filter((r) => r.target.origin === 'user' && !fromDisk.some((s) => s.workspaceId === r.target.workspaceId))
      .map((r) => this.importingStatus(r));
    return [...fromDisk, ...live];
  }

  cancel(importId: string): boolean {
    const run = this.running.get(importId);
    if (!run) return false;
    run.controller.abort();
    return true;
  }

  /**
   * Removes a workspace's database (with its WAL files) and its meta file, closing our connection first. Refused
   * while it imports. The caller checks who may delete it (built-in studies, open runs).
   */
  remove(workspaceId: string): Result<{ deleted: true }> {
    const live = [...this.running.values()].find((r) => r.target.workspaceId === workspaceId);
    if (live) return fail('conflict', `"${live.target.title}" is importing; cancel the import before deleting it.`);
    const dbFile = this.files.dbFile(workspaceId);
    const metaFile = this.files.metaFile(workspaceId);
    if (!fs.existsSync(metaFile) && !fs.existsSync(dbFile)) return fail('not_found', `No Slack workspace "${workspaceId}" in this data folder.`);
    this.connections.get(workspaceId)?.close();
    this.connections.delete(workspaceId);
    // The meta file goes first: without it a leftover database (held open elsewhere on Windows) never counts as ready.
    fs.rmSync(metaFile, { force: true });
    this.files.removeDb(dbFile);
    return ok({ deleted: true });
  }

  /** A read-only connection to a ready workspace, kept open for the next call. */
  db(workspaceId: string): Result<WorkspaceDb> {
    const cached = this.connections.get(workspaceId);
    if (cached) return ok(cached);
    const status = this.known(workspaceId);
    if (!status) return fail('not_found', `No Slack workspace "${workspaceId}" in this data folder.`);
    if (status.status !== 'ready') return fail('conflict', `The workspace "${status.title}" is not ready (${status.status.replace('_', ' ')}).`);
    const opened = openWorkspaceDb(this.files.dbFile(workspaceId), { readonly: true });
    if (opened.ok) this.connections.set(workspaceId, opened.value);
    return opened;
  }

  /** Resolves when every running import has ended (tests, and closing the app). */
  async settled(): Promise<void> {
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  async close(): Promise<void> {
    for (const r of this.running.values()) r.controller.abort();
    await this.settled();
    for (const db of this.connections.values()) db.close();
    this.connections.clear();
  }

  private importingStatus(r: RunningImport): WorkspaceStatus {
    const t = r.target;
    const last = this.files.readMeta(t.workspaceId);
    return {
      workspaceId: t.workspaceId,
      title: t.title,
      origin: t.origin,
      studyKey: t.studyKey,
      variant: t.variant,
      status: 'importing',
      importId: r.importId,
      progress: r.progress,
      report: last?.report ?? null,
      error: null,
    };
  }

  private start(target: ImportTarget): WorkspaceStatus {
    const importId = crypto.randomBytes(9).toString('base64url');
    const controller = new AbortController();
    const run: RunningImport = { importId, target, controller, progress: null, done: Promise.resolve() };
    this.running.set(importId, run);
    run.done = this.runImport(run).finally(() => this.running.delete(importId));
    return this.importingStatus(run);
  }

  private async runImport(run: RunningImport): Promise<void> {
    const { target, importId } = run;
    // The import writes the workspace's own file: nothing reads it until the meta file says "ready", which is written
    // only after the worker reports the end (the worker may still be closing its connection then, which WAL allows).
    const dbFile = this.files.dbFile(target.workspaceId);
    fs.mkdirSync(path.dirname(dbFile), { recursive: true });
    this.connections.get(target.workspaceId)?.close();
    this.connections.delete(target.workspaceId);
    this.files.removeDb(dbFile);
    const meta: WorkspaceMeta = { ...pickMeta(target), status: 'failed', report: null, error: null };
    let overlay: { dir: string; remove(): Promise<void> } | null = null;
    try {
      let source = target.source;
      if (target.variantDir) {
        const made = await overlayVariant(target.source, target.variantDir, path.join(this.files.root, 'overlays', importId), run.controller.signal);
        if (!made.ok) throw new Error(made.error.message);
        overlay = made.value;
        source = overlay.dir;
      }
      // At most about 200 progress events per import, however many files the export has.
      let lastSent = -Infinity;
      const onProgress = (progress: ImportProgress) => {
        run.progress = progress;
        const step = Math.max(1, Math.floor(progress.entriesTotal / 200));
        if (progress.entriesDone - lastSent < step && progress.entriesDone < progress.entriesTotal) return;
        lastSent = progress.entriesDone;
        this.bus.emit({ type: 'slack.import.progress', importId, workspaceId: target.workspaceId, progress });
      };
      const result = await runImportInWorker({ dbFile, source }, onProgress, run.controller.signal);
      if (!result.ok) {
        meta.error = `${target.source}: ${result.error.message}`;
      } else if (result.value.cancelled || run.controller.signal.aborted) {
        meta.status = 'cancelled';
        meta.report = { ...result.value, cancelled: true };
      } else {
        meta.status = 'ready';
        meta.report = result.value;
      }
    } catch (error) {
      meta.error = `The import of ${target.source} failed: ${(error as Error).message}`;
    } finally {
      // A temporary copy that cannot be removed must not keep the import from ending (its meta is written below).
      await overlay?.remove().catch(() => undefined);
    }
    if (meta.status !== 'ready') {
      try {
        this.files.removeDb(dbFile);
      } catch {
        // Still held open by the ending worker (Windows): removed by the next import of this workspace.
      }
    }
    this.files.writeMeta(meta);
    this.bus.emit({ type: 'slack.import.done', importId, workspaceId: target.workspaceId, report: meta.report, error: meta.error });
  }
}

const pickMeta = (t: ImportTarget) => ({
  workspaceId: t.workspaceId,
  title: t.title,
  origin: t.origin,
  studyKey: t.studyKey,
  variant: t.variant,
  source: t.source,
});
