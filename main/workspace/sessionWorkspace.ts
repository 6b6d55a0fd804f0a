import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';
import { normaliseWorkspacePath, resolveInside } from './paths.js';
import { TEMP_PREFIX, writeFileAtomic } from '../files/atomicWrite.js';

/** Files bigger than this are not read into memory by the tools (task files are small source files). */
export const MAX_FILE_BYTES = 1024 * 1024;

/** The one place the export's hash format is decided: lowercase hex SHA-256 of the UTF-8 bytes. */
export function hashContent(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/** A per-session copy of a task's workspace files on disk. */
export interface SessionWorkspace {
  /** Realpath of the session's own folder; every tool path resolves inside it. */
  readonly root: string;
  /** Path → hash of each file as the session started (the export's `sandbox.hashes_before`). */
  readonly hashesBefore: Readonly<Record<string, string>>;
}

/**
 * Copies a task's files (path → content) into a fresh folder `<parentDir>/<name>`.
 * The folder must not exist yet: a session never starts on someone else's leftovers.
 */
export function createSessionWorkspace(
  parentDir: string,
  name: string,
  files: Readonly<Record<string, string>>,
): Result<SessionWorkspace> {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(name)) {
    return fail(
      'bad_request',
      `"${name}" is not a usable workspace folder name (letters, digits, . _ - only).`,
    );
  }
  let root: string;
  try {
    fs.mkdirSync(parentDir, { recursive: true });
    const dir = path.join(fs.realpathSync(parentDir), name);
    fs.mkdirSync(dir);
    root = fs.realpathSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return fail('conflict', `The workspace folder "${name}" already exists.`);
    return fail('internal', `Could not create the workspace folder "${name}": ${String(error)}`);
  }

  for (const [relPath, content] of Object.entries(files)) {
    const written = writeWorkspaceFile(root, relPath, content);
    if (!written.ok) {
      fs.rmSync(root, { recursive: true, force: true });
      return fail('invalid_pack', `Task workspace file "${relPath}": ${written.error.message}`);
    }
  }
  return ok({ root, hashesBefore: hashWorkspace(root) });
}

/** Reopens a session's folder after a restart; `hashesBefore` comes from the session's event log. */
export function openSessionWorkspace(
  root: string,
  hashesBefore: Readonly<Record<string, string>>,
): Result<SessionWorkspace> {
  try {
    const real = fs.realpathSync(root);
    if (!fs.statSync(real).isDirectory()) return fail('not_found', `"${root}" is not a folder.`);
    return ok({ root: real, hashesBefore: { ...hashesBefore } });
  } catch {
    return fail('not_found', `The workspace folder "${root}" is missing.`);
  }
}

/**
 * Every regular file under `root`, as sorted workspace paths. Symlinks are skipped: a tool can
 * only ever see files that really live in the session's folder.
 */
export function listWorkspaceFiles(root: string, underDir = ''): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.name.startsWith(TEMP_PREFIX)) continue;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  walk(underDir);
  return out.sort();
}

export function readWorkspaceFile(root: string, relPath: unknown): Result<string> {
  const resolved = resolveInside(root, relPath);
  if (!resolved.ok) return resolved;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(resolved.value);
  } catch {
    return fail('not_found', `There is no file "${String(relPath)}" in the workspace.`);
  }
  if (!stat.isFile()) return fail('bad_request', `"${String(relPath)}" is a folder, not a file.`);
  if (stat.size > MAX_FILE_BYTES) {
    return fail('bad_request', `"${String(relPath)}" is ${stat.size} bytes; the limit is ${MAX_FILE_BYTES}.`);
  }
  return ok(fs.readFileSync(resolved.value, 'utf8'));
}

export interface FileWrite {
  path: string;
  /** Null when the file did not exist before. */
  before_sha256: string | null;
  after_sha256: string;
  bytes: number;
}

/** A checked write not yet made: where it lands and the hashes before and after. */
export interface PlannedWrite extends FileWrite {
  /** The absolute host path, checked to sit inside the workspace. */
  readonly fullPath: string;
}

/**
 * Checks a whole-file write without touching the disk (size, path shape, links, not a folder) and reads the
 * hash it replaces, so the edit can be recorded in the log before the file changes.
 */
export function planWorkspaceWrite(root: string, relPath: unknown, content: unknown): Result<PlannedWrite> {
  if (typeof content !== 'string') return fail('bad_request', 'File content must be a string.');
  const bytes = Buffer.byteLength(content, 'utf8');
  if (bytes > MAX_FILE_BYTES)
    return fail('bad_request', `The content is ${bytes} bytes; the limit is ${MAX_FILE_BYTES}.`);
  const clean = normaliseWorkspacePath(relPath);
  if (!clean.ok) return clean;
  if (clean.value === '') return fail('bad_request', 'Give a file path, not the workspace itself.');
  if (clean.value.split('/').some((segment) => segment.startsWith(TEMP_PREFIX))) {
    return fail('bad_request', `"${clean.value}": names starting with ${TEMP_PREFIX} are reserved for the app.`);
  }
  const resolved = resolveInside(root, clean.value);
  if (!resolved.ok) return resolved;

  let before: string | null = null;
  try {
    const stat = fs.statSync(resolved.value);
    if (!stat.isFile()) return fail('bad_request', `"${clean.value}" is a folder, not a file.`);
    before = hashContent(fs.readFileSync(resolved.value));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      return fail('internal', `Could not read "${clean.value}": ${String(error)}`);
    }
  }
  return ok({ fullPath: resolved.value, path: clean.value, before_sha256: before, after_sha256: hashContent(content), bytes });
}

/** Makes a planned write, atomically (a kill -9 leaves the old content or the new, never a truncated file). */
export function commitWorkspaceWrite(plan: PlannedWrite, content: string): Result<FileWrite> {
  try {
    writeFileAtomic(plan.fullPath, content);
  } catch (error) {
    return fail('bad_request', `Could not write "${plan.path}": ${(error as Error).message}`);
  }
  return ok({ path: plan.path, before_sha256: plan.before_sha256, after_sha256: plan.after_sha256, bytes: plan.bytes });
}

/** Replaces (or creates) a whole file, creating its folders; reports the hashes before and after. */
export function writeWorkspaceFile(root: string, relPath: unknown, content: unknown): Result<FileWrite> {
  const plan = planWorkspaceWrite(root, relPath, content);
  return plan.ok ? commitWorkspaceWrite(plan.value, content as string) : plan;
}

/** Path → hash of every file in the workspace right now. */
export function hashWorkspace(root: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const rel of listWorkspaceFiles(root))
    hashes[rel] = hashContent(fs.readFileSync(path.join(root, rel)));
  return hashes;
}

/** Path → text of every workspace file (the export's `sandbox.final_files`; value type inferred). */
export function readAllWorkspaceFiles(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const rel of listWorkspaceFiles(root)) {
    const content = readWorkspaceFile(root, rel);
    if (content.ok) files[rel] = content.value;
  }
  return files;
}

/** The transcript's `sandbox` block, derived from the files on disk at the end of the run. */
export function sandboxExport(workspace: SessionWorkspace): {
  hashes_before: Record<string, string>;
  final_files: Record<string, string>;
  final_hashes: Record<string, string>;
} {
  return {
    hashes_before: { ...workspace.hashesBefore },
    final_files: readAllWorkspaceFiles(workspace.root),
    final_hashes: hashWorkspace(workspace.root),
  };
}
