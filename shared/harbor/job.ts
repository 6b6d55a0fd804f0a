import { scoreStudy } from '../judge/score.js';
import { fail, ok, type Result } from '../result.js';
import type { JobResultFile } from './schemas.js';
import { modelNameOf, rewardOf, trialFiles, trialResult, type Files, type TrialInput } from './trial.js';

export interface JobInput {
  jobName: string;
  jobId: string;
  studyId: string;
  participant: string;
  appVersion: string;
  startedAt: string;
  finishedAt: string;
  trials: readonly TrialInput[];
  /** A model's job: its agent and model names (else a person's, `human` / `human:<code>`). */
  agent?: { name: string; modelName: string };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Python prints floats as `1.0`; Harbor's reward_stats keys are such strings. */
const rewardKey = (r: number) => (Number.isInteger(r) ? `${r}.0` : String(r));

function jobResult(job: JobInput): JobResultFile {
  const rewards: Record<string, string[]> = {};
  const exceptions: Record<string, string[]> = {};
  let errors = 0;
  let sum = 0;
  let graded = 0;
  for (const trial of job.trials) {
    const reward = rewardOf(trial);
    if (reward !== null) {
      (rewards[rewardKey(reward)] ??= []).push(trial.trialName);
      sum += reward;
      graded++;
    }
    const exception = trialResult(trial).exception_info;
    if (exception) {
      errors++;
      (exceptions[exception.exception_type] ??= []).push(trial.trialName);
    }
  }
  const evalKey = `${job.agent?.name ?? 'human'}__${job.agent?.modelName ?? modelNameOf(job.participant)}__${job.studyId}`;
  return {
    id: job.jobId,
    started_at: job.startedAt,
    finished_at: job.finishedAt,
    n_total_trials: job.trials.length,
    stats: {
      n_trials: job.trials.length,
      n_errors: errors,
      evals: {
        [evalKey]: {
          n_trials: job.trials.length,
          n_errors: errors,
          metrics: [{ mean: graded === 0 ? null : sum / graded }],
          reward_stats: { reward: rewards },
          exception_stats: exceptions,
        },
      },
    },
    trial_results: job.trials.map(trialResult),
  };
}

/** Teamseat's own file beside Harbor's (whose JobResult forbids extra keys): SlackBench's category pass rates and overall. */
const slackbenchScore = (job: JobInput) => scoreStudy(job.trials.map((t) => ({ queryId: t.query.id, category: t.query.category, reward: rewardOf(t) })));

/** The whole job folder, keyed by path relative to it; refuses trial names that are not one safe folder name. */
export function jobFiles(job: JobInput): Result<Files> {
  if (!SEGMENT.test(job.jobName)) return fail('bad_request', `The job name "${job.jobName}" cannot be a folder name.`);
  const seen = new Set<string>();
  const files: Files = {
    'config.json': json({
      job_name: job.jobName,
      agents: [{ name: job.agent?.name ?? 'human', model_name: job.agent?.modelName ?? modelNameOf(job.participant) }],
      datasets: [{ path: job.studyId, task_names: [...new Set(job.trials.map((t) => t.query.id))] }],
      n_attempts: 1,
      teamseat: { study: job.studyId, app_version: job.appVersion },
    }),
    'result.json': json(jobResult(job)),
    'slackbench.json': json(slackbenchScore(job)),
  };
  for (const trial of job.trials) {
    if (!SEGMENT.test(trial.trialName)) {
      return fail('bad_request', `The trial name "${trial.trialName}" cannot be a folder name.`);
    }
    if (seen.has(trial.trialName)) return fail('conflict', `Two trials are named "${trial.trialName}".`);
    seen.add(trial.trialName);
    for (const [rel, content] of Object.entries(trialFiles(trial))) files[`${trial.trialName}/${rel}`] = content;
  }
  return ok(files);
}
