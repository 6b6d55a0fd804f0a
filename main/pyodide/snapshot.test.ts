import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../shared/result.js';
import { PythonSandbox } from './pythonSandbox.js';
import { makeSnapshot } from './snapshot.js';
import type { TestRun } from './testRun.js';
import { locatePyodide, PyodideTestRunner } from './testRunner.js';

// Issue 25: new interpreters restore a memory snapshot of a fresh one instead of loading Python anew. What a run
// changes must not reach the snapshot or the next interpreter, and the snapshot must be the state a plain load
// reaches.
const indexURL = locatePyodide();
let snapshot: string | null = null;
const runner = new PyodideTestRunner({ timeoutMs: 20_000, wasmCapMb: 256, jsHeapMb: 128 });
beforeAll(async () => {
  snapshot = await makeSnapshot(indexURL, 128);
}, 180_000);
afterAll(() => runner.dispose());

function value(r: Result<TestRun>): TestRun {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const patchAndWrite = {
  'test_patch.py': [
    'import unittest, textwrap, sys',
    'textwrap.dedent = lambda *a, **k: "patched"',
    'sys.modules["planted"] = object()',
    'class P(unittest.TestCase):',
    '    def test_write_snapshot(self):',
    `        with open(${JSON.stringify('SNAPSHOT')}, "wb") as f:`,
    '            f.write(b"0")',
  ].join('\n'),
};
const fresh = {
  'test_fresh.py': [
    'import unittest, textwrap, sys',
    'class F(unittest.TestCase):',
    '    def test_untouched(self):',
    '        self.assertEqual(textwrap.dedent("  a"), "a")',
    '        self.assertNotIn("planted", sys.modules)',
  ].join('\n'),
};

describe('the interpreter snapshot', () => {
  it('is made, and a sandbox restored from it runs tests', { timeout: 180_000 }, async () => {
    expect(snapshot).not.toBeNull();
    const sandbox = new PythonSandbox({ indexURL, loadTimeoutMs: 120_000, wasmCapMb: 256, jsHeapMb: 128, snapshotFile: snapshot });
    try {
      expect((await sandbox.ready).ok).toBe(true);
      const end = await sandbox.run({ files: {}, tests: fresh, output_chars: 2000 }, 60_000);
      expect(end.status).toBe('completed');
      expect(end.events.outcomes).toEqual([{ id: 'test_fresh.F.test_untouched', outcome: 'passed' }]);
    } finally {
      await sandbox.kill();
    }
  });

  it('cannot be written by a run, and what one run patches does not reach the next fresh one', { timeout: 240_000 }, async () => {
    const before = fs.readFileSync(snapshot!);
    const tests = { 'test_patch.py': patchAndWrite['test_patch.py'].replace('SNAPSHOT', snapshot!) };
    const patched = value(await runner.run({ files: {}, tests, fresh: true, sessionKey: 'A' }));
    // Python's files are Emscripten's in-memory ones: the write lands there, and the host's file is untouched (the
    // permission model would refuse a write through the bridge too: the sandbox may only read that one file).
    expect(patched.status).toBe('completed');
    expect(fs.readFileSync(snapshot!).equals(before)).toBe(true);
    const next = value(await runner.run({ files: {}, tests: fresh, fresh: true, sessionKey: 'B' }));
    expect([next.passed, next.failed, next.errors]).toEqual([1, 0, 0]);
  });
});
