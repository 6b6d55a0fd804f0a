import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { importReportSchema, type WorkspaceStatus } from '../../shared/contract/slack.js';

// Where a workspace lives on disk: <data>/slack/<study id>.sqlite for a study, <study id>.<variant>.sqlite for a CI
// variant of it, and <data>/slack/user/<id>.sqlite for an export the researcher imported. Beside each database a
// small JSON file records how its last import ended, so "ready" survives a restart and a half import never counts.

export const USER_PREFIX = 'u.';

export const workspaceMetaSchema = z.object({
  workspaceId: z.string(),
  title: z.string(),
  origin: z.enum(['study', 'user']),
  studyKey: z.string().nullable(),
  variant: z.string().nullable(),
  source: z.string(),
  status: z.enum(['ready', 'failed', 'cancelled']),
  report: importReportSchema.nullable(),
  error: z.string().nullable(),
});
export type WorkspaceMeta = z.infer<typeof workspaceMetaSchema>;

export const studyWorkspaceId = (studyId: string, variant: string | null) =>
  variant === null ? studyId : `${studyId}.${path.basename(variant).replace(/[^A-Za-z0-9_-]/g, '_')}`;

export class WorkspaceFiles {
  constructor(readonly root: string) {}

  dbFile(workspaceId: string): string {
    return workspaceId.startsWith(USER_PREFIX)
      ? path.join(this.root, 'user', `${workspaceId.slice(USER_PREFIX.length)}.sqlite`)
      : path.join(this.root, `${workspaceId}.sqlite`);
  }

  metaFile(workspaceId: string): string {
    return this.dbFile(workspaceId).replace(/\.sqlite$/, '.json');
  }

  readMeta(workspaceId: string): WorkspaceMeta | null {
    try {
      const parsed = workspaceMetaSchema.safeParse(JSON.parse(fs.readFileSync(this.metaFile(workspaceId), 'utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  writeMeta(meta: WorkspaceMeta): void {
    const file = this.metaFile(meta.workspaceId);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // temp + fsync + rename: after a crash the record is the old one or the new one, never half of either.
    const fd = fs.openSync(`${file}.tmp`, 'w');
    try {
      fs.writeSync(fd, `${JSON.stringify(meta, null, 2)}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(`${file}.tmp`, file);
  }

  userMetas(): WorkspaceMeta[] {
    const dir = path.join(this.root, 'user');
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => this.readMeta(`${USER_PREFIX}${f.slice(0, -'.json'.length)}`))
      .filter((m): m is WorkspaceMeta => m !== null);
  }

  /** Removes a database with its WAL and shared-memory files. */
  removeDb(file: string): void {
    for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true });
  }
}

export function statusFromMeta(meta: WorkspaceMeta): WorkspaceStatus {
  return {
    workspaceId: meta.workspaceId,
    title: meta.title,
    origin: meta.origin,
    studyKey: meta.studyKey,
    variant: meta.variant,
    status: meta.status,
    importId: null,
    progress: null,
    report: meta.report,
    error: meta.error,
  };
}
