/**
 * Attacks on the Python sandbox (issue 24), as a participant or a model in the seat would type them into a
 * workspace file. Shared by the unit test (sandbox.test.ts) and `npm run torture -- --only sandbox`.
 *
 * Escapes get a canary: a file on the host whose content must never come back, a folder where nothing may be
 * written, and a server on loopback that must never be reached. Forgeries are failing solutions dressed up to pass:
 * the run must never come out with every test passed.
 */
export interface Canaries {
  /** A host file holding `secret`. */
  file: string;
  secret: string;
  /** A host folder the sandbox must not write into. */
  dir: string;
  /** A TCP port on 127.0.0.1 that counts connections. */
  port: number;
}

export interface Attack {
  id: string;
  kind: 'file_read' | 'file_write' | 'js_bridge' | 'network' | 'process' | 'forgery';
  /** The participant's module, `solution.py`, imported by the tests. */
  solution: (c: Canaries) => string;
}

const py = JSON.stringify;

/** The hidden test every attack runs under: it fails unless solution.answer() is 42, which no attack returns. */
export const HIDDEN_TEST = [
  'import unittest',
  'import solution',
  'class Hidden(unittest.TestCase):',
  '    def test_answer(self):',
  '        self.assertEqual(solution.answer(), 42)',
  '    def test_type(self):',
  '        self.assertIsInstance(solution.answer(), int)',
  '',
].join('\n');

/** A line that leaks what it got into the test output, where a participant would read it. */
const leak = (expr: string): string => `raise RuntimeError("LEAK:" + str(${expr}))`;

const tryAll = (lines: string[]): string =>
  [
    'def _attempt():',
    ...lines.map((l) => `    ${l}`),
    'try:',
    '    _attempt()',
    'except BaseException as e:',
    '    _err = repr(e)',
    'def answer():',
    '    return 0',
    '',
  ].join('\n');

export const ATTACKS: Attack[] = [
  {
    id: 'mountNodeFS of the canary folder',
    kind: 'file_read',
    solution: (c) =>
      tryAll([
        'import pyodide_js',
        `pyodide_js.mountNodeFS('/d', ${py(c.dir)})`,
        `${leak(`open('/d/' + ${py(c.file.split('/').pop())}).read()`)}`,
      ]),
  },
  {
    id: 'FS.mount NODEFS at /',
    kind: 'file_read',
    solution: (c) =>
      tryAll([
        'import pyodide_js',
        'fs = pyodide_js.FS',
        "fs.mkdir('/h')",
        "fs.mount(fs.filesystems.NODEFS, pyodide_js.to_js({'root': '/'}) if hasattr(pyodide_js, 'to_js') else None, '/h')",
        leak(`open('/h' + ${py(c.file)}).read()`),
      ]),
  },
  {
    id: 'mountNodeFS then write',
    kind: 'file_write',
    solution: (c) =>
      tryAll([
        'import pyodide_js',
        `pyodide_js.mountNodeFS('/w', ${py(c.dir)})`,
        "open('/w/written-by-sandbox.txt', 'w').write('x')",
      ]),
  },
  {
    id: 'Function constructor to require fs',
    kind: 'js_bridge',
    solution: (c) =>
      tryAll([
        'import pyodide_js',
        `f = pyodide_js.FS.constructor.constructor("return process.mainModule.require('fs').readFileSync(" + ${py(py(c.file))} + ", 'utf8')")`,
        leak('f()'),
      ]),
  },
  {
    id: 'run_js',
    kind: 'js_bridge',
    solution: (c) =>
      tryAll([
        'from pyodide.code import run_js',
        leak(`run_js("require('fs').readFileSync(" + ${py(py(c.file))} + ", 'utf8')")`),
      ]),
  },
  {
    id: 'js.process',
    kind: 'js_bridge',
    solution: () => tryAll(['import js', leak('js.process.env')]),
  },
  {
    id: 'globalThis through a proxied function',
    kind: 'js_bridge',
    solution: () =>
      tryAll([
        'import pyodide_js',
        'g = pyodide_js.FS.constructor.getPrototypeOf(pyodide_js.FS.constructor)',
        leak('g.process.pid'),
      ]),
  },
  {
    id: 'python socket to loopback',
    kind: 'network',
    solution: (c) =>
      tryAll([
        'import socket',
        's = socket.socket()',
        's.settimeout(3)',
        `s.connect(('127.0.0.1', ${c.port}))`,
        "s.sendall(b'hello')",
      ]),
  },
  {
    id: 'pyfetch to loopback',
    kind: 'network',
    solution: (c) =>
      tryAll([
        'from pyodide.http import pyfetch',
        'import asyncio',
        `asyncio.get_event_loop().run_until_complete(pyfetch('http://127.0.0.1:${c.port}/'))`,
      ]),
  },
  {
    id: 'urllib to loopback',
    kind: 'network',
    solution: (c) =>
      tryAll([
        'import urllib.request',
        `urllib.request.urlopen('http://127.0.0.1:${c.port}/', timeout=3).read()`,
      ]),
  },
  {
    id: 'subprocess',
    kind: 'process',
    solution: (c) =>
      tryAll(['import subprocess', `${leak(`subprocess.check_output(['cat', ${py(c.file)}])`)}`]),
  },
  {
    id: 'os.system',
    kind: 'process',
    solution: (c) =>
      tryAll([`os_status = __import__('os').system('cp ' + ${py(c.file)} + ' ' + ${py(c.dir)} + '/copied')`]),
  },
  {
    id: 'replace TestCase.assertEqual',
    kind: 'forgery',
    solution: () =>
      'import unittest\nunittest.TestCase.assertEqual = lambda *a, **k: None\nunittest.TestCase.assertIsInstance = lambda *a, **k: None\ndef answer():\n    return 0\n',
  },
  {
    id: 'replace TestCase.run',
    kind: 'forgery',
    solution: () =>
      'import unittest\n_run = unittest.TestCase.run\ndef run(self, result=None):\n    result.startTest(self)\n    result.addSuccess(self)\n    result.stopTest(self)\nunittest.TestCase.run = run\ndef answer():\n    return 0\n',
  },
  {
    id: 'patch the result class',
    kind: 'forgery',
    solution: () =>
      'import unittest\nunittest.TestResult.addFailure = unittest.TestResult.addSuccess\ndef answer():\n    return 0\n',
  },
  {
    id: 'rewrite a method body',
    kind: 'forgery',
    solution: () =>
      'import unittest\ndef _quiet(self, *a, **k):\n    return None\nunittest.TestCase.assertEqual.__code__ = _quiet.__code__\nunittest.TestCase.assertIsInstance.__code__ = _quiet.__code__\ndef answer():\n    return 0\n',
  },
  {
    id: 'patch builtins.isinstance',
    kind: 'forgery',
    solution: () =>
      'import builtins\nbuiltins.isinstance = lambda *a: True\nclass _Any(int):\n    def __eq__(self, other):\n        return True\n    __hash__ = int.__hash__\ndef answer():\n    return _Any(0)\n',
  },
  {
    id: 'empty the loader',
    kind: 'forgery',
    solution: () =>
      'import unittest\nunittest.TestLoader.loadTestsFromModule = lambda self, module, **k: unittest.TestSuite()\ndef answer():\n    return 0\n',
  },
  {
    id: 'os._exit(0) mid-run',
    kind: 'forgery',
    solution: () => 'import os\ndef answer():\n    os._exit(0)\n',
  },
  {
    id: 'SystemExit at import',
    kind: 'forgery',
    solution: () => 'raise SystemExit(0)\n',
  },
  {
    id: 'no test names for the loader',
    kind: 'forgery',
    solution: () =>
      'import unittest\nunittest.TestLoader.getTestCaseNames = lambda self, cls: []\ndef answer():\n    return 0\n',
  },
];

/** Workspace files that try to take the hidden test's place (a participant editing tests/ the task forbids). */
export const SHADOW_ATTACK = {
  id: 'workspace tests/ package shadows the hidden test',
  files: {
    'tests/__init__.py': '',
    'tests/test_hidden.py':
      'import unittest\nclass Hidden(unittest.TestCase):\n    def test_answer(self):\n        pass\n    def test_type(self):\n        pass\n',
    'solution.py': 'def answer():\n    return 0\n',
  },
  tests: { 'tests/test_hidden.py': HIDDEN_TEST },
};
