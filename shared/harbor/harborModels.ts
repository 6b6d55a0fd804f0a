import { z } from 'zod';

/**
 * Harbor's own pydantic models as zod schemas, **transcribed, not loaded by Harbor** (Harbor cannot be installed
 * here): from FORMATS.md §3 (upstream commit 5f5618b, `src/harbor/models/trial/result.py`, `trial/config.py`,
 * `agent/context.py`, `verifier/result.py`, `job/result.py`, `trajectories/*.py`, ATIF-v1.6). Every object is strict,
 * as those models forbid unknown keys: anything of Teamseat's goes under an `extra` (or `kwargs`/`metadata`) field
 * the model itself has. Optional fields are the models' `= None` defaults; a writer may leave them out.
 */

const isoTime = z.iso.datetime({ offset: true });
const opt = <T extends z.ZodType>(t: T) => t.nullable().optional();
const anyDict = z.record(z.string(), z.unknown());

// ---- trial/result.py -------------------------------------------------------------------------------------------

export const harborTimingInfo = z.strictObject({ started_at: opt(isoTime), finished_at: opt(isoTime) });

export const harborExceptionInfo = z.strictObject({
  exception_type: z.string(),
  exception_message: z.string(),
  exception_traceback: z.string(),
  occurred_at: isoTime,
});

export const harborModelInfo = z.strictObject({ name: z.string(), provider: z.string() });

export const harborAgentInfo = z.strictObject({ name: z.string(), version: z.string(), model_info: opt(harborModelInfo) });

/** task/id.py: a local task is `{path}`; a git task adds its URL and commit. */
export const harborLocalTaskId = z.strictObject({ path: z.string().min(1) });
export const harborGitTaskId = z.strictObject({ git_url: z.string().min(1), git_commit_id: opt(z.string()), path: z.string().min(1) });

/** agent/context.py `AgentContext`: what the agent used. A person has no tokens or cost: nulls. */
export const harborAgentContext = z.strictObject({
  n_input_tokens: opt(z.number().int().min(0)),
  n_cache_tokens: opt(z.number().int().min(0)),
  n_output_tokens: opt(z.number().int().min(0)),
  cost_usd: opt(z.number().min(0)),
  rollout_details: opt(z.array(anyDict)),
  metadata: opt(anyDict),
});

/** verifier/result.py */
export const harborVerifierResult = z.strictObject({ rewards: opt(z.record(z.string(), z.number())) });

// ---- trial/config.py -------------------------------------------------------------------------------------------

export const harborTaskConfig = z.strictObject({
  path: opt(z.string()),
  git_url: opt(z.string()),
  git_commit_id: opt(z.string()),
  overwrite: z.boolean().optional(),
  download_dir: opt(z.string()),
  source: opt(z.string()),
});

export const harborAgentConfig = z.strictObject({
  name: opt(z.string()),
  import_path: opt(z.string()),
  model_name: opt(z.string()),
  override_timeout_sec: opt(z.number()),
  max_timeout_sec: opt(z.number()),
  kwargs: anyDict.optional(),
});

export const harborEnvironmentConfig = z.strictObject({
  type: opt(z.string()),
  force_build: z.boolean().optional(),
  delete: z.boolean().optional(),
  override_cpus: opt(z.number().int()),
  override_memory_mb: opt(z.number().int()),
  override_storage_mb: opt(z.number().int()),
  kwargs: anyDict.optional(),
});

export const harborVerifierConfig = z.strictObject({
  override_timeout_sec: opt(z.number()),
  max_timeout_sec: opt(z.number()),
  disable: z.boolean().optional(),
});

export const harborTrialConfig = z.strictObject({
  task: harborTaskConfig,
  trial_name: z.string().optional(),
  trials_dir: z.string().optional(),
  timeout_multiplier: z.number().optional(),
  agent: harborAgentConfig.optional(),
  environment: harborEnvironmentConfig.optional(),
  verifier: harborVerifierConfig.optional(),
  job_id: opt(z.guid()),
});

export const harborTrialResult = z.strictObject({
  id: z.guid(),
  task_name: z.string(),
  trial_name: z.string(),
  trial_uri: z.string().min(1),
  task_id: z.union([harborLocalTaskId, harborGitTaskId]),
  source: opt(z.string()),
  task_checksum: z.string(),
  config: harborTrialConfig,
  agent_info: harborAgentInfo,
  agent_result: opt(harborAgentContext),
  verifier_result: opt(harborVerifierResult),
  exception_info: opt(harborExceptionInfo),
  started_at: opt(isoTime),
  finished_at: opt(isoTime),
  environment_setup: opt(harborTimingInfo),
  agent_setup: opt(harborTimingInfo),
  agent_execution: opt(harborTimingInfo),
  verifier: opt(harborTimingInfo),
});
export type HarborTrialResult = z.infer<typeof harborTrialResult>;

// ---- job/result.py ---------------------------------------------------------------------------------------------

export const harborAgentDatasetStats = z.strictObject({
  n_trials: z.number().int().min(0),
  n_errors: z.number().int().min(0),
  metrics: z.array(anyDict),
  pass_at_k: z.record(z.string(), z.number()).optional(),
  reward_stats: z.record(z.string(), z.record(z.string(), z.array(z.string()))),
  exception_stats: z.record(z.string(), z.array(z.string())),
});

export const harborJobStats = z.strictObject({
  n_trials: z.number().int().min(0),
  n_errors: z.number().int().min(0),
  evals: z.record(z.string(), harborAgentDatasetStats),
});

export const harborJobResult = z.strictObject({
  id: z.guid(),
  started_at: isoTime,
  finished_at: opt(isoTime),
  n_total_trials: z.number().int().min(0),
  stats: harborJobStats,
  trial_results: z.array(harborTrialResult).optional(),
});
export type HarborJobResult = z.infer<typeof harborJobResult>;

// ---- trajectories (ATIF-v1.6) ----------------------------------------------------------------------------------

export const ATIF_V16 = 'ATIF-v1.6';

export const atifToolCall = z.strictObject({ tool_call_id: z.string().min(1), function_name: z.string().min(1), arguments: anyDict });

export const atifObservationResult = z.strictObject({
  source_call_id: opt(z.string()),
  content: opt(z.string()),
  subagent_trajectory_ref: opt(z.array(anyDict)),
});

export const atifObservation = z.strictObject({ results: z.array(atifObservationResult) });

export const atifMetrics = z.strictObject({
  prompt_tokens: opt(z.number().int()),
  completion_tokens: opt(z.number().int()),
  cached_tokens: opt(z.number().int()),
  cost_usd: opt(z.number()),
  extra: opt(anyDict),
});

const AGENT_ONLY = ['model_name', 'reasoning_effort', 'reasoning_content', 'tool_calls', 'metrics'] as const;

export const atifStep = z
  .strictObject({
    step_id: z.number().int().min(1),
    timestamp: opt(isoTime),
    source: z.enum(['system', 'user', 'agent']),
    model_name: opt(z.string()),
    reasoning_effort: opt(z.union([z.string(), z.number()])),
    message: z.string(),
    reasoning_content: opt(z.string()),
    tool_calls: opt(z.array(atifToolCall)),
    observation: opt(atifObservation),
    metrics: opt(atifMetrics),
    extra: opt(anyDict),
  })
  .superRefine((step, ctx) => {
    if (step.source === 'agent') return;
    for (const key of AGENT_ONLY) {
      if (step[key] !== undefined && step[key] !== null) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is only applicable when source is 'agent'` });
    }
  });

export const atifAgent = z.strictObject({
  name: z.string(),
  version: z.string(),
  model_name: opt(z.string()),
  tool_definitions: opt(z.array(anyDict)),
  extra: opt(anyDict),
});

export const atifFinalMetrics = z.strictObject({
  total_prompt_tokens: opt(z.number().int()),
  total_completion_tokens: opt(z.number().int()),
  total_cached_tokens: opt(z.number().int()),
  total_cost_usd: opt(z.number()),
  total_steps: opt(z.number().int().min(0)),
  extra: opt(anyDict),
});

export const atifTrajectory = z
  .strictObject({
    schema_version: z.literal(ATIF_V16),
    session_id: z.string().min(1),
    agent: atifAgent,
    steps: z.array(atifStep).min(1),
    notes: opt(z.string()),
    final_metrics: opt(atifFinalMetrics),
    extra: opt(anyDict),
  })
  .superRefine((t, ctx) => {
    // Harbor checks that step ids run 1, 2, … and that every observation answers a call of its own step.
    t.steps.forEach((s, i) => {
      if (s.step_id !== i + 1) ctx.addIssue({ code: 'custom', path: ['steps', i, 'step_id'], message: `expected step_id ${i + 1}` });
      const calls = new Set((s.tool_calls ?? []).map((c) => c.tool_call_id));
      (s.observation?.results ?? []).forEach((r, j) => {
        if (r.source_call_id && !calls.has(r.source_call_id)) {
          ctx.addIssue({ code: 'custom', path: ['steps', i, 'observation', 'results', j, 'source_call_id'], message: `no tool call ${r.source_call_id} in this step` });
        }
      });
    });
  });
export type AtifTrajectory = z.infer<typeof atifTrajectory>;
