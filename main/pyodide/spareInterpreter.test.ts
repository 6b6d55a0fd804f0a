import { afterAll, describe, expect, it } from 'vitest';
import type { Result } from '../../shared/result.js';
import type { TestRun } from './testRun.js';
import { PyodideTestRunner } from './testRunner.js';

// Issue 13: a run's final check needs an interpreter that has run nothing, so it waited for Python to load even
// when the task's start had warmed one up (the person's own test runs had used it). A runner that keeps a spare
// has it loaded by then, and the spare is as fresh as a new one: a patched standard library does not carry over.
const runner = new PyodideTestRunner({ timeoutMs: 20_000, wasmCapMb: 256, jsHeapMb: 128, keepSpare: true });
afterAll(() => runner.dispose());

function value(r: Result<TestRun>): TestRun {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const cheat = {
  'test_cheat.py':
    'import unittest\nunittest.TestCase.assertEqual = lambda *args, **kw: None\nclass C(unittest.TestCase):\n    def test_c(self):\n        self.assertEqual(1, 2)\n',
};
const honest = {
  'test_honest.py':
    'import unittest\nclass H(unittest.TestCase):\n    def test_h(self):\n        self.assertEqual(1, 2)\n',
};

describe('a runner that keeps a spare interpreter', () => {
  it(
    'gives a fresh run a loaded interpreter that has run nothing, and warmUp waits for one',
    { timeout: 600_000 }, // three interpreter loads, each a minute or more of wall time on two busy cores
    async () => {
      expect((await runner.warmUp()).ok).toBe(true);
      const first = value(await runner.run({ files: {}, tests: cheat, sessionKey: 'P01' }));
      expect(first).toMatchObject({
        cold: false,
        result_head: '1 passed, 1 failed (1 error); the code under test changed the test machinery',
      });

      // The interpreter has run P01's code: warming up now means loading the spare.
      expect((await runner.warmUp()).ok).toBe(true);
      const check = value(await runner.run({ files: {}, tests: honest, sessionKey: 'P01', fresh: true }));
      expect(check).toMatchObject({ cold: false, result_head: '0 passed, 1 failed' });
    },
  );
});
