import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grepWorkspace } from './grep.js';
import { createSessionWorkspace } from './sessionWorkspace.js';

let parent: string;
let root: string;

beforeAll(() => {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-grep-redos-'));
  // Lines a backtracking engine needs 2^n steps to reject: n = 40 would take hours with JavaScript's RegExp.
  const lines = [...Array.from({ length: 50 }, () => 'a'.repeat(40) + '!'), 'a'.repeat(28), 'aaaa'];
  const ws = createSessionWorkspace(parent, 's', { 'evil.txt': lines.join('\n') + '\n' });
  if (!ws.ok) throw new Error(ws.error.message);
  root = ws.value.root;
});

afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

/** The longest the event loop was held up while `work` ran, in milliseconds. */
async function loopLagDuring<T>(work: () => T): Promise<{ value: T; maxLagMs: number }> {
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  await new Promise((r) => setTimeout(r, 30));
  const value = await new Promise<T>((resolve) => setTimeout(() => resolve(work()), 0));
  await new Promise((r) => setTimeout(r, 30));
  lag.disable();
  return { value, maxLagMs: lag.max / 1e6 };
}

describe('grep with a catastrophic pattern', () => {
  it('returns the right matches and does not hold up the event loop', async () => {
    const { value, maxLagMs } = await loopLagDuring(() =>
      grepWorkspace(root, { pattern: '^(a+)+$', regex: true }),
    );
    expect(value).toMatchObject({
      ok: true,
      value: { matches: [{ line: 51 }, { line: 52 }], truncated: false },
    });
    // Linear-time matching takes milliseconds here; JavaScript's RegExp would take hours. The bound separates those
    // two, not a fast machine from a loaded one (1 s once failed on a busy CI machine).
    expect(maxLagMs).toBeLessThan(10_000);
  });

  // Line 53 is the empty line after the last newline, which `(…)*` matches.
  it('also with ignoreCase and nested alternation', async () => {
    const { value, maxLagMs } = await loopLagDuring(() =>
      grepWorkspace(root, { pattern: '^(a|aa|A)*$', regex: true, ignoreCase: true }),
    );
    expect(value.ok && value.value.matches.map((m) => m.line)).toEqual([51, 52, 53]);
    expect(maxLagMs).toBeLessThan(10_000);
  });

  it('explains patterns RE2 cannot run (backreferences, lookaround) instead of running them', () => {
    for (const pattern of ['(a)\\1', 'a(?=b)', '(?<!x)a']) {
      const result = grepWorkspace(root, { pattern, regex: true });
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'bad_request', message: expect.stringContaining('RE2') },
      });
    }
  });
});
