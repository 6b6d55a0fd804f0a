import { dispatch } from '../app/dispatch.js';
import { silentLogger } from '../app/logger.js';
import type { createApp } from '../app/services.js';
import type { RunView } from '../../shared/contract/slack.js';
import { runBatch } from '../modelSeat/batch.js';
import { chatPostFor, loadModelStudy, type ConfiguredModel } from '../modelSeat/modelConfig.js';
import { slackModelRunsOf } from '../modelSeat/slackModelResults.js';
import { quantile, type BenchRow } from './types.js';

const SLACK_DEMO = 'built-in:slack-demo';

/**
 * A model's Slack turn against the instant stub (it searches once, then answers) on every query of the Slack demo,
 * beside one person's search in the same process: the model's tool call goes through the same handler and record.
 */
export async function slackTurnRows(app: ReturnType<typeof createApp>, model: ConfiguredModel): Promise<BenchRow[]> {
  const study = loadModelStudy(app.library, SLACK_DEMO);
  if (!study.ok) throw new Error(study.error.message);
  const done = await runBatch({ s: app, studyKey: SLACK_DEMO, studyId: study.value.studyId, models: [model], cells: [], queries: study.value.queries, concurrency: 1, postFor: (m) => chatPostFor(m) });
  if (!done.ok) throw new Error(done.error.message);
  if (done.value.errors > 0) throw new Error(`${done.value.errors} Slack model run(s) errored in the bench`);
  const turns: number[] = [];
  const ours: number[] = [];
  for (const r of slackModelRunsOf(app, SLACK_DEMO)) {
    for (const step of r.record.steps) {
      if (!step.calls.some((c) => c.name === 'search_messages')) continue;
      turns.push(step.latency_ms + step.overhead_ms);
      ours.push(step.overhead_ms);
    }
  }
  const call = async <T>(method: string, args: unknown): Promise<T> => {
    const r = await dispatch(app.handlers, method, args, { host: 'browser' }, silentLogger);
    if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
    return r.value as T;
  };
  const searches: number[] = [];
  const run = await call<RunView>('slackStartRun', { studyKey: SLACK_DEMO, queryId: study.value.queries[0]!.queryId, participant: 'BENCH' });
  for (const query of ['permit', 'calibration drift', 'in:#general meeting', 'from:@maya sensor', 'humidity', 'outage', 'learning rate', 'GPU']) {
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await call('slackSearch', { workspaceId: run.workspaceId, runId: run.runId, query, sort: 'relevance' });
      searches.push(performance.now() - t0);
    }
  }
  const p95 = (values: number[]) => quantile([...values].sort((a, b) => a - b), 0.95);
  const person = { name: `one person's Slack search p95 (${searches.length} searches, same run)`, value: p95(searches) };
  return [
    { name: `Slack model turn (search_messages) against an instant stub, p95 (${turns.length} turns, HTTP included)`, value: p95(turns), unit: 'ms', baseline: person },
    { name: 'Slack model turn: our time after the reply (the search through the seat, its record, the log), p95', value: p95(ours), unit: 'ms', baseline: person },
  ];
}
