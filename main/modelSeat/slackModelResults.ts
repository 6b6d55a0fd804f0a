import { ATIF_VERSION } from '../../shared/harbor/trajectory.js';
import { jobFiles } from '../../shared/harbor/job.js';
import type { TrajectoryFile } from '../../shared/harbor/schemas.js';
import type { TrialAgent, TrialInput } from '../../shared/harbor/trial.js';
import { ok, type Result } from '../../shared/result.js';
import { modelDirName } from '../../shared/team/export/transcript.js';
import type { AppServices } from '../app/appServices.js';
import { stableId, trialNameOf } from '../slackSeat/exportJobs.js';
import { currentGrade, judgeNameOf, timeOnTaskOf, type RunState } from '../slackSeat/runLog.js';
import { slackRunsOf } from '../slackSeat/slackRunsOf.js';
import { loadSlackStudy, type SlackStudy } from '../slackSeat/slackStudy.js';
import { excludedRoot } from '../study/resultsLayout.js';
import { isModelParticipant, MODEL_STEP, modelRecordOf, modelStepSchema, type ModelRunRecord } from './modelLog.js';

/** The agent name a model's Harbor trials carry (Harbor's own agents are `terminus-2`, `claude-code`, …). */
export const MODEL_SEAT_AGENT = 'teamseat-model-seat';

/** One model run of a Slack study, read from its log. */
export interface SlackModelRun {
  run: RunState;
  record: ModelRunRecord;
  /** Answered (or ended by its time limit), or null: an error, or still running. */
  ended: 'submitted' | 'time_limit' | null;
}

export function slackModelRunsOf(s: AppServices, studyKey: string): SlackModelRun[] {
  return slackRunsOf(s)
    .list(studyKey)
    .filter((r) => isModelParticipant(r.started.participant))
    .map((run) => ({ run, record: modelRecordOf(run.events), ended: endedOf(run) }));

/** A run closed on an error never counts as ended, even where an old log went on to time it out (issue 28). */
function endedOf(run: RunState): SlackModelRun['ended'] {
  if (run.answer) return 'submitted';
  if (run.closedOnError) return null;
  return run.timeUp ? 'time_limit' : null;
}
}

/** `openai/gpt-4o` → `openai`; a bare id → the endpoint's host, which is who served it. */
function providerOf(modelId: string, baseUrl: string): string {
  if (modelId.includes('/')) return modelId.split('/')[0]!;
  try {
    return new URL(baseUrl).host;
  } catch {
    return 'unknown';
  }
}

/** The model's own conversation as an ATIF trajectory: its prompt, the query, then one agent step per endpoint call. */
export function modelTrajectory(r: SlackModelRun, query: string, appVersion: string): TrajectoryFile {
  const started = r.record.started!;
  const steps: TrajectoryFile['steps'] = [
    { step_id: 1, timestamp: r.run.startedAt, source: 'system', message: started.system_prompt },
    { step_id: 2, timestamp: r.run.startedAt, source: 'user', message: query },
  ];
  for (const e of r.run.events) {
    if (e.kind !== MODEL_STEP) continue;
    const step = modelStepSchema.parse(e.payload);
    const calls = step.calls.filter((c) => c.id !== '');
    const args = (raw: string): Record<string, unknown> => {
      try {
        const v: unknown = JSON.parse(raw || '{}');
        return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : { raw };
      } catch {
        return { raw };
      }
    };
    steps.push({
      step_id: steps.length + 1,
      timestamp: e.wallTime,
      source: 'agent',
      model_name: step.reported_model ?? started.model_id,
      message: step.content ?? '',
      ...(calls.length ? { tool_calls: calls.map((c) => ({ tool_call_id: c.id, function_name: c.name, arguments: args(c.arguments) })) } : {}),
      ...(calls.length ? { observation: { results: calls.map((c) => ({ source_call_id: c.id, content: c.result })) } } : {}),
      ...(step.usage
        ? {
            metrics: {
              ...(step.usage.prompt_tokens !== null ? { prompt_tokens: step.usage.prompt_tokens } : {}),
              ...(step.usage.completion_tokens !== null ? { completion_tokens: step.usage.completion_tokens } : {}),
              ...(step.usage.cost_usd !== null ? { cost_usd: step.usage.cost_usd } : {}),
            },
          }
        : {}),
      extra: { teamseat: { latency_ms: step.latency_ms, overhead_ms: step.overhead_ms, finish_reason: step.finish_reason } },
    });
  }
  const u = r.record.usage;
  return {
    schema_version: ATIF_VERSION,
    session_id: stableId(`${r.run.started.studyKey}/${r.run.runId}`),
    agent: { name: MODEL_SEAT_AGENT, version: appVersion, model_name: started.model_id },
    steps,
    final_metrics: {
      ...(u.reported ? { total_prompt_tokens: u.prompt_tokens, total_completion_tokens: u.completion_tokens } : {}),
      ...(u.cost_usd !== null ? { total_cost_usd: u.cost_usd } : {}),
      total_steps: steps.length,
    },
    extra: { teamseat: { actor: 'model', model: started.model_name, base_url: started.base_url, run_id: r.run.runId } },
  };
}

function trialOf(study: SlackStudy, r: SlackModelRun, jobName: string, appVersion: string): TrialInput | null {
  const started = r.record.started;
  const query = study.queries.find((q) => q.id === r.run.started.queryId);
  if (!started || !query || !r.run.answer) return null;
  const grade = currentGrade(r.run, study.grading);
  const agent: TrialAgent = {
    name: MODEL_SEAT_AGENT,
    modelName: started.model_id,
    provider: providerOf(started.model_id, started.base_url),
    usage: { inputTokens: r.record.usage.reported ? r.record.usage.prompt_tokens : null, outputTokens: r.record.usage.reported ? r.record.usage.completion_tokens : null, costUsd: r.record.usage.cost_usd },
  };
  const judgeModel = judgeNameOf(r.run, study.grading);
  return {
    jobName,
    trialName: trialNameOf(r.run),
    trialId: stableId(`${study.id}/${r.run.runId}`),
    studyId: study.id,
    query: { id: query.id, category: query.category, query: query.query, timeLimitMinutes: r.run.started.timeLimitMinutes },
    participant: r.run.started.participant,
    appVersion,
    actions: r.run.actions,
    answer: { text: r.run.answer.answer, at: r.run.answer.at },
    outcome: grade?.outcome ?? null,
    ...(judgeModel ? { judgeModel } : {}),
    // The run's clock at the answer, as a person's trial records it (agent_result.metadata.teamseat.active_ms).
    timeOnTask: timeOnTaskOf(r.run),
    timing: {
      environmentSetup: { startedAt: r.run.startedAt, finishedAt: r.run.startedAt },
      agentSetup: { startedAt: r.run.startedAt, finishedAt: r.run.startedAt },
      agentExecution: { startedAt: r.run.startedAt, finishedAt: r.run.answer.at },
      verifier: grade ? { startedAt: r.run.answer.at, finishedAt: grade.at } : null,
    },
    agent,
    trajectory: modelTrajectory(r, query.query, appVersion),
  };
}

/**
 * The files a Slack study's model runs give, relative to results/<study id>/: per model one Harbor job at
 * `models/<model dir>/slack/` holding the latest answered run of each query (graded or not: its grade fills the
 * verifier when given), and each run stopped by an endpoint failure as an error record under `excluded/error/slack/`.
 * They stay out of `slack/`, which holds the people's jobs and which the comparison pools into the human row.
 */
export function slackModelFiles(s: AppServices, studyKey: string, appVersion: string): Result<{ files: Map<string, string>; problems: string[] }> {
  const study = loadSlackStudy(s.library, studyKey);
  if (!study.ok) return study;
  const files = new Map<string, string>();
  const problems: string[] = [];
  const byModel = new Map<string, Map<string, SlackModelRun>>();
  for (const r of slackModelRunsOf(s, studyKey)) {
    const modelId = r.record.started?.model_id;
    if (!modelId) continue;
    if (r.ended !== null && r.run.answer) {
      const latest = byModel.get(modelId) ?? new Map<string, SlackModelRun>();
      latest.set(r.run.started.queryId, r); // runs come oldest first: the last one stands
      byModel.set(modelId, latest);
    } else if (r.record.error) {
      const rel = `${excludedRoot('error', r.run.runId)}slack/${modelDirName(modelId)}/${r.run.started.queryId}.json`;
      files.set(rel, JSON.stringify({ evaluated_model: modelId, run_id: r.run.runId, query: r.run.started.queryId, category: r.run.started.category, error: r.record.error, usage: r.record.usage, steps: r.record.steps.length, at: r.run.events.at(-1)?.wallTime ?? null }, null, 2) + '\n');
    }
  }
  for (const [modelId, latest] of byModel) {
    const jobName = modelDirName(modelId);
    const trials = [...latest.values()].map((r) => trialOf(study.value, r, jobName, appVersion)).filter((t): t is TrialInput => t !== null).sort((a, b) => a.trialName.localeCompare(b.trialName));
    if (trials.length === 0) continue;
    const job = jobFiles({
      jobName,
      jobId: stableId(`${study.value.id}/model/${modelId}`),
      studyId: study.value.id,
      participant: trials[0]!.participant,
      appVersion,
      startedAt: trials.map((t) => t.timing.environmentSetup.startedAt).sort()[0]!,
      finishedAt: trials.map((t) => t.timing.verifier?.finishedAt ?? t.timing.agentExecution.finishedAt).sort().at(-1)!,
      trials,
      agent: { name: MODEL_SEAT_AGENT, modelName: modelId },
    });
    if (!job.ok) {
      problems.push(`Slack job of ${modelId}: ${job.error.message}`);
      continue;
    }
    for (const [rel, content] of Object.entries(job.value)) files.set(`models/${jobName}/slack/${rel}`, content);
  }
  return ok({ files, problems });
}
