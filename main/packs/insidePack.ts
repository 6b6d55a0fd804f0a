import fs from 'node:fs';
import path from 'node:path';

export type PackFile =
  | { ok: true; realPath: string }
  | { ok: false; reason: 'outside' | 'missing' | 'wrong_kind'; message: string };

const inside = (root: string, p: string): boolean => {
  const rel = path.relative(root, p);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

/**
 * Resolves a file a pack names (`ref`, relative to `baseDir`) to its real path, following links, and refuses
 * anything whose real location is outside the pack folder: checking the path text alone let a pack carry
 * `files/config.txt -> ../../../secrets.json` and copy the judge key into a participant's workspace.
 * `kind: 'dir'` accepts a folder instead of a file.
 */
export function resolvePackFile(packDir: string, baseDir: string, ref: string, kind: 'file' | 'dir' | 'any' = 'file'): PackFile {
  if (path.isAbsolute(ref)) return { ok: false, reason: 'outside', message: `"${ref}" is absolute; give a path relative to the pack` };
  const target = path.resolve(baseDir, ref);
  if (!inside(path.resolve(packDir), target)) return { ok: false, reason: 'outside', message: `"${ref}" is outside the pack folder` };
  let realRoot: string;
  let real: string;
  try {
    realRoot = fs.realpathSync(packDir);
  } catch {
    return { ok: false, reason: 'missing', message: `the pack folder ${packDir} cannot be read` };
  }
  try {
    real = fs.realpathSync(target);
  } catch (error) {
    const dangling = fs.lstatSync(target, { throwIfNoEntry: false })?.isSymbolicLink() === true;
    if (dangling) return { ok: false, reason: 'outside', message: `"${ref}" is a link that points nowhere` };
    return { ok: false, reason: 'missing', message: `cannot read "${ref}" (${(error as NodeJS.ErrnoException).code ?? 'error'}; looked for ${target})` };
  }
  if (!inside(realRoot, real)) return { ok: false, reason: 'outside', message: `"${ref}" is a link that leads outside the pack folder; copy the file into the pack instead` };
  const stat = fs.statSync(real);
  if (kind === 'file' && !stat.isFile()) return { ok: false, reason: 'wrong_kind', message: `"${ref}" is not a file` };
  if (kind === 'dir' && !stat.isDirectory()) return { ok: false, reason: 'wrong_kind', message: `"${ref}" is not a folder` };
  return { ok: true, realPath: real };
}
