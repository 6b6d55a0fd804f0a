import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';
import { modelDirName } from '../../shared/team/export/transcript.js';
import type { AppServices } from '../app/appServices.js';
import { writeFileAtomic } from '../files/atomicWrite.js';
import type { ChatPost } from '../judge/toolChat.js';
import { rescoreStudy } from '../scoring/studyScoring.js';
import { teamSessionsOf } from '../team/teamSessionsOf.js';
import type { ConfiguredModel, ModelCell, QueryCell } from './modelConfig.js';
import { playSlackModelRun } from './slackModelRun.js';
import { slackModelRunsOf } from './slackModelResults.js';
import { MODEL_RUN_ERROR, modelParticipant, type ModelRunError } from './modelLog.js';
import { modelRunsOf, writeModelResults, type ModelRunOnLog } from './modelResults.js';
import { playTeamModelRun } from './teamModelRun.js';

export interface BatchProgress {
  total: number;
  /** Finished before this batch started (a resumed batch skips them). */
  skipped: number;
  done: number;
  errors: number;
  running: number;
  /** The cell as words (`hidden-profile manipulation seed 3`, or a query id). */
  last?: { model: string; cell: string; outcome: string };
}

export interface BatchArgs {
  s: AppServices;
  studyKey: string;
  studyId: string;
  models: ConfiguredModel[];
  cells: ModelCell[];
  /** A Slack study's queries (its `cells` are empty). */
  queries?: QueryCell[];
  concurrency: number;
  /** The endpoint's request for a model (the CLI: the judge panel's client with the key from the environment). */
  postFor: (model: ConfiguredModel) => Result<ChatPost>;
  onProgress?: (p: BatchProgress) => void;
  /** Results are rewritten at most this often while the batch runs (and always at its end). */
  writeEveryMs?: number;
}

export interface BatchReport extends BatchProgress {
  dir: string;
  /** Runs found unfinished with no error (the batch was killed while they played): recorded as interrupted. */
  interrupted: number;
  usage: UsageSummary;
}

type Cell = { kind: 'team'; cell: ModelCell } | { kind: 'slack'; query: QueryCell };
type Job = { model: ConfiguredModel; post: ChatPost } & Cell;

const keyOf = (participant: string, cell: Pick<ModelCell, 'taskId' | 'version' | 'seed'>) => `${participant}\0${cell.taskId}\0${cell.version}\0${cell.seed}`;
const queryKeyOf = (participant: string, queryId: string) => `${participant}\0${queryId}`;
const labelOf = (c: Cell) => (c.kind === 'team' ? `${c.cell.taskId} ${c.cell.version} seed ${c.cell.seed}` : c.query.queryId);

/** Every model run of the study, team or Slack, as the usage summary reads it. */
function runRows(s: AppServices, studyKey: string): UsageRun[] {
  return [
    ...modelRunsOf(s, studyKey).map((r) => ({ participant: r.session.participant, ended: r.ended, record: r.record })),
    ...slackModelRunsOf(s, studyKey).map((r) => ({ participant: r.run.started.participant, ended: r.ended, record: r.record })),
  ];
}

/**
 * Plays every cell for every model, `concurrency` runs at a time. Everything it knows comes from the log, so it
 * resumes after a crash: a cell with a finished run is skipped; a run left unfinished with no error (killed mid-way)
 * is recorded as an `interrupted` error; a cell whose runs all stopped on errors is played again.
 */
export async function runBatch(a: BatchArgs): Promise<Result<BatchReport>> {
  const log = a.s.database.eventLog;
  if (!log) return fail('database', 'The session database cannot be used.');
  const runs = modelRunsOf(a.s, a.studyKey);
  let interrupted = 0;
  for (const r of runs) {
    if (r.ended !== null || r.record.error) continue;
    const error: ModelRunError = { reason: 'interrupted', message: 'The batch stopped while this run was playing; a resumed batch plays the cell again.', round: 0 };
    log.append(r.session.id, MODEL_RUN_ERROR, error);
    interrupted++;
  }
  const slackRuns = a.queries?.length ? slackModelRunsOf(a.s, a.studyKey) : [];
  for (const r of slackRuns) {
    if (r.ended !== null || r.record.error) continue;
    log.append(r.run.runId, MODEL_RUN_ERROR, { reason: 'interrupted', message: 'The batch stopped while this run was playing; a resumed batch plays the query again.', round: 0 } satisfies ModelRunError);
    interrupted++;
  }
  const finished = new Set([
    ...runs.filter((r) => r.ended !== null).map((r) => keyOf(r.session.participant, { taskId: r.session.taskId, version: r.version as ModelCell['version'], seed: r.seed })),
    ...slackRuns.filter((r) => r.ended !== null).map((r) => queryKeyOf(r.run.started.participant, r.run.started.queryId)),
  ]);
  const jobs: Job[] = [];
  let skipped = 0;
  for (const model of a.models) {
    const post = a.postFor(model);
    if (!post.ok) return post;
    const me = modelParticipant(model.name);
    for (const cell of a.cells) {
      if (finished.has(keyOf(me, cell))) skipped++;
      else jobs.push({ model, post: post.value, kind: 'team', cell });
    }
    for (const query of a.queries ?? []) {
      if (finished.has(queryKeyOf(me, query.queryId))) skipped++;
      else jobs.push({ model, post: post.value, kind: 'slack', query });
    }
  }
  const progress: BatchProgress = { total: skipped + jobs.length, skipped, done: skipped, errors: 0, running: 0 };
  a.onProgress?.({ ...progress });
  const writeEvery = a.writeEveryMs ?? 10_000;
  let lastWrite = Date.now();
  let dir = path.join(a.s.options.dataDir, 'results', a.studyId);
  const writeResults = () => {
    const written = writeModelResults(a.s, a.studyKey);
    if (written.ok) {
      dir = written.value.dir;
      for (const p of written.value.problems) a.s.log.warn('model results', { studyKey: a.studyKey, problem: p });
      writeUsage(a, dir);
      rescoreStudy(a.s, a.studyKey, dir);
    }
    lastWrite = Date.now();
  };

  const sessions = teamSessionsOf(a.s);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      progress.running++;
      a.onProgress?.({ ...progress });
      const model = { name: job.model.name, id: job.model.endpoint.model, baseUrl: job.model.endpoint.base_url };
      const common = { post: job.post, model, studyKey: a.studyKey, budget: job.model.budget, batch: a.studyKey };
      const played: Result<{ sessionId: string } & ({ ended: string } | { error: ModelRunError })> =
        job.kind === 'team'
          ? await playTeamModelRun({ ...common, sessions, log, bus: a.s.bus, taskId: job.cell.taskId, version: job.cell.version, seed: job.cell.seed })
          : await playSlackModelRun({ ...common, s: a.s, queryId: job.query.queryId });
      progress.running--;
      progress.done++;
      const outcome = !played.ok ? `not started: ${played.error.message}` : 'error' in played.value ? `error: ${played.value.error.reason}` : `ended: ${played.value.ended}`;
      if (!played.ok || 'error' in played.value) progress.errors++;
      if (!played.ok) a.s.log.warn('model run not started', { model: job.model.name, cell: labelOf(job), message: played.error.message });
      progress.last = { model: job.model.name, cell: labelOf(job), outcome };
      a.onProgress?.({ ...progress });
      if (Date.now() - lastWrite >= writeEvery) writeResults();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(a.concurrency, jobs.length)) }, worker));
  writeResults();
  return ok({ ...progress, dir, interrupted, usage: usageSummary(a.models, runRows(a.s, a.studyKey)) });
}

export interface ModelUsage {
  model_id: string;
  runs: number;
  finished: number;
  errors: number;
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** Reported by the endpoint where it reports a cost; else from the configured price; else null. */
  cost_usd: number | null;
  cost_source: 'reported' | 'price' | null;
}
export type UsageSummary = Record<string, ModelUsage>;
export type UsageRun = Pick<ModelRunOnLog, 'ended' | 'record'> & { participant: string };

/** Tokens and cost per model over every run in the log (errors included: they were paid for too). */
export function usageSummary(models: readonly ConfiguredModel[], runs: readonly UsageRun[]): UsageSummary {
  const out: UsageSummary = {};
  for (const m of models) {
    const mine = runs.filter((r) => r.participant === modelParticipant(m.name));
    const u: ModelUsage = { model_id: m.endpoint.model, runs: mine.length, finished: 0, errors: 0, prompt_tokens: 0, completion_tokens: 0, total_tokens: 0, cost_usd: null, cost_source: null };
    let reported = 0;
    let anyReported = false;
    for (const r of mine) {
      if (r.ended !== null) u.finished++;
      else if (r.record.error) u.errors++;
      u.prompt_tokens += r.record.usage.prompt_tokens;
      u.completion_tokens += r.record.usage.completion_tokens;
      u.total_tokens += r.record.usage.total_tokens;
      if (r.record.usage.cost_usd !== null) {
        reported += r.record.usage.cost_usd;
        anyReported = true;
      }
    }
    if (anyReported) Object.assign(u, { cost_usd: reported, cost_source: 'reported' });
    else if (m.endpoint.price) {
      Object.assign(u, { cost_usd: (u.prompt_tokens * m.endpoint.price.input_per_mtok + u.completion_tokens * m.endpoint.price.output_per_mtok) / 1e6, cost_source: 'price' });
    }
    out[m.name] = u;
  }
  return out;
}

/** results/<study id>/models/<model dir>/usage.json, derived from the log like every other file there. */
function writeUsage(a: Pick<BatchArgs, 's' | 'studyKey' | 'models'>, dir: string): void {
  const summary = usageSummary(a.models, runRows(a.s, a.studyKey));
  for (const [name, u] of Object.entries(summary)) {
    writeFileAtomic(path.join(dir, 'models', modelDirName(u.model_id), 'usage.json'), JSON.stringify({ model: name, ...u }, null, 2) + '\n');
  }
}
