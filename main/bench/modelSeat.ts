import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app/services.js';
import { dispatch } from '../app/dispatch.js';
import { silentLogger } from '../app/logger.js';
import { confSettingsFactory } from '../settings/confFactory.js';
import { modelEndpointSchema } from '../../shared/study/protocol.js';
import { taskVersions } from '../../shared/team/pack/schema.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import { loadTeamPack } from '../team/pack/loadPack.js';
import { runBatch } from '../modelSeat/batch.js';
import { budgetOf, chatPostFor, type ConfiguredModel, type ModelCell } from '../modelSeat/modelConfig.js';
import { modelRunsOf } from '../modelSeat/modelResults.js';
import { startStubModelServer } from '../modelSeat/stubModel.testing.js';
import { quantile, type BenchRow } from './types.js';
import { slackTurnRows } from './modelSeatSlack.js';

/**
 * The model seat against a stub endpoint that answers at once (127.0.0.1): our own time per model turn (request
 * out, reply parsed, tool calls carried out through the session, engine settled and persisted) beside one person's
 * send measured in the same run (and a Slack model turn beside a person's Slack search, modelSeatSlack.ts); and a
 * batch of every built-in team task × version × seed at concurrency 1 and 4.
 */
export async function benchModelSeat(appRoot: string): Promise<BenchRow[]> {
  const stub = await startStubModelServer();
  const rows: BenchRow[] = [];
  try {
    const model: ConfiguredModel = { name: 'instant', endpoint: modelEndpointSchema.parse({ base_url: stub.baseUrl, model: 'instant' }), budget: budgetOf(modelEndpointSchema.parse({ base_url: stub.baseUrl, model: 'instant' })) };
    for (const concurrency of [1, 4]) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-bench-models-'));
      const app = createApp({ host: 'browser', version: 'bench', appRoot, dataDir, settingsFactory: confSettingsFactory, log: silentLogger });
      try {
        const studies = app.library.list().filter((s) => s.origin === 'built-in' && s.kind === 'team' && s.id);
        let runs = 0;
        const t0 = performance.now();
        for (const study of studies) {
          const cells: ModelCell[] = loadTeamPack(app.library.dirOf(study.key)!).tasks.flatMap((t) =>
            taskVersions.flatMap((version) => t.versions[version].seeds.map((seed) => ({ taskId: t.task.id, dimension: t.task.dimension, version, seed }))),
          );
          const done = await runBatch({ s: app, studyKey: study.key, studyId: study.id!, models: [model], cells, concurrency, postFor: (m) => chatPostFor(m), writeEveryMs: 60_000 });
          if (!done.ok) throw new Error(done.error.message);
          if (done.value.errors > 0) throw new Error(`${done.value.errors} model run(s) errored in the bench batch`);
          runs += done.value.done;
        }
        const wall = performance.now() - t0;
        rows.push({ name: `batch: every built-in team task × version × seed (${runs} runs), concurrency ${concurrency}`, value: wall / 1000, unit: 's' });
        if (concurrency === 1) rows.unshift(...(await turnRows(app, studies.map((s) => s.key))), ...(await slackTurnRows(app, model)));
      } finally {
        await app.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await stub.close();
  }
  return rows;
}

/** Per model turn, from the runs' own log (endpoint latency + our time on the reply), beside a person's sends. */
async function turnRows(app: ReturnType<typeof createApp>, studyKeys: string[]): Promise<BenchRow[]> {
  const turns: number[] = [];
  const ours: number[] = [];
  const all: number[] = [];
  for (const key of studyKeys) {
    for (const run of modelRunsOf(app, key)) {
      // A run's last turn also runs the checker (hidden tests in a fresh interpreter): reported on its own row.
      run.record.steps.forEach((step, i) => {
        all.push(step.latency_ms + step.overhead_ms);
        if (i === run.record.steps.length - 1) return;
        turns.push(step.latency_ms + step.overhead_ms);
        ours.push(step.overhead_ms);
      });
    }
  }
  // One person's send in the same process: the hidden-profile task, as the team bench plays it.
  const sends: number[] = [];
  const call = async <T>(method: string, args: unknown): Promise<T> => {
    const r = await dispatch(app.handlers, method, args, { host: 'browser' }, silentLogger);
    if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
    return r.value as T;
  };
  for (let s = 0; s < 20; s++) {
    const view = await call<TeamView>('teamStart', { studyKey: 'built-in:team-demo', taskId: 'hidden-profile', participant: `B${s}`, version: 'manipulation', seed: 1 + (s % 3) });
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const after = await call<TeamView>('teamSend', { sessionId: view.sessionId, to: 'team', text: 'What do you know about the routes out of the village?' });
      sends.push(performance.now() - t0);
      if (after.status === 'ended') break;
    }
  }
  const p95 = (values: number[]) => quantile([...values].sort((a, b) => a - b), 0.95);
  const person = { name: `one person's send p95 (${sends.length} sends, same run)`, value: p95(sends) };
  return [
    { name: `model turn against an instant stub, p95 (${turns.length} turns, HTTP included)`, value: p95(turns), unit: 'ms', baseline: person },
    { name: 'model turn: our time after the reply (tools, engine, log), p95', value: p95(ours), unit: 'ms', baseline: person },
    { name: `model turn incl. each run's last (the checker), p95 (${all.length} turns)`, value: p95(all), unit: 'ms' },
  ];
}
