import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A bundle leaves the station: it names no folder of the host (a home folder carries the account's name). The live
 * log keeps what it recorded (a workspace's `root` is where the folder is); what is exported says the same place
 * relative to the data folder, whatever the log holds, so logs written before this change export relative paths too.
 */
export function hostPathMapper(dataDir: string): { text(s: string): string; value(v: unknown): unknown } {
  const dirs = [...new Set([path.resolve(dataDir), realpath(dataDir)])].sort((a, b) => b.length - a.length);
  // Longest first, the file:// form before the bare one; each also as it appears inside a JSON string.
  const prefixes = dirs.flatMap((d) => [pathToFileURL(d).href + '/', d + path.sep]);
  const forms = [...new Set(prefixes.flatMap((p) => [p, JSON.stringify(p).slice(1, -1)]))];
  const bare = [...new Set(dirs.flatMap((d) => [d, JSON.stringify(d).slice(1, -1)]))];
  const text = (s: string): string => {
    let out = s;
    for (const f of forms) out = out.split(f).join('');
    // The data folder itself (a string that is exactly it, or ends with it) becomes `.`.
    for (const b of bare) if (out === b) out = '.';
    return out;
  };
  const value = (v: unknown): unknown => {
    if (typeof v === 'string') return text(v);
    if (Array.isArray(v)) return v.map(value);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, value(x)]));
    return v;
  };
  return { text, value };
}

function realpath(dir: string): string {
  try {
    return fs.realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
}

// An absolute path as text: a POSIX one of two segments or more not preceded by a word, a dot, a colon or a slash
// (so not a URL's path, a date or "and/or"), a file:// URI, or a Windows drive path.
const ABSOLUTE = /file:\/\/[^\s"'<>;,]+|(?<![\w.:/\\~-])\/(?:[\w.@~+-]+\/)+[\w.@~+-]*|\b[A-Za-z]:\\{1,2}[^\s"'<>;,]+/g;

/** The absolute paths in a text (each as written). */
export function absolutePathsIn(text: string): string[] {
  return [...text.matchAll(ABSOLUTE)].map((m) => m[0]);
}
