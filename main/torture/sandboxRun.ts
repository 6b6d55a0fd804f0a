import { runCorpus, startCanaries, type AttackOutcome } from '../pyodide/escapeCheck.js';
import { PythonPool } from '../pyodide/pool.js';

export interface SandboxRunResult {
  attempts: number;
  escapes: string[];
  forged: string[];
  /** How the network was kept out on this machine: by the kernel, or only in-process. */
  network: string;
}

/**
 * The escape and forgery corpus (main/pyodide/escapeCorpus.ts) through the two ways participant or model code
 * reaches Python: a session's `run_tests` (a warm interpreter kept for that session; a model seat's tool call takes
 * the same path, teamSessions' runTests) and the hidden check after a submit (a fresh interpreter, as teamCheck asks).
 */
export async function sandboxRun(log: (line: string) => void): Promise<SandboxRunResult> {
  const canaries = await startCanaries();
  const pool = new PythonPool({ timeoutMs: 20_000 });
  const all: AttackOutcome[] = [];
  try {
    const paths = [
      {
        name: 'run_tests',
        run: (files: Record<string, string>, tests: Record<string, string>) =>
          pool.run({ files, tests, sessionKey: 'torture-participant' }),
      },
      {
        name: 'hidden check',
        run: (files: Record<string, string>, tests: Record<string, string>) =>
          pool.run({ files, tests, sessionKey: 'torture-participant', fresh: true }),
      },
    ];
    for (const p of paths) {
      const outcomes = await runCorpus(canaries, p.run);
      for (const o of outcomes)
        log(
          `  ${p.name} · ${o.kind} · ${o.id}: ${o.escaped.length ? `ESCAPED (${o.escaped.join('; ')})` : o.forged ? 'FORGED A PASS' : 'held'} — ${o.head}`,
        );
      all.push(...outcomes.map((o) => ({ ...o, id: `${p.name}: ${o.id}` })));
    }
  } finally {
    await pool.dispose();
    await canaries.close();
  }
  const { networkNamespacePrefix } = await import('../pyodide/sandboxLaunch.js');
  return {
    attempts: all.length,
    escapes: all.filter((o) => o.escaped.length > 0).map((o) => `${o.id}: ${o.escaped.join('; ')}`),
    forged: all.filter((o) => o.forged).map((o) => `${o.id}: ${o.head}`),
    network: networkNamespacePrefix()
      ? 'network namespace (kernel)'
      : 'in-process only (no network namespace here)',
  };
}
