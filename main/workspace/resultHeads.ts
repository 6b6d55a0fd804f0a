import type { AppError } from '../../shared/result.js';
import type { TestRun } from '../pyodide/testRun.js';
import type { GrepResult } from './grep.js';
import type { FileWrite } from './sessionWorkspace.js';

/**
 * The short `result_head` each tool call is recorded with in the transcript. The benchmark's exact
 * wording is only verified for run_tests (`N passed, M failed`); the rest live here so they can be
 * matched to it in one place.
 */
export const RESULT_HEAD_CHARS = 200;

export function cutHead(text: string): string {
  return text.length <= RESULT_HEAD_CHARS ? text : `${text.slice(0, RESULT_HEAD_CHARS - 1)}…`;
}

export function errorHead(error: AppError): string {
  return cutHead(`error: ${error.message}`);
}

export function listHead(files: string[]): string {
  return cutHead(`${files.length} file${files.length === 1 ? '' : 's'}: ${files.join(', ')}`);
}

export function readHead(content: string): string {
  return cutHead(content === '' ? '(empty file)' : content);
}

export function editHead(write: FileWrite): string {
  const verb =
    write.before_sha256 === null
      ? 'created'
      : write.before_sha256 === write.after_sha256
        ? 'unchanged'
        : 'wrote';
  return cutHead(`${verb} ${write.path} (${write.bytes} bytes)`);
}

export function grepHead(result: GrepResult): string {
  const files = new Set(result.matches.map((m) => m.path)).size;
  const count = `${result.matches.length}${result.truncated ? '+' : ''} match${result.matches.length === 1 ? '' : 'es'}`;
  const first = result.matches[0];
  return cutHead(
    first
      ? `${count} in ${files} file${files === 1 ? '' : 's'}; ${first.path}:${first.line}: ${first.text}`
      : count,
  );
}

export function testsHead(run: TestRun): string {
  return run.result_head;
}

export function submitHead(): string {
  return 'submitted';
}
