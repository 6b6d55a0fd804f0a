import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_TEST, type Attack } from './escapeCorpus.js';
import { startCanaries, runCorpus, wouldPass, type CanaryHost } from './escapeCheck.js';
import { makeSnapshot } from './snapshot.js';
import { locatePyodide, PyodideTestRunner } from './testRunner.js';

// Issue 24: a participant's Python read access.json through mountNodeFS. Every attack of the corpus, once each,
// through the runner the hidden check uses (a fresh interpreter per run): nothing gets out, nothing forges a pass.
// One case of each kind here; `npm run torture -- --only sandbox` plays the whole corpus through every path.
const seen = new Set<string>();
const firstOfKind = (a: Attack): boolean => (seen.has(a.kind) ? false : (seen.add(a.kind), true));
const runner = new PyodideTestRunner({ timeoutMs: 20_000, wasmCapMb: 256, jsHeapMb: 128 });
let canaries: CanaryHost;
beforeAll(async () => {
  canaries = await startCanaries();
  // Every run below restores the interpreter snapshot, as a host's runs do once it is made (snapshot.ts).
  expect(await makeSnapshot(locatePyodide(), 128)).not.toBeNull();
}, 180_000);
afterAll(async () => {
  await runner.dispose();
  await canaries.close();
});

describe('the Python sandbox', () => {
  it(
    'lets no attack of the corpus read, write, connect, run processes or forge a pass',
    { timeout: 600_000 },
    async () => {
      const outcomes = await runCorpus(
        canaries,
        (files, tests) => runner.run({ files, tests, fresh: true, sessionKey: 'attacker' }),
        firstOfKind,
      );
      expect(outcomes.map((o) => o.kind)).toEqual([
        'file_read',
        'file_write',
        'js_bridge',
        'network',
        'process',
        'forgery',
      ]);
      const bad = outcomes.filter((o) => o.escaped.length > 0 || o.forged);
      expect(bad, JSON.stringify(bad, null, 2)).toEqual([]);
      // Every attack ran to a verdict the participant can read (none was lost to a harness failure).
      for (const o of outcomes) expect(o.head, o.id).toMatch(/passed|crashed|exited/);
    },
  );

  it(
    'counts an honest solution as a pass (the forgery check is not vacuous)',
    { timeout: 120_000 },
    async () => {
      const run = await runner.run({
        files: { 'solution.py': 'def answer():\n    return 42\n' },
        tests: { 'test_hidden.py': HIDDEN_TEST },
        fresh: true,
      });
      expect(run.ok && wouldPass(run.value)).toBe(true);
    },
  );

  it('names tampering with the test machinery in the outcome', { timeout: 120_000 }, async () => {
    const outcomes = await runCorpus(
      canaries,
      (files, tests) => runner.run({ files, tests, fresh: true, sessionKey: 'attacker' }),
      (a) => a.id === 'replace TestCase.run',
    );
    expect(outcomes[0]?.head).toContain('the code under test changed the test machinery');
  });
});
