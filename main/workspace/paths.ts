import fs from 'node:fs';
import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';

/** Longest workspace path we accept; longer ones are almost surely a mistake or an attack. */
const MAX_PATH_CHARS = 1024;

/**
 * Checks the shape of a workspace path without touching the disk: relative, forward slashes,
 * no `..`, no NUL. Returns the cleaned segments (`.` and empty segments dropped).
 * Pure, so the Pyodide runner uses it too for paths that never reach the host disk.
 */
export function workspaceSegments(relPath: unknown): Result<string[]> {
  if (typeof relPath !== 'string') return fail('bad_request', 'A workspace path must be a string.');
  if (relPath.includes('\0')) return fail('bad_request', 'A workspace path may not contain a NUL byte.');
  if (relPath.length > MAX_PATH_CHARS) {
    return fail('bad_request', `A workspace path may be at most ${MAX_PATH_CHARS} characters long.`);
  }
  if (relPath.includes('\\')) {
    return fail('bad_request', `"${relPath}" uses a backslash; workspace paths use forward slashes.`);
  }
  if (relPath.startsWith('/') || /^[A-Za-z]:/.test(relPath)) {
    return fail('bad_request', `"${relPath}" is absolute; give a path relative to the workspace.`);
  }
  const segments = relPath.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) {
    return fail('bad_request', `"${relPath}" contains "..": paths must stay inside the workspace.`);
  }
  return ok(segments);
}

/** The workspace-relative form of a path, e.g. `./a//b.py` → `a/b.py`. */
export function normaliseWorkspacePath(relPath: unknown): Result<string> {
  const segments = workspaceSegments(relPath);
  return segments.ok ? ok(segments.value.join('/')) : segments;
}

function isInside(realRoot: string, candidate: string): boolean {
  return candidate === realRoot || candidate.startsWith(realRoot + path.sep);
}

/**
 * Resolves a workspace path to an absolute host path that is guaranteed to sit inside `realRoot`
 * (which must itself be a realpath). Symlinks are followed by resolving the nearest existing
 * ancestor: a link that points out of the root, or nowhere (a dangling link would let a write
 * land outside), is refused.
 */
export function resolveInside(realRoot: string, relPath: unknown): Result<string> {
  const segments = workspaceSegments(relPath);
  if (!segments.ok) return segments;
  const target = path.join(realRoot, ...segments.value);
  if (!isInside(realRoot, target)) return fail('bad_request', `"${String(relPath)}" leaves the workspace.`);

  let existing = target;
  for (;;) {
    let exists = true;
    try {
      fs.lstatSync(existing);
    } catch {
      exists = false;
    }
    if (exists) break;
    if (existing === realRoot) return fail('internal', 'The workspace folder is missing on disk.');
    existing = path.dirname(existing);
  }

  let real: string;
  try {
    real = fs.realpathSync(existing);
  } catch {
    return fail('bad_request', `"${String(relPath)}" goes through a link that points nowhere.`);
  }
  if (!isInside(realRoot, real)) {
    return fail('bad_request', `"${String(relPath)}" goes through a link that points outside the workspace.`);
  }
  // Resolved with the real prefix, so later operations cannot be redirected by the links we checked.
  return ok(path.join(real, path.relative(existing, target)));
}
