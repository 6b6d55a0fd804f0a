import fs from 'node:fs';
import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';
import type { TestRun } from '../pyodide/testRun.js';
import { grepWorkspace, type GrepOptions, type GrepResult } from './grep.js';
import { normaliseWorkspacePath, resolveInside } from './paths.js';
import { editHead, errorHead, grepHead, listHead, readHead, submitHead, testsHead } from './resultHeads.js';
import {
  hashContent,
  hashWorkspace,
  listWorkspaceFiles,
  readAllWorkspaceFiles,
  readWorkspaceFile,
  writeWorkspaceFile,
  type FileWrite,
  type SessionWorkspace,
} from './sessionWorkspace.js';

/** The benchmark's tool names, as recorded in `tool_calls[].name`. */
export type WorkspaceToolName = 'list_files' | 'read_file' | 'edit_file' | 'grep' | 'run_tests' | 'submit';

/** One tool call as the transcript records it, plus the full result for the UI. */
export interface ToolCall<T> {
  name: WorkspaceToolName;
  input: Record<string, unknown>;
  result: Result<T>;
  result_head: string;
}

export interface ReadFileValue {
  path: string;
  content: string;
  sha256: string;
}

export interface SubmitValue {
  final_hashes: Record<string, string>;
}

/** Runs the task's hidden tests against the given workspace files (a PyodideTestRunner in the app). */
export type RunTests = (files: Record<string, string>) => Promise<Result<TestRun>>;

function call<T>(
  name: WorkspaceToolName,
  input: Record<string, unknown>,
  result: Result<T>,
  head: (value: T) => string,
): ToolCall<T> {
  return { name, input, result, result_head: result.ok ? head(result.value) : errorHead(result.error) };
}

/** The workspace tools of one session; every path they take resolves inside the session's root. */
export class WorkspaceTools {
  private submittedFlag = false;

  constructor(
    readonly workspace: SessionWorkspace,
    private readonly runTests: RunTests | null = null,
    submitted = false,
  ) {
    this.submittedFlag = submitted;
  }

  get submitted(): boolean {
    return this.submittedFlag;
  }

  list_files(input: { path?: string } = {}): ToolCall<{ files: string[] }> {
    const root = this.workspace.root;
    const resolved = resolveInside(root, input.path ?? '');
    let result: Result<{ files: string[] }>;
    if (!resolved.ok) result = resolved;
    else if (!isDirectory(resolved.value))
      result = fail('not_found', `There is no folder "${input.path ?? ''}" in the workspace.`);
    else
      result = ok({
        files: listWorkspaceFiles(root, path.relative(root, resolved.value).split(path.sep).join('/')),
      });
    return call('list_files', { ...input }, result, (v) => listHead(v.files));
  }

  read_file(input: { path: string }): ToolCall<ReadFileValue> {
    const content = readWorkspaceFile(this.workspace.root, input.path);
    // A path that could be read is a valid one, so its clean form exists.
    const clean = normaliseWorkspacePath(input.path);
    const cleanPath = clean.ok ? clean.value : input.path;
    const result: Result<ReadFileValue> = content.ok
      ? ok({ path: cleanPath, content: content.value, sha256: hashContent(content.value) })
      : content;
    return call('read_file', { ...input }, result, (v) => readHead(v.content));
  }

  /** Replaces a whole file (the benchmark's edit is a whole-content write). */
  edit_file(input: { path: string; content: string }): ToolCall<FileWrite> {
    const result = this.submittedFlag
      ? fail('conflict', 'The run has been submitted; the workspace can no longer be edited.')
      : writeWorkspaceFile(this.workspace.root, input.path, input.content);
    return call('edit_file', { ...input }, result, editHead);
  }

  grep(input: GrepOptions): ToolCall<GrepResult> {
    return call('grep', { ...input }, grepWorkspace(this.workspace.root, input), grepHead);
  }

  async run_tests(input: Record<string, never> = {}): Promise<ToolCall<TestRun>> {
    const result = this.runTests
      ? await this.runTests(readAllWorkspaceFiles(this.workspace.root))
      : fail('not_found', 'This task has no tests to run.');
    return call('run_tests', { ...input }, result, testsHead);
  }

  submit(input: { message?: string } = {}): ToolCall<SubmitValue> {
    const result: Result<SubmitValue> = this.submittedFlag
      ? fail('conflict', 'The run has already been submitted.')
      : ok({ final_hashes: hashWorkspace(this.workspace.root) });
    if (result.ok) this.submittedFlag = true;
    return call('submit', { ...input }, result, submitHead);
  }
}

function isDirectory(fullPath: string): boolean {
  try {
    return fs.statSync(fullPath).isDirectory();
  } catch {
    return false;
  }
}
