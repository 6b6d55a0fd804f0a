import fs from 'node:fs';
import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';

export type DocumentFormat = 'markdown' | 'html' | 'text';
export interface DocumentSummary {
  path: string;
  title: string;
  format: DocumentFormat;
  size: number;
}

const FORMATS: Record<string, DocumentFormat> = { '.md': 'markdown', '.markdown': 'markdown', '.html': 'html', '.htm': 'html', '.txt': 'text' };
const MAX_DOC_BYTES = 5 * 1024 * 1024;

function titleOf(text: string, format: DocumentFormat, fallback: string): string {
  const found = format === 'markdown' ? /^#\s+(.+)$/m.exec(text)?.[1] : format === 'html' ? /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1] : undefined;
  return found?.trim() || fallback;
}

/** A study's documents folder: listed and read as text; the UI renders them (never as injected HTML). */
export class StudyDocuments {
  constructor(readonly dir: string) {}

  list(): DocumentSummary[] {
    const out: DocumentSummary[] = [];
    const walk = (abs: string, rel: string) => {
      for (const d of fs.readdirSync(abs, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        if (d.name.startsWith('.')) continue;
        const childRel = rel ? `${rel}/${d.name}` : d.name;
        if (d.isDirectory()) walk(path.join(abs, d.name), childRel);
        const format = FORMATS[path.extname(d.name).toLowerCase()];
        if (d.isFile() && format) {
          const got = this.read(childRel);
          if (got.ok) out.push({ path: got.value.path, title: got.value.title, format, size: got.value.size });
        }
      }
    };
    walk(this.dir, '');
    return out;
  }

  read(rel: string): Result<DocumentSummary & { text: string }> {
    const format = FORMATS[path.extname(rel).toLowerCase()];
    if (!format) return fail('bad_request', `"${rel}" is not a document (expected .md, .html or .txt).`);
    let real: string;
    let root: string;
    try {
      root = fs.realpathSync(this.dir);
      // Resolved through symlinks, so a link inside docs/ cannot point outside it.
      real = fs.realpathSync(path.resolve(this.dir, rel));
    } catch {
      return fail('not_found', `No document "${rel}".`);
    }
    const back = path.relative(root, real);
    if (back.startsWith('..') || path.isAbsolute(back)) return fail('bad_request', `"${rel}" is outside the documents folder.`);
    const size = fs.statSync(real).size;
    if (size > MAX_DOC_BYTES) return fail('bad_request', `The document "${rel}" is too large to show (${size} bytes).`);
    const text = fs.readFileSync(real, 'utf8');
    const relPath = back.split(path.sep).join('/');
    return ok({ path: relPath, title: titleOf(text, format, path.basename(rel)), format, size, text });
  }
}
