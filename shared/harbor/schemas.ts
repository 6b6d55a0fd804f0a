import { z } from 'zod';
import { benchmarkTools } from './tools.js';

// The Harbor files Teamseat writes. Field names follow Harbor's models as read from public forks; see README.md for
// which were verified. Objects are loose so a newer Harbor's extra fields do not break a reader.

const isoTime = z.iso.datetime({ offset: true });

export const timingSchema = z.looseObject({ started_at: isoTime.nullable(), finished_at: isoTime.nullable() });

export const exceptionInfoSchema = z.looseObject({
  exception_type: z.string(),
  exception_message: z.string(),
  exception_traceback: z.string(),
  occurred_at: isoTime,
});

export const agentInfoSchema = z.looseObject({
  name: z.string(),
  version: z.string(),
  model_info: z.looseObject({ name: z.string(), provider: z.string() }).nullable(),
});

export const trialConfigSchema = z.looseObject({
  trial_name: z.string().min(1),
  job_name: z.string().min(1),
  task: z.looseObject({ path: z.string(), source: z.string().nullable() }),
  agent: z.looseObject({ name: z.literal('human'), model_name: z.string() }),
  timeout_minutes: z.number().positive(),
});

export const trialResultSchema = z.looseObject({
  id: z.string().min(1),
  task_name: z.string().min(1),
  trial_name: z.string().min(1),
  trial_uri: z.string(),
  source: z.string().nullable(),
  config: trialConfigSchema,
  agent_info: agentInfoSchema,
  verifier_result: z.looseObject({ rewards: z.record(z.string(), z.number()).nullable() }).nullable(),
  exception_info: exceptionInfoSchema.nullable(),
  started_at: isoTime,
  finished_at: isoTime,
  environment_setup: timingSchema,
  agent_setup: timingSchema,
  agent_execution: timingSchema,
  verifier: timingSchema,
});
export type TrialResultFile = z.infer<typeof trialResultSchema>;

export const jobConfigSchema = z.looseObject({
  job_name: z.string().min(1),
  agents: z.array(z.looseObject({ name: z.string(), model_name: z.string() })).min(1),
  datasets: z.array(z.looseObject({ path: z.string(), task_names: z.array(z.string()) })),
  n_attempts: z.number().int().positive(),
});

export const jobResultSchema = z.looseObject({
  id: z.string().min(1),
  started_at: isoTime,
  finished_at: isoTime,
  n_total_trials: z.number().int().nonnegative(),
  stats: z.looseObject({
    n_trials: z.number().int().nonnegative(),
    n_errors: z.number().int().nonnegative(),
    evals: z.record(
      z.string(),
      z.looseObject({
        n_trials: z.number().int().nonnegative(),
        n_errors: z.number().int().nonnegative(),
        metrics: z.array(z.record(z.string(), z.number().nullable())),
        reward_stats: z.record(z.string(), z.record(z.string(), z.array(z.string()))),
        exception_stats: z.record(z.string(), z.array(z.string())),
      }),
    ),
  }),
});
export type JobResultFile = z.infer<typeof jobResultSchema>;

const toolCall = z.looseObject({
  tool_call_id: z.string().min(1),
  function_name: z.enum(benchmarkTools),
  arguments: z.record(z.string(), z.unknown()),
});

/** ATIF, the trajectory format Harbor's agents write (schema `ATIF-v1.x`). */
export const trajectorySchema = z.looseObject({
  schema_version: z.string().regex(/^ATIF-v1\.\d+$/),
  session_id: z.string().min(1),
  agent: z.looseObject({ name: z.string(), version: z.string(), model_name: z.string() }),
  steps: z
    .array(
      z.looseObject({
        step_id: z.number().int().positive(),
        timestamp: isoTime,
        source: z.enum(['system', 'user', 'agent']),
        message: z.string(),
        tool_calls: z.array(toolCall).optional(),
        observation: z
          .looseObject({ results: z.array(z.looseObject({ source_call_id: z.string(), content: z.string() })) })
          .optional(),
      }),
    )
    .min(1),
  final_metrics: z.looseObject({ total_steps: z.number().int().nonnegative() }).optional(),
});
export type TrajectoryFile = z.infer<typeof trajectorySchema>;
