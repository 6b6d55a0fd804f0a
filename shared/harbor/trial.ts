import type { JudgeOutcome } from '../judge/judgeAnswer.js';
import { asFinalAnswerMessage } from '../judge/finalAnswer.js';
import { DEFAULT_TIME_LIMIT_MINUTES, type SlackQuery } from '../judge/query.js';
import { sha256 } from '../team/checker/sha256.js';
import type { TrajectoryFile, TrialResultFile } from './schemas.js';
import type { PersonAction } from './tools.js';
import type { PauseSpan } from '../team/engine/activeTime.js';
import { trajectoryOf } from './trajectory.js';

export interface Span {
  startedAt: string;
  finishedAt: string;
}

export interface TrialInput {
  jobName: string;
  /** The trial's folder name inside the job. */
  trialName: string;
  /** Supplied by the caller so the writer stays pure (a UUID in practice). */
  trialId: string;
  studyId: string;
  query: Pick<SlackQuery, 'id' | 'category' | 'query' | 'timeLimitMinutes'>;
  participant: string;
  appVersion: string;
  actions: readonly PersonAction[];
  /** The person's answer; null when the session ended without one. */
  answer: { text: string; at: string } | null;
  /** null when the answer has not been judged (no endpoint, or no answer). */
  outcome: JudgeOutcome | null;
  judgeModel?: string;
  timing: {
    /** Loading the workspace. */
    environmentSetup: Span;
    /** The instructions screen until the person starts. */
    agentSetup: Span;
    /** From start to answer (or the time limit). */
    agentExecution: Span;
    verifier: Span | null;
  };
  /**
   * The person's time on task (the run's own clock: pauses and the time the app was down left out) and the pauses.
   * Harbor's spans are wall time from start to answer; this is what the seat's clock showed.
   */
  timeOnTask?: { activeMs: number; pauses: readonly PauseSpan[] };
  /** Something that stopped the session itself (a crash, the window closed). */
  exception?: { type: string; message: string; occurredAt: string };
  /** The trial folder as a `file://` URI, when the writer knows where it goes; else the folder name (relative). */
  trialUri?: string;
  /** A model in the seat (main/modelSeat): its agent and model names and the tokens it reported, in place of a person's. */
  agent?: TrialAgent;
  /** A model's own trajectory (its messages, tool calls and metrics), in place of the one made from a person's actions. */
  trajectory?: TrajectoryFile;
}

export interface TrialAgent {
  name: string;
  modelName: string;
  provider: string;
  usage: { inputTokens: number | null; outputTokens: number | null; costUsd: number | null };
}

export type Files = Record<string, string>;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const span = (s: Span | null) => ({ started_at: s?.startedAt ?? null, finished_at: s?.finishedAt ?? null });

export const modelNameOf = (participant: string) => `human:${participant}`;
const agentNameOf = (trial: TrialInput) => trial.agent?.name ?? 'human';
const trialModelOf = (trial: TrialInput) => trial.agent?.modelName ?? modelNameOf(trial.participant);

/** The reward a trial earned, or null when it has none (not judged, or the judge failed). */
export function rewardOf(trial: TrialInput): number | null {
  return trial.outcome?.status === 'judged' ? trial.outcome.verdict.reward : null;
}

function exceptionOf(trial: TrialInput): TrialResultFile['exception_info'] {
  if (trial.exception) {
    const e = trial.exception;
    return { exception_type: e.type, exception_message: e.message, exception_traceback: '', occurred_at: e.occurredAt };
  }
  if (trial.outcome?.status === 'error') {
    return {
      exception_type: trial.outcome.stage === 'reply' ? 'JudgeReplyMalformed' : 'JudgeRequestFailed',
      exception_message: trial.outcome.message,
      exception_traceback: '',
      occurred_at: trial.timing.verifier?.finishedAt ?? trial.timing.agentExecution.finishedAt,
    };
  }
  return null;
}

/** Harbor's TrialConfig: Teamseat's own settings go in the agent's `kwargs`, the one open field it has. */
function trialConfig(trial: TrialInput) {
  return {
    task: { path: taskPathOf(trial), source: trial.studyId },
    trial_name: trial.trialName,
    trials_dir: trial.jobName,
    timeout_multiplier: 1,
    agent: {
      name: agentNameOf(trial),
      model_name: trialModelOf(trial),
      max_timeout_sec: (trial.query.timeLimitMinutes ?? DEFAULT_TIME_LIMIT_MINUTES) * 60,
      kwargs: { teamseat: { category: trial.query.category, judge_model: trial.judgeModel ?? null } },
    },
  };
}

const taskPathOf = (trial: TrialInput) => `${trial.studyId}/${trial.query.id}`;

/**
 * Harbor's `task_checksum` is `dirhash(task_dir, "sha256")`; a Slack query has no task folder, so it is the sha256 of
 * the query as the person saw it (id, category, text, time limit), which changes exactly when the task does.
 */
export function taskChecksum(query: TrialInput['query']): string {
  return sha256(JSON.stringify([query.id, query.category, query.query, query.timeLimitMinutes ?? DEFAULT_TIME_LIMIT_MINUTES]));
}

export function trialResult(trial: TrialInput): TrialResultFile {
  const reward = rewardOf(trial);
  const t = trial.timing;
  return {
    id: trial.trialId,
    task_name: trial.query.id,
    trial_name: trial.trialName,
    trial_uri: trial.trialUri ?? trial.trialName,
    task_id: { path: taskPathOf(trial) },
    source: trial.studyId,
    task_checksum: taskChecksum(trial.query),
    config: trialConfig(trial),
    agent_info: {
      name: agentNameOf(trial),
      version: trial.appVersion,
      model_info: { name: trialModelOf(trial), provider: trial.agent?.provider ?? 'teamseat' },
    },
    // A person uses no tokens and costs nothing Harbor counts: nulls, and what is ours under metadata.
    agent_result: {
      n_input_tokens: trial.agent?.usage.inputTokens ?? null,
      n_cache_tokens: null,
      n_output_tokens: trial.agent?.usage.outputTokens ?? null,
      cost_usd: trial.agent?.usage.costUsd ?? null,
      rollout_details: null,
      metadata: {
        teamseat: {
          participant: trial.participant,
          actions: trial.actions.length,
          answered: trial.answer !== null,
          ...(trial.timeOnTask ? { active_ms: trial.timeOnTask.activeMs, pauses: trial.timeOnTask.pauses } : {}),
        },
      },
    },
    verifier_result: reward === null ? null : { rewards: { reward } },
    exception_info: exceptionOf(trial),
    started_at: t.environmentSetup.startedAt,
    finished_at: t.verifier?.finishedAt ?? t.agentExecution.finishedAt,
    environment_setup: span(t.environmentSetup),
    agent_setup: span(t.agentSetup),
    agent_execution: span(t.agentExecution),
    verifier: span(t.verifier),
  };
}

function trialLog(trial: TrialInput, reward: number | null): string {
  const t = trial.timing;
  const lines = [
    `${t.environmentSetup.startedAt} trial ${trial.trialName}: query ${trial.query.id} (${trial.query.category}) for ${trialModelOf(trial)}`,
    `${t.agentExecution.startedAt} ${trial.agent ? 'model' : 'person'} started`,
    ...trial.actions.map((a) => `${a.at} ${a.tool} ${JSON.stringify(a.arguments)}`),
    trial.answer ? `${trial.answer.at} answered` : `${t.agentExecution.finishedAt} ended without an answer`,
  ];
  if (trial.outcome?.status === 'judged') lines.push(`${t.verifier?.finishedAt ?? ''} judged: reward ${reward}`.trim());
  if (trial.outcome?.status === 'error') lines.push(`${t.verifier?.finishedAt ?? ''} judge failed: ${trial.outcome.message}`.trim());
  if (trial.exception) lines.push(`${trial.exception.occurredAt} ${trial.exception.type}: ${trial.exception.message}`);
  return `${lines.join('\n')}\n`;
}

/** Every file of one trial folder, keyed by path relative to that folder. */
export function trialFiles(trial: TrialInput): Files {
  const reward = rewardOf(trial);
  const files: Files = {
    'config.json': json(trialConfig(trial)),
    'result.json': json(trialResult(trial)),
    'trial.log': trialLog(trial, reward),
    'agent/trajectory.json': json(
      trial.trajectory ??
      trajectoryOf({
        sessionId: trial.trialId,
        agentVersion: trial.appVersion,
        modelName: modelNameOf(trial.participant),
        query: { text: trial.query.query, at: trial.timing.agentExecution.startedAt },
        actions: trial.actions,
        answer: trial.answer,
      }),
    ),
  };
  if (trial.answer) files['agent/answer.txt'] = `${asFinalAnswerMessage(trial.answer.text)}\n`;
  if (reward !== null) files['verifier/reward.txt'] = `${reward}\n`;
  if (trial.outcome) files['verifier/judgement.json'] = json(trial.outcome);
  return files;
}
