import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { STUDY_MANIFEST_FILE } from '../../shared/studies/manifest.js';
import { validateStudyPack } from './validatePack.js';

const TEXT = /\.(ya?ml|json|jsonl|md|txt|csv|py|js|ts)$/i;

/** Files under `rel` (a file or a folder, relative to `dir`), as sorted posix paths; hidden entries skipped. */
function filesUnder(dir: string, rel: string): string[] {
  const full = path.join(dir, rel);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [rel.split(path.sep).join('/')];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((d) => !d.name.startsWith('.'))
    .flatMap((d) => filesUnder(dir, path.join(rel, d.name)));
}

/**
 * The study version: a content hash over study.yaml and the files it names (task files; queries, export,
 * repository, documents and variants; items and practice items). Editing any of them makes a new version, so a
 * plan records the pack it was built from and each run keeps the version it was played in. Text files are hashed
 * with LF line endings, so a checkout on Windows gives the same version. 16 hex digits (64 bits) of SHA-256.
 */
export function studyVersionHash(packDir: string): string {
  return hashPackFiles(packDir, validateStudyPack(packDir).content?.files ?? []);
}

/** The hash over study.yaml and `named` (files or folders relative to the pack), as studyVersionHash describes. */
export function hashPackFiles(packDir: string, named: string[]): string {
  const all = [STUDY_MANIFEST_FILE, ...named];
  const files = [...new Set(all.flatMap((rel) => filesUnder(packDir, rel)))].sort();
  const hash = createHash('sha256');
  for (const rel of files) {
    let bytes = fs.readFileSync(path.join(packDir, rel));
    if (TEXT.test(rel)) bytes = Buffer.from(bytes.toString('utf8').replace(/\r\n/g, '\n'), 'utf8');
    hash.update(`${rel}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return hash.digest('hex').slice(0, 16);
}
