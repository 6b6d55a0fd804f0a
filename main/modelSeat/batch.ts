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
import { slackRunsOf } from '../slackSeat/slackRunsOf.js';
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
    ...modelRunsOf(s, studyKey).map((r) => ({ participant: r.session.participant, cell: keyOf(r.session.participant, { taskId: r.session.taskId, version: r.version as ModelCell['version'], seed: r.seed }), ended: r.ended, record: r.record })),
    ...slackModelRunsOf(s, studyKey).map((r) => ({ participant: r.run.started.participant, cell: queryKeyOf(r.run.started.participant, r.run.started.queryId), ended: r.ended, record: r.record })),
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
    // Closed through its session (the clock stops, nothing more is taken): issue 28.
    const team = teamSessionsOf(a.s).get(r.session.id);
    const closed = team.ok ? await team.value.closeOnError(error) : team;
    if (!closed.ok) log.append(r.session.id, MODEL_RUN_ERROR, error);
    interrupted++;
  }
  const slackRuns = a.queries?.length ? slackModelRunsOf(a.s, a.studyKey) : [];
  for (const r of slackRuns) {
    if (r.ended !== null || r.record.error) continue;
    const error: ModelRunError = { reason: 'interrupted', message: 'The batch stopped while this run was playing; a resumed batch plays the query again.', round: 0 };
    if (!slackRunsOf(a.s).closeOnError(r.run.runId, error).ok) log.append(r.run.runId, MODEL_RUN_ERROR, error);
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
  /** Every run played, whatever came of it (all were paid for). */
  runs: number;
  /** Runs that count: the latest finished run of each cell. */
  finished: number;
  /** Finished runs a later run of the same cell replaced (kept under excluded/superseded/). */
  superseded: number;
  /** Runs that stopped on an error, `interrupted` included (a killed batch's runs). */
  errors: number;
  interrupted: number;
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** Reported by the endpoint where it reports a cost; else from the configured price; else null. */
  cost_usd: number | null;
  cost_source: 'reported' | 'price' | null;
}
export type UsageSummary = Record<string, ModelUsage>;
export type UsageRun = Pick<ModelRunOnLog, 'ended' | 'record'> & { participant: string; /** The cell it played (model, task, version, seed; or model, query). */ cell: string };

/** Tokens and cost per model over every run in the log (errors included: they were paid for too). */
export function usageSummary(models: readonly ConfiguredModel[], runs: readonly UsageRun[]): UsageSummary {
  const out: UsageSummary = {};
  for (const m of models) {
    const mine = runs.filter((r) => r.participant === modelParticipant(m.name));
    const u: ModelUsage = { model_id: m.endpoint.model, runs: mine.length, finished: 0, superseded: 0, errors: 0, interrupted: 0, prompt_tokens: 0, completion_tokens: 0, total_tokens: 0, cost_usd: null, cost_source: null };
    // The counted run of a cell is its latest finished one, as the results writer keeps it (runs are oldest first).
    const counted = new Map<string, UsageRun>();
    for (const r of mine) if (r.ended !== null && !r.record.error) counted.set(r.cell, r);
    let reported = 0;
    let anyReported = false;
    for (const r of mine) {
      // An error decides first: a run that stopped on one never counts as finished (issue 28).
      if (r.record.error) {
        u.errors++;
        if (r.record.error.reason === 'interrupted') u.interrupted++;
      } else if (r.ended !== null) {
        if (counted.get(r.cell) === r) u.finished++;
        else u.superseded++;
      }
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
