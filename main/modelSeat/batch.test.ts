import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../testing/tempDir.js';
import { createTestApp } from '../testing/testApp.js';
import { benchmarkTranscriptSchema } from '../../shared/team/export/transcriptSchema.js';
import { startStubModelServer, type StubModelServer } from './stubModel.testing.js';
import { modelRunsOf } from './modelResults.js';

// `npm run run-models` as a real process against a scripted chat-completions server on 127.0.0.1: SIGKILLed while
// runs are playing, then run again; the second run plays only what is not finished and retries what errored.
const REPO = path.resolve(import.meta.dirname, '../..');
const CLI = path.join(REPO, 'main/cli/run-models.ts');
let tmp: ReturnType<typeof makeTempDir>;
let stub: StubModelServer;

beforeAll(async () => {
  tmp = makeTempDir();
  stub = await startStubModelServer();
  const dir = path.join(tmp.dir, 'studies', 'models-test');
  fs.mkdirSync(path.join(dir, 'tasks'), { recursive: true });
  // The cheapest built-in task (no workspace, so no Python): the test is about the batch, not the task.
  for (const t of ['campsite-negotiation']) fs.copyFileSync(path.join(REPO, `studies/team-demo/tasks/${t}.yaml`), path.join(dir, `tasks/${t}.yaml`));
  fs.writeFileSync(
    path.join(dir, 'study.yaml'),
    `schema: teamseat/study@1
id: models-test
title: Models on a demo task
kind: team
tasks: [tasks/campsite-negotiation.yaml]
models:
  firm: { base_url: "${stub.baseUrl}", model: "stub/firm-slow", timeout_seconds: 5 }
  broken: { base_url: "${stub.baseUrl}", model: "overflow", timeout_seconds: 5 }
`,
  );
});
afterAll(async () => {
  await stub.close();
  tmp.cleanup();
});

function runModels(args: string[], killWhen?: (line: string) => boolean): Promise<{ code: number | null; signal: string | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--data-dir', tmp.dir, ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (killWhen && stderr.split('\n').some(killWhen)) child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) => resolve({ code, signal, stderr, stdout }));
  });
}

describe('npm run run-models', () => {
  it('is killed mid-way and resumed: every cell ends with one counted run; errors go to excluded/error and missing_runs, and are retried', async () => {
    // 3 versions × 3 seeds = 9 cells; killed once 3 of the firm model's runs are done and 2 are playing.
    const killed = await runModels(['--study', 'models-test', '--model', 'firm', '--concurrency', '2'], (l) => /\] [3-7]\/9 done, 0 error\(s\), 2 running/.test(l));
    expect(killed.signal).toBe('SIGKILL');

    const resumed = await runModels(['--study', 'models-test', '--concurrency', '3']);
    expect(resumed.stderr).not.toMatch(/warning/);
    expect(resumed.code).toBe(3); // the broken model's runs are errors
    expect(resumed.stdout).toMatch(/firm \(stub\/firm-slow\): 9 finished, \d+ errored/);
    expect(resumed.stdout).toMatch(/broken \(overflow\): 0 finished, 9 errored/);
    expect(resumed.stdout).toMatch(/[1-9]\d* interrupted earlier/);

    const results = path.join(tmp.dir, 'results/models-test');
    const counted = fs.readdirSync(path.join(results, 'transcripts'), { recursive: true }).filter((f) => String(f).endsWith('.json'));
    expect(counted).toHaveLength(9);
    for (const f of counted) {
      expect(String(f)).toMatch(/\/stub__firm-slow\/(alone|control|manipulation)_seed\d\.json$/);
      expect(benchmarkTranscriptSchema.parse(JSON.parse(fs.readFileSync(path.join(results, 'transcripts', String(f)), 'utf8'))).evaluated_model).toBe('stub/firm-slow');
    }
    const interrupted = fs
      .readdirSync(path.join(results, 'excluded/error'), { recursive: true })
      .map((f) => path.join(results, 'excluded/error', String(f)))
      .filter((f) => f.includes('stub__firm-slow') && f.endsWith('.json'))
      .map((f) => JSON.parse(fs.readFileSync(f, 'utf8')) as { error: { reason: string } });
    expect(interrupted.length).toBeGreaterThan(0);
    expect(interrupted.every((e) => e.error.reason === 'interrupted')).toBe(true);
    const final = JSON.parse(fs.readFileSync(path.join(results, 'final_results.json'), 'utf8')) as { models: string[]; missing_runs: { model: string }[] };
    expect(final.models).toContain('stub/firm-slow');
    expect(final.models).not.toContain('overflow');
    expect(final.missing_runs.filter((m) => m.model === 'overflow')).toHaveLength(9);
    expect(final.missing_runs.filter((m) => m.model === 'stub/firm-slow')).toHaveLength(0);
    expect(JSON.parse(fs.readFileSync(path.join(results, 'models/stub__firm-slow/usage.json'), 'utf8'))).toMatchObject({ finished: 9, total_tokens: expect.any(Number) });
    expect(fs.existsSync(path.join(results, 'excluded/pilot'))).toBe(false);

    // A third pass retries only the errored cells: the broken model again, nothing of the finished one.
    const before = stub.requests;
    const again = await runModels(['--study', 'models-test', '--model', 'broken', '--model', 'firm']);
    expect(again.stdout).toMatch(/^9 run\(s\) played \(9 already finished, 0 interrupted earlier\), 9 error\(s\)/);
    expect(stub.requests - before).toBe(9);
    const app = createTestApp(tmp.dir);
    try {
      const runs = modelRunsOf(app, 'user:models-test');
      expect(runs.filter((r) => r.session.participant === 'model:broken' && r.record.error?.reason === 'context_overflow')).toHaveLength(18);
    } finally {
      await app.close();
    }
  }, 180_000);
});
