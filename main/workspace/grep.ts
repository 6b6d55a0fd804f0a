import fs from 'node:fs';
import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';
import { MAX_FILE_BYTES, listWorkspaceFiles } from './sessionWorkspace.js';
import { resolveInside } from './paths.js';
import { lineMatcher, type LineMatcher } from './grepMatcher.js';

export interface GrepOptions {
  pattern: string;
  /** Treat `pattern` as a regular expression (RE2 syntax, see grepMatcher.ts); otherwise it is literal text. */
  regex?: boolean;
  ignoreCase?: boolean;
  /** A file or folder inside the workspace; the whole workspace when absent. */
  path?: string;
  maxMatches?: number;
}

export interface GrepMatch {
  path: string;
  /** 1-based. */
  line: number;
  text: string;
}

export interface GrepResult {
  matches: GrepMatch[];
  /** True when more matches existed than `maxMatches`. */
  truncated: boolean;
  files_searched: number;
}

const DEFAULT_MAX_MATCHES = 200;
const MAX_PATTERN_CHARS = 500;
/** Long lines are cut before matching and shown cut: minified files would otherwise flood the output. */
const MAX_LINE_CHARS = 400;

export function grepWorkspace(root: string, options: GrepOptions): Result<GrepResult> {
  const { pattern } = options;
  if (typeof pattern !== 'string' || pattern === '')
    return fail('bad_request', 'Give a non-empty search pattern.');
  if (pattern.length > MAX_PATTERN_CHARS) {
    return fail('bad_request', `The pattern is longer than ${MAX_PATTERN_CHARS} characters.`);
  }
  const built = lineMatcher(pattern, { regex: options.regex, ignoreCase: options.ignoreCase });
  if (!built.ok) return built;
  const matches: LineMatcher = built.value;
  const maxMatches = Math.max(1, Math.min(options.maxMatches ?? DEFAULT_MAX_MATCHES, 10_000));

  let files: string[];
  const scope = options.path ?? '';
  const resolved = resolveInside(root, scope);
  if (!resolved.ok) return resolved;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(resolved.value);
  } catch {
    return fail('not_found', `There is no file or folder "${scope}" in the workspace.`);
  }
  const relScope = path.relative(root, resolved.value).split(path.sep).join('/');
  if (stat.isDirectory()) files = listWorkspaceFiles(root, relScope);
  else if (stat.isFile()) files = [relScope];
  else return fail('bad_request', `"${scope}" is neither a file nor a folder.`);

  const found: GrepMatch[] = [];
  let truncated = false;
  let searched = 0;
  for (const rel of files) {
    const full = path.join(root, rel);
    if (fs.statSync(full).size > MAX_FILE_BYTES) continue;
    const buffer = fs.readFileSync(full);
    if (buffer.includes(0)) continue; // binary
    searched += 1;
    const lines = buffer.toString('utf8').split(/\r?\n/);
    for (let i = 0; i < lines.length; i += 1) {
      const text = (lines[i] ?? '').slice(0, MAX_LINE_CHARS);
      if (!matches(text)) continue;
      if (found.length === maxMatches) {
        truncated = true;
        break;
      }
      found.push({ path: rel, line: i + 1, text });
    }
    if (truncated) break;
  }
  return ok({ matches: found, truncated, files_searched: searched });
}
