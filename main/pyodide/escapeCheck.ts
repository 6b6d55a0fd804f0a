import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Result } from '../../shared/result.js';
import { ATTACKS, HIDDEN_TEST, SHADOW_ATTACK, type Attack, type Canaries } from './escapeCorpus.js';
import type { TestRun } from './testRun.js';

/** One way into the sandbox: visible tests, the hidden check after a submit, a model's tool call. */
export type SandboxPath = (
  files: Record<string, string>,
  tests: Record<string, string>,
) => Promise<Result<TestRun>>;

export interface AttackOutcome {
  id: string;
  kind: Attack['kind'] | 'shadow';
  /** What got out: the secret in the output, a file written on the host, a connection to the canary server. */
  escaped: string[];
  /** A failing solution that came out with every test passed. */
  forged: boolean;
  /** How the run came out, as a participant sees it. */
  head: string;
}

/** The verdict rule of `hidden_tests_pass` (shared/team/checker/leafRules.ts), applied to one run. */
export function wouldPass(run: TestRun): boolean {
  return (
    run.status === 'completed' && run.failed === 0 && run.errors === 0 && run.not_run === 0 && run.passed > 0
  );
}

export interface CanaryHost extends Canaries {
  connections(): number;
  close(): Promise<void>;
}

/** A secret file, an empty folder and a counting TCP server on 127.0.0.1, all made fresh. */
export async function startCanaries(): Promise<CanaryHost> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-canary-'));
  const secret = `CANARY-${Math.random().toString(36).slice(2)}`;
  const file = path.join(dir, 'secret.txt');
  fs.writeFileSync(file, secret);
  let count = 0;
  const server = net.createServer((socket) => {
    count++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    dir,
    file,
    secret,
    port,
    connections: () => count,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function escapes(c: CanaryHost, before: number, run: Result<TestRun>): string[] {
  const out: string[] = [];
  const text = run.ok
    ? `${run.value.output_head}\n${run.value.result_head}\n${JSON.stringify(run.value.tests)}`
    : run.error.message;
  if (text.includes(c.secret)) out.push('read the canary file');
  const extra = fs.readdirSync(c.dir).filter((n) => n !== 'secret.txt');
  if (extra.length > 0) out.push(`wrote ${extra.join(', ')} on the host`);
  for (const n of extra) fs.rmSync(path.join(c.dir, n), { recursive: true, force: true });
  if (c.connections() > before) out.push('reached the canary server');
  return out;
}

/** Every attack of the corpus through one path; the caller counts escapes and forgeries. */
export async function runCorpus(
  c: CanaryHost,
  run: SandboxPath,
  only?: (a: Attack) => boolean,
): Promise<AttackOutcome[]> {
  const outcomes: AttackOutcome[] = [];
  for (const attack of ATTACKS.filter(only ?? (() => true))) {
    const before = c.connections();
    const result = await run({ 'solution.py': attack.solution(c) }, { 'test_hidden.py': HIDDEN_TEST });
    outcomes.push({
      id: attack.id,
      kind: attack.kind,
      escaped: escapes(c, before, result),
      forged: result.ok && wouldPass(result.value),
      head: result.ok ? result.value.result_head : result.error.message,
    });
  }
  if (!only) {
    const result = await run(SHADOW_ATTACK.files, SHADOW_ATTACK.tests);
    outcomes.push({
      id: SHADOW_ATTACK.id,
      kind: 'shadow',
      escaped: [],
      forged: result.ok && wouldPass(result.value),
      head: result.ok ? result.value.result_head : result.error.message,
    });
  }
  return outcomes;
}
