import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grepWorkspace } from './grep.js';
import { createSessionWorkspace } from './sessionWorkspace.js';

let parent: string;
let root: string;

beforeAll(() => {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-grep-'));
  const ws = createSessionWorkspace(parent, 's', {
    'stats.py':
      'import math\n\ndef mean(xs):\n    return sum(xs) / len(xs)\n\ndef median(xs):\n    return sorted(xs)[len(xs) // 2]\n',
    'lib/util.py': 'def mean_of(a.b):\n    pass\nAXB = 1\n',
    'notes.md': 'Mean is the average.\r\nmedian is the middle.\r\n',
  });
  if (!ws.ok) throw new Error(ws.error.message);
  root = ws.value.root;
  fs.writeFileSync(path.join(root, 'blob.bin'), Buffer.from([0x6d, 0x65, 0x61, 0x6e, 0x00, 0x01]));
});

afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

describe('grepWorkspace', () => {
  it('finds literal text with 1-based line numbers across files, skipping binary files', () => {
    const result = grepWorkspace(root, { pattern: 'def mean' });
    expect(result).toEqual({
      ok: true,
      value: {
        matches: [
          { path: 'lib/util.py', line: 1, text: 'def mean_of(a.b):' },
          { path: 'stats.py', line: 3, text: 'def mean(xs):' },
        ],
        truncated: false,
        files_searched: 3,
      },
    });
  });

  it('treats regex characters literally unless asked for a regex', () => {
    const literal = grepWorkspace(root, { pattern: 'a.b' });
    expect(literal.ok && literal.value.matches.map((m) => m.line)).toEqual([1]);
    const regex = grepWorkspace(root, { pattern: '^A.B', regex: true });
    expect(regex.ok && regex.value.matches).toEqual([{ path: 'lib/util.py', line: 3, text: 'AXB = 1' }]);
  });

  it('ignores case on request and strips Windows line ends', () => {
    const result = grepWorkspace(root, { pattern: 'mean is', ignoreCase: true, path: 'notes.md' });
    expect(result.ok && result.value.matches).toEqual([
      { path: 'notes.md', line: 1, text: 'Mean is the average.' },
    ]);
  });

  it('caps the number of matches and says so', () => {
    const result = grepWorkspace(root, { pattern: 'xs', maxMatches: 2 });
    expect(result.ok && result.value.matches.length).toBe(2);
    expect(result.ok && result.value.truncated).toBe(true);
  });

  it('searches only inside a given folder', () => {
    const result = grepWorkspace(root, { pattern: 'mean', path: 'lib' });
    expect(result.ok && result.value.matches.map((m) => m.path)).toEqual(['lib/util.py']);
  });

  it('rejects bad patterns and paths that leave the workspace', () => {
    const bad = grepWorkspace(root, { pattern: '(unclosed', regex: true });
    expect(bad.ok ? '' : bad.error.message).toContain('not a valid regular expression');
    expect(grepWorkspace(root, { pattern: 'root', path: '../../etc/passwd' }).ok).toBe(false);
    expect(grepWorkspace(root, { pattern: 'root', path: '/etc' }).ok).toBe(false);
    expect(grepWorkspace(root, { pattern: '' }).ok).toBe(false);
    expect(grepWorkspace(root, { pattern: 'x', path: 'missing' }).ok).toBe(false);
  });
});
