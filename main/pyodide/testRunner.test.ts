import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Result } from '../../shared/result.js';
import type { TestRun } from './testRun.js';
import { PyodideTestRunner } from './testRunner.js';

// One runner for the whole file: loading Python costs seconds, and only kills force a reload.
const runner = new PyodideTestRunner({ timeoutMs: 20_000, wasmCapMb: 256, jsHeapMb: 128 });
afterAll(() => runner.dispose());

const SLOW = 120_000;

const calc = (body: string): Record<string, string> => ({
  'calc.py': `def add(a, b):\n    return ${body}\n`,
});

const mixedTests = {
  'test_calc.py': [
    'import unittest',
    'from calc import add',
    '',
    'class AddTests(unittest.TestCase):',
    '    def test_small(self):',
    '        print("checking small numbers")',
    '        self.assertEqual(add(1, 2), 3)',
    '    def test_negative(self):',
    '        self.assertEqual(add(-1, -2), -3)',
    '    def test_strings(self):',
    '        self.assertEqual(add("a", "b"), "ab")',
    '    def test_raises(self):',
    '        add(None, 1)',
    '    @unittest.skip("not yet")',
    '    def test_later(self):',
    '        pass',
    '    def test_many(self):',
    '        for a in range(4):',
    '            with self.subTest(a=a):',
    '                self.assertEqual(add(a, 0), a)',
    '',
  ].join('\n'),
};

function value(result: Result<TestRun>): TestRun {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const outcomes = (run: TestRun): Record<string, string> =>
  Object.fromEntries(run.tests.map((t) => [t.id, t.outcome]));

describe('PyodideTestRunner', () => {
  it('runs unittest tests against workspace files and reports each test', { timeout: SLOW }, async () => {
    const run = value(await runner.run({ files: calc('a + b'), tests: mixedTests }));
    expect(run.status).toBe('completed');
    expect(run.cold).toBe(true);
    expect(outcomes(run)).toEqual({
      'test_calc.AddTests.test_small': 'passed',
      'test_calc.AddTests.test_negative': 'passed',
      'test_calc.AddTests.test_strings': 'passed',
      'test_calc.AddTests.test_raises': 'error',
      'test_calc.AddTests.test_later': 'skipped',
      'test_calc.AddTests.test_many': 'passed',
    });
    expect(run.result_head).toBe('4 passed, 1 failed (1 error), 1 skipped');
    expect(run.output_head).toContain('checking small numbers');
    expect(run.output_head).toContain("TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'");
  });

  it('reuses the warm interpreter without leaking the previous run', { timeout: SLOW }, async () => {
    const polluting = {
      'test_pollute.py':
        'import builtins, unittest\nbuiltins.LEFTOVER = 1\nclass P(unittest.TestCase):\n    def test_p(self):\n        pass\n',
    };
    value(await runner.run({ files: calc('a + b'), tests: polluting }));
    const checking = {
      'test_clean.py': [
        'import builtins, os, unittest',
        'from calc import add',
        'class C(unittest.TestCase):',
        '    def test_new_code_is_loaded(self):',
        '        self.assertEqual(add(2, 2), 0)',
        '    def test_no_leftovers(self):',
        '        self.assertFalse(hasattr(builtins, "LEFTOVER"))',
        '        self.assertFalse(os.path.exists("/run_tests/test_pollute.py"))',
        '        self.assertEqual(os.getcwd(), "/work")',
        '',
      ].join('\n'),
    };
    const run = value(await runner.run({ files: calc('a - b'), tests: checking }));
    expect(run.cold).toBe(false);
    expect(run.result_head).toBe('2 passed, 0 failed');
  });

  it(
    "reports a module that fails to import as an error, with the participant's line",
    { timeout: SLOW },
    async () => {
      const run = value(
        await runner.run({ files: { 'calc.py': 'def add(a, b)\n    return a + b\n' }, tests: mixedTests }),
      );
      expect(run.status).toBe('completed');
      expect(run.tests).toHaveLength(1);
      expect(run.tests[0]?.id).toBe('test_calc');
      expect(run.tests[0]?.detail).toContain('File "/work/calc.py", line 1');
      expect(run.tests[0]?.detail).toContain('SyntaxError');
      expect(run.tests[0]?.detail).not.toContain('importlib');
      expect(run.result_head).toBe('0 passed, 1 failed (1 error)');
    },
  );

  it(
    'runs asyncio tests on a loop of their own, and names a deadlock instead of hanging',
    { timeout: SLOW },
    async () => {
      const tests = {
        'test_async.py': [
          'import asyncio, unittest',
          'class AsyncTests(unittest.IsolatedAsyncioTestCase):',
          '    async def test_sleeps(self):',
          '        self.assertEqual(await asyncio.wait_for(asyncio.sleep(0.01, result=7), 1), 7)',
          '    async def test_waits_forever(self):',
          '        await asyncio.Future()',
          'class SyncTests(unittest.TestCase):',
          '    def test_asyncio_run(self):',
          '        async def twice(x):',
          '            await asyncio.sleep(0)',
          '            return 2 * x',
          '        self.assertEqual(asyncio.run(twice(21)), 42)',
          '',
        ].join('\n'),
      };
      const run = value(await runner.run({ files: {}, tests }));
      expect(run.status).toBe('completed');
      expect(outcomes(run)).toEqual({
        'test_async.AsyncTests.test_sleeps': 'passed',
        'test_async.AsyncTests.test_waits_forever': 'error',
        'test_async.SyncTests.test_asyncio_run': 'passed',
      });
      expect(run.output_head).toContain('nothing is scheduled');
    },
  );

  it('keeps only the head of endless printing', { timeout: SLOW }, async () => {
    const tests = {
      'test_loud.py':
        'import unittest\nclass L(unittest.TestCase):\n    def test_loud(self):\n        for i in range(200000):\n            print("line", i)\n',
    };
    const run = value(await runner.run({ files: {}, tests }));
    expect(run.result_head).toBe('1 passed, 0 failed');
    expect(run.output_head.length).toBeLessThanOrEqual(8000);
    expect(run.output_head).toContain('line 0\n');
    expect(run.output_head).toContain('more characters of output not kept');
  });

  it(
    'kills a looping test at the time limit while the main thread keeps ticking, then recovers',
    { timeout: SLOW },
    async () => {
      await runner.warmUp();
      const tests = {
        'test_loop.py': [
          'import unittest',
          'class Loop(unittest.TestCase):',
          '    def test_a_first(self):',
          '        pass',
          '    def test_b_spins(self):',
          '        while True:',
          '            pass',
          '    def test_c_after(self):',
          '        pass',
          '',
        ].join('\n'),
      };
      let ticks = 0;
      const timer = setInterval(() => (ticks += 1), 20);
      const run = value(await runner.run({ files: {}, tests, timeoutMs: 1500 }));
      clearInterval(timer);
      expect(run.status).toBe('timeout');
      expect(ticks).toBeGreaterThanOrEqual(10);
      expect(outcomes(run)).toEqual({
        'test_loop.Loop.test_a_first': 'passed',
        'test_loop.Loop.test_b_spins': 'timeout',
        'test_loop.Loop.test_c_after': 'not_run',
      });
      expect(run.result_head).toBe(
        '1 passed, 1 failed, 1 not run; timed out after 1.5 s in test_loop.Loop.test_b_spins',
      );

      const after = value(await runner.run({ files: calc('a + b'), tests: mixedTests }));
      expect(after.status).toBe('completed');
      expect(after.passed).toBe(4);
    },
  );

  it(
    'kills a test that allocates without end and reports it as out of memory',
    { timeout: SLOW },
    async () => {
      const tests = {
        'test_hog.py':
          'import unittest\nclass Hog(unittest.TestCase):\n    def test_hog(self):\n        hoard = []\n        while True:\n            hoard.append(bytearray(8 * 1024 * 1024))\n',
      };
      const run = value(await runner.run({ files: {}, tests }));
      expect(run.status).toBe('out_of_memory');
      expect(outcomes(run)).toEqual({ 'test_hog.Hog.test_hog': 'out_of_memory' });
      expect(run.result_head).toBe('0 passed, 1 failed; out of memory in test_hog.Hog.test_hog');
    },
  );

  it(
    'refuses JavaScript written by the code under test (no eval, no Function constructor)',
    { timeout: SLOW },
    async () => {
      // Python can reach JavaScript's Function constructor through any proxied object; the sandbox refuses to compile.
      const tests = {
        'test_js.py': [
          'import pyodide_js, unittest',
          'class Js(unittest.TestCase):',
          '    def test_js_heap(self):',
          '        pyodide_js.FS.constructor.constructor("const h = []; for (;;) h.push(new Array(1e5).fill({a: 1}));")()',
          '',
        ].join('\n'),
      };
      const run = value(await runner.run({ files: {}, tests }));
      expect(run.status).toBe('completed');
      expect(outcomes(run)).toEqual({ 'test_js.Js.test_js_heap': 'error' });
      expect(run.output_head).toContain('Code generation from strings disallowed');
    },
  );

  it('reports a test that takes the interpreter down as crashed', { timeout: SLOW }, async () => {
    const tests = {
      'test_exit.py':
        'import os, unittest\nclass E(unittest.TestCase):\n    def test_exit(self):\n        os._exit(3)\n',
    };
    const run = value(await runner.run({ files: {}, tests }));
    expect(run.status).toBe('crashed');
    expect(run.result_head).toContain('Python crashed');
    expect(outcomes(run)).toEqual({ 'test_exit.E.test_exit': 'error' });
  });

  it(
    'gives another session a fresh interpreter, so patched stdlib code cannot carry over',
    { timeout: SLOW },
    async () => {
      const cheat = {
        'test_cheat.py':
          'import unittest\nunittest.TestCase.assertEqual = lambda *args, **kw: None\nclass C(unittest.TestCase):\n    def test_c(self):\n        self.assertEqual(1, 2)\n',
      };
      const honest = {
        'test_honest.py':
          'import unittest\nclass H(unittest.TestCase):\n    def test_h(self):\n        self.assertEqual(1, 2)\n',
      };
      // The patch is reported as what it is, so the passing assertion does not count.
      expect(value(await runner.run({ files: {}, tests: cheat, sessionKey: 'P01' })).result_head).toBe(
        '1 passed, 1 failed (1 error); the code under test changed the test machinery',
      );
      const other = value(await runner.run({ files: {}, tests: honest, sessionKey: 'P02' }));
      expect(other.cold).toBe(true);
      expect(other.result_head).toBe('0 passed, 1 failed');
    },
  );

  it('refuses paths that would leave the virtual folders before starting anything', async () => {
    const bad = await runner.run({ files: { '../lib/python3.14/os.py': 'x' }, tests: mixedTests });
    expect(bad.ok ? null : bad.error.code).toBe('bad_request');
    const absolute = await runner.run({ files: {}, tests: { '/etc/test_x.py': '' } });
    expect(absolute.ok).toBe(false);
  });
});

describe('a runner without Python', () => {
  it('fails with a clear message when the pyodide folder is wrong', { timeout: SLOW }, async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-nopyodide-'));
    const broken = new PyodideTestRunner({ indexURL: empty + path.sep });
    try {
      const result = await broken.run({ files: {}, tests: mixedTests });
      expect(result.ok).toBe(false);
      expect(result.ok ? '' : result.error.message).toContain('Python could not be loaded');
    } finally {
      await broken.dispose();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
