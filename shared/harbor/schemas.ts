import { z } from 'zod';
import {
  atifTrajectory,
  harborJobResult,
  harborTrialConfig,
  harborTrialResult,
  type AtifTrajectory,
  type HarborJobResult,
  type HarborTrialResult,
} from './harborModels.js';

// The Harbor files Teamseat writes. Trial and job results, trial configs and trajectories are Harbor's own models
// (harborModels.ts, transcribed, not loaded by Harbor); the job config.json is not transcribed and stays loose.

// Harbor's own models, strict (harborModels.ts): the files Teamseat writes must pass them.
export const trialConfigSchema = harborTrialConfig;
export const trialResultSchema = harborTrialResult;
export type TrialResultFile = HarborTrialResult;

export const jobConfigSchema = z.looseObject({
  job_name: z.string().min(1),
  agents: z.array(z.looseObject({ name: z.string(), model_name: z.string() })).min(1),
  datasets: z.array(z.looseObject({ path: z.string(), task_names: z.array(z.string()) })),
  n_attempts: z.number().int().positive(),
});

export const jobResultSchema = harborJobResult;
export type JobResultFile = HarborJobResult;

/** ATIF-v1.6, as Harbor's trajectory models read it. */
export const trajectorySchema = atifTrajectory;
export type TrajectoryFile = AtifTrajectory;
