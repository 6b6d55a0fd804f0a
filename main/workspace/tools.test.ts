import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { PyodideTestRunner } from '../pyodide/testRunner.js';
import { createSessionWorkspace } from './sessionWorkspace.js';
import { callWorkspaceTool, isWorkspaceToolName } from './toolDispatch.js';
import { WorkspaceTools } from './tools.js';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

const hiddenTests = {
  'test_stats.py': [
    'import unittest',
    'from stats import mean',
    'class MeanTests(unittest.TestCase):',
    '    def test_mean(self):',
    '        self.assertEqual(mean([1, 2, 3]), 2)',
    '    def test_empty(self):',
    '        self.assertEqual(mean([]), 0.0)',
    '',
  ].join('\n'),
};
const startingStats = 'def mean(xs):\n    return sum(xs) / len(xs)\n';

// One real runner for the file: run_tests goes through Pyodide, not a stand-in.
const runner = new PyodideTestRunner({ timeoutMs: 20_000 });
afterAll(() => runner.dispose());

let parent: string;
let tools: WorkspaceTools;

beforeEach(() => {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-tools-'));
  const ws = createSessionWorkspace(parent, 'P07', { 'stats.py': startingStats, 'README.md': 'Fix mean.\n' });
  if (!ws.ok) throw new Error(ws.error.message);
  tools = new WorkspaceTools(ws.value, (files) =>
    runner.run({ files, tests: hiddenTests, sessionKey: 'P07' }),
  );
  return () => fs.rmSync(parent, { recursive: true, force: true });
});

describe('WorkspaceTools', () => {
  it('lists, reads and edits with the heads the transcript records', () => {
    const listed = tools.list_files();
    expect(listed.result).toEqual({ ok: true, value: { files: ['README.md', 'stats.py'] } });
    expect(listed.result_head).toBe('2 files: README.md, stats.py');

    const read = tools.read_file({ path: './stats.py' });
    expect(read.result).toEqual({
      ok: true,
      value: { path: 'stats.py', content: startingStats, sha256: sha256(startingStats) },
    });
    expect(read.result_head).toBe(startingStats);

    const next = 'def mean(xs):\n    return sum(xs) / len(xs) if xs else 0.0\n';
    const edit = tools.edit_file({ path: 'stats.py', content: next });
    expect(edit.name).toBe('edit_file');
    expect(edit.input).toEqual({ path: 'stats.py', content: next });
    expect(edit.result.ok && [edit.result.value.before_sha256, edit.result.value.after_sha256]).toEqual([
      sha256(startingStats),
      sha256(next),
    ]);
    expect(edit.result_head).toBe(`wrote stats.py (${Buffer.byteLength(next)} bytes)`);
    expect(tools.edit_file({ path: 'new/helper.py', content: '' }).result_head).toBe(
      'created new/helper.py (0 bytes)',
    );
  });

  it('records escapes as failed calls and leaves the disk alone', () => {
    for (const bad of ['../../etc/passwd', 'a/../../x', '/etc/passwd', 'x\0y']) {
      const read = tools.read_file({ path: bad });
      expect(read.result.ok, bad).toBe(false);
      expect(read.result_head.startsWith('error: '), bad).toBe(true);
      expect(tools.edit_file({ path: bad, content: 'planted' }).result.ok, bad).toBe(false);
    }
    expect(fs.existsSync(path.join(parent, 'x'))).toBe(false);
    fs.symlinkSync('/etc', path.join(tools.workspace.root, 'etc'));
    expect(tools.read_file({ path: 'etc/hostname' }).result.ok).toBe(false);
    expect(tools.list_files({ path: 'etc' }).result.ok).toBe(false);
    expect(tools.grep({ pattern: 'root', path: 'etc' }).result.ok).toBe(false);
  });

  it('greps with line numbers', () => {
    const found = tools.grep({ pattern: 'len(xs)' });
    expect(found.result.ok && found.result.value.matches).toEqual([
      { path: 'stats.py', line: 2, text: '    return sum(xs) / len(xs)' },
    ]);
    expect(found.result_head).toBe('1 match in 1 file; stats.py:2:     return sum(xs) / len(xs)');
  });

  it('runs the hidden tests against the edited files in Pyodide', { timeout: 120_000 }, async () => {
    const before = await tools.run_tests();
    expect(before.result_head).toBe('1 passed, 1 failed (1 error)');
    tools.edit_file({
      path: 'stats.py',
      content: 'def mean(xs):\n    return sum(xs) / len(xs) if xs else 0.0\n',
    });
    const after = await tools.run_tests();
    expect(after.name).toBe('run_tests');
    expect(after.result_head).toBe('2 passed, 0 failed');
    expect(after.result.ok && after.result.value.tests.map((t) => t.outcome)).toEqual(['passed', 'passed']);
  });

  it('submits once, with the final hashes, and refuses edits afterwards', () => {
    const submitted = tools.submit({ message: 'done' });
    expect(submitted.result).toEqual({
      ok: true,
      value: { final_hashes: { 'README.md': sha256('Fix mean.\n'), 'stats.py': sha256(startingStats) } },
    });
    expect(submitted.result_head).toBe('submitted');
    expect(tools.submitted).toBe(true);
    expect(tools.edit_file({ path: 'stats.py', content: '' }).result.ok).toBe(false);
    expect(tools.submit().result.ok).toBe(false);
  });

  it('says so when a task has no tests', async () => {
    const bare = new WorkspaceTools(tools.workspace);
    const call = await bare.run_tests();
    expect(call.result.ok).toBe(false);
    expect(call.result_head).toBe('error: This task has no tests to run.');
  });
});

describe('callWorkspaceTool', () => {
  it('validates arguments from outside before running a tool', async () => {
    expect(isWorkspaceToolName('grep')).toBe(true);
    expect(isWorkspaceToolName('send_message')).toBe(false);
    expect(isWorkspaceToolName('toString')).toBe(false);

    const read = await callWorkspaceTool(tools, 'read_file', { path: 'README.md' });
    expect(read.result_head).toBe('Fix mean.\n');

    const missing = await callWorkspaceTool(tools, 'edit_file', { path: 'stats.py' });
    expect(missing.result.ok).toBe(false);
    expect(missing.result_head).toContain('edit_file: content');
    const extra = await callWorkspaceTool(tools, 'list_files', { path: '.', recursive: true });
    expect(extra.result.ok).toBe(false);
    const wrongType = await callWorkspaceTool(tools, 'grep', 'mean');
    expect(wrongType.result.ok).toBe(false);
    expect(fs.readFileSync(path.join(tools.workspace.root, 'stats.py'), 'utf8')).toBe(startingStats);
  });
});
