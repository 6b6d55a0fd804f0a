import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { atifTrajectory, harborJobResult, harborTrialConfig, harborTrialResult } from './harborModels.js';
import { jobFiles, type JobInput } from './job.js';
import { taskChecksum, type TrialInput } from './trial.js';

// Every file Teamseat writes into a Harbor job, checked against strict transcriptions of Harbor's own models
// (transcribed, not loaded by Harbor). Teamseat's own files are named here so a new file cannot slip by unchecked.

const at = (min: number) => new Date(Date.UTC(2025, 0, 15, 10, min)).toISOString();
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function trial(n: number, judged: boolean): TrialInput {
  return {
    jobName: 'human_P07',
    trialName: `as-${n}__abcdefgh`,
    trialId: uuid(n),
    studyId: 'slack-demo',
    query: { id: `as-${n}`, category: 'AS', query: `Question ${n}?`, timeLimitMinutes: 15 },
    participant: 'P07',
    appVersion: '0.1.0',
    actions: [
      { tool: 'search_messages', arguments: { query: 'HR-07' }, at: at(3), resultHead: '4 results' },
      { tool: 'get_thread_replies', arguments: { channel: 'C01', thread_ts: '1728468000.000100' }, at: at(4) },
    ],
    answer: { text: 'HR-07', at: at(9) },
    outcome: judged ? { status: 'judged', verdict: { queryId: `as-${n}`, category: 'AS', mode: 'match', pass: true, reward: 1, reply: 'YES' } } : null,
    timing: {
      environmentSetup: { startedAt: at(0), finishedAt: at(0) },
      agentSetup: { startedAt: at(0), finishedAt: at(0) },
      agentExecution: { startedAt: at(0), finishedAt: at(9) },
      verifier: judged ? { startedAt: at(9), finishedAt: at(10) } : null,
    },
    trialUri: `file:///data/results/slack/slack-demo/human_P07/as-${n}__abcdefgh`,
  };
}

const job: JobInput = {
  jobName: 'human_P07',
  jobId: uuid(99),
  studyId: 'slack-demo',
  participant: 'P07',
  appVersion: '0.1.0',
  startedAt: at(0),
  finishedAt: at(30),
  trials: [trial(1, true), trial(2, false)],
};

/** Which model each written file must pass; null: Teamseat's own file (not one of Harbor's models). */
function modelFor(rel: string): z.ZodType | null {
  if (rel === 'result.json') return harborJobResult;
  if (rel.endsWith('/result.json')) return harborTrialResult;
  if (rel.endsWith('/config.json')) return harborTrialConfig;
  if (rel.endsWith('/agent/trajectory.json')) return atifTrajectory;
  return null;
}
const TEAMSEAT_FILES = /^(config\.json|slackbench\.json|[^/]+\/(trial\.log|agent\/answer\.txt|verifier\/reward\.txt|verifier\/judgement\.json))$/;

function written(): Record<string, string> {
  const out = jobFiles(job);
  if (!out.ok) throw new Error(out.error.message);
  return out.value;
}

describe('Harbor files against Harbor’s own models', () => {
  it('every file written is either one of Harbor’s models (and passes it strictly) or a named Teamseat file', () => {
    const files = written();
    let checked = 0;
    for (const [rel, content] of Object.entries(files)) {
      const model = modelFor(rel);
      if (model === null) {
        expect(rel, `${rel} is neither a Harbor model nor a known Teamseat file`).toMatch(TEAMSEAT_FILES);
        continue;
      }
      const parsed = model.safeParse(JSON.parse(content));
      expect(parsed.error?.issues, rel).toBeUndefined();
      checked++;
    }
    expect(checked).toBe(1 + 2 * 3);
  });

  it('trial result.json has task_id, task_checksum and agent_result with nulls a person has none of', () => {
    const r = harborTrialResult.parse(JSON.parse(written()['as-1__abcdefgh/result.json']!));
    expect(r.task_id).toEqual({ path: 'slack-demo/as-1' });
    expect(r.task_checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(r.task_checksum).toBe(taskChecksum(job.trials[0]!.query));
    expect(r.task_checksum).not.toBe(taskChecksum({ ...job.trials[0]!.query, query: 'Another question?' }));
    expect(r.agent_result).toEqual({
      n_input_tokens: null,
      n_cache_tokens: null,
      n_output_tokens: null,
      cost_usd: null,
      rollout_details: null,
      metadata: { teamseat: { participant: 'P07', actions: 2, answered: true } },
    });
    expect(r.trial_uri).toBe('file:///data/results/slack/slack-demo/human_P07/as-1__abcdefgh');
    expect(r.config.agent).toMatchObject({ name: 'human', model_name: 'human:P07', max_timeout_sec: 900, kwargs: { teamseat: { category: 'AS' } } });
    const unjudged = harborTrialResult.parse(JSON.parse(written()['as-2__abcdefgh/result.json']!));
    expect(unjudged.verifier_result).toBeNull();
  });

  it('trajectories are ATIF-v1.6 with Teamseat’s data under extra; the job result lists its trials', () => {
    const t = atifTrajectory.parse(JSON.parse(written()['as-1__abcdefgh/agent/trajectory.json']!));
    expect(t.schema_version).toBe('ATIF-v1.6');
    expect(t.extra).toEqual({ teamseat: { actor: 'person', actions: 2, answered: true } });
    const j = harborJobResult.parse(JSON.parse(written()['result.json']!));
    expect(j.trial_results?.map((r) => r.trial_name)).toEqual(['as-1__abcdefgh', 'as-2__abcdefgh']);
    expect(JSON.parse(written()['slackbench.json']!)).toMatchObject({ overall: null, missing: ['HA', 'SU', 'CI'] });
  });

  it('the models forbid unknown keys, agent-only fields on other steps, and steps out of order', () => {
    const files = written();
    const result = JSON.parse(files['as-1__abcdefgh/result.json']!) as Record<string, unknown>;
    expect(harborTrialResult.safeParse({ ...result, teamseat: {} }).success).toBe(false);
    const { task_checksum: _drop, ...noChecksum } = result;
    expect(harborTrialResult.safeParse(noChecksum).success).toBe(false);
    expect(harborTrialResult.safeParse({ ...result, id: 'id-as-1' }).success).toBe(false);

    const t = JSON.parse(files['as-1__abcdefgh/agent/trajectory.json']!) as { steps: Array<Record<string, unknown>> } & Record<string, unknown>;
    expect(atifTrajectory.safeParse({ ...t, schema_version: 'ATIF-v1.4' }).success).toBe(false);
    expect(atifTrajectory.safeParse({ ...t, participant: 'P07' }).success).toBe(false);
    const userWithCalls = { ...t, steps: [{ ...t.steps[0], tool_calls: [] }, ...t.steps.slice(1)] };
    expect(atifTrajectory.safeParse(userWithCalls).error?.issues[0]?.message).toMatch(/only applicable when source is 'agent'/);
    const reordered = { ...t, steps: [t.steps[1], t.steps[0], ...t.steps.slice(2)] };
    expect(atifTrajectory.safeParse(reordered).success).toBe(false);
  });
});
