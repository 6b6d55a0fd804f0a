import { describe, expect, it } from 'vitest';
import type { JudgeOutcome } from '../judge/judgeAnswer.js';
import { jobFiles, type JobInput } from './job.js';
import { jobConfigSchema, jobResultSchema, trajectorySchema, trialConfigSchema, trialResultSchema } from './schemas.js';
import type { TrialInput } from './trial.js';

const at = (min: number) => new Date(Date.UTC(2025, 0, 15, 10, min)).toISOString();

function trial(name: string, category: 'AS' | 'HA' | 'SU' | 'CI', outcome: JudgeOutcome | null): TrialInput {
  return {
    jobName: 'slack-demo-P07',
    trialName: name,
    trialId: `00000000-0000-4000-8000-${name.replace(/[^0-9a-f]/g, '0').padStart(12, '0').slice(-12)}`,
    studyId: 'slack-demo',
    query: { id: name, category, query: `Question ${name}?` },
    participant: 'P07',
    appVersion: '0.1.0',
    actions: [
      { tool: 'search_messages', arguments: { query: 'in:#calibration HR-07' }, at: at(3), resultHead: '4 results' },
      { tool: 'get_thread_replies', arguments: { channel: 'C01', thread_ts: '1728468000.000100' }, at: at(4) },
      { tool: 'list_commits', arguments: { repo: 'calibrate', path: 'config/default.yaml' }, at: at(6) },
    ],
    answer: { text: 'HR-07, because of the exhaust vent', at: at(9) },
    outcome,
    judgeModel: 'judge-mini',
    timing: {
      environmentSetup: { startedAt: at(0), finishedAt: at(1) },
      agentSetup: { startedAt: at(1), finishedAt: at(2) },
      agentExecution: { startedAt: at(2), finishedAt: at(9) },
      verifier: outcome ? { startedAt: at(9), finishedAt: at(10) } : null,
    },
  };
}

const judged = (id: string, category: 'AS' | 'SU', reward: number): JudgeOutcome => ({
  status: 'judged',
  verdict: { queryId: id, category, mode: category === 'SU' ? 'checklist' : 'match', pass: reward === 1, reward, reply: 'YES' },
});

const job: JobInput = {
  jobName: 'slack-demo-P07',
  jobId: '11111111-2222-4333-8444-555555555555',
  studyId: 'slack-demo',
  participant: 'P07',
  appVersion: '0.1.0',
  startedAt: at(0),
  finishedAt: at(30),
  trials: [
    trial('as-1', 'AS', judged('as-1', 'AS', 1)),
    trial('su-1', 'SU', judged('su-1', 'SU', 0.75)),
    trial('as-2', 'AS', { status: 'error', queryId: 'as-2', stage: 'reply', message: 'not YES or NO', reply: 'hmm' }),
  ],
};

function files(): Record<string, string> {
  const out = jobFiles(job);
  if (!out.ok) throw new Error(out.error.message);
  return out.value;
}
const read = (name: string): unknown => JSON.parse(files()[name] ?? 'null');

describe('Harbor job folder', () => {
  it('writes the job and per-trial files, and only judged trials get a reward', () => {
    const names = Object.keys(files());
    expect(names).toContain('config.json');
    expect(names).toContain('result.json');
    for (const t of ['as-1', 'su-1', 'as-2']) {
      for (const f of ['config.json', 'result.json', 'trial.log', 'agent/trajectory.json', 'agent/answer.txt']) {
        expect(names).toContain(`${t}/${f}`);
      }
    }
    expect(files()['su-1/verifier/reward.txt']).toBe('0.75\n');
    expect(names).not.toContain('as-2/verifier/reward.txt');
  });

  it('every JSON file matches its schema', () => {
    expect(jobConfigSchema.safeParse(read('config.json')).success).toBe(true);
    expect(jobResultSchema.safeParse(read('result.json')).error).toBeUndefined();
    for (const t of ['as-1', 'su-1', 'as-2']) {
      expect(trialConfigSchema.safeParse(read(`${t}/config.json`)).error).toBeUndefined();
      expect(trialResultSchema.safeParse(read(`${t}/result.json`)).error).toBeUndefined();
      expect(trajectorySchema.safeParse(read(`${t}/agent/trajectory.json`)).error).toBeUndefined();
    }
  });

  it('counts a failed judgement as an error, and scores the rest', () => {
    const result = jobResultSchema.parse(read('result.json'));
    expect(result.stats.n_trials).toBe(3);
    expect(result.stats.n_errors).toBe(1);
    const evals = result.stats.evals['human__human:P07__slack-demo'];
    expect(evals?.metrics[0]?.mean).toBeCloseTo(0.875);
    expect(evals?.reward_stats.reward).toEqual({ '1.0': ['as-1'], '0.75': ['su-1'] });
    expect(evals?.exception_stats).toEqual({ JudgeReplyMalformed: ['as-2'] });
    const trialResult = trialResultSchema.parse(read('as-2/result.json'));
    expect(trialResult.verifier_result).toBeNull();
    expect(trialResult.exception_info?.exception_message).toBe('not YES or NO');
  });

  it('records the person as the human agent with timing blocks', () => {
    const r = trialResultSchema.parse(read('as-1/result.json'));
    expect(r.agent_info).toEqual({ name: 'human', version: '0.1.0', model_info: { name: 'human:P07', provider: 'teamseat' } });
    expect(r.verifier_result?.rewards).toEqual({ reward: 1 });
    expect(r.agent_execution).toEqual({ started_at: at(2), finished_at: at(9) });
  });

  it('writes the actions as tool calls and ends with the FINAL_ANSWER message', () => {
    const t = trajectorySchema.parse(read('as-1/agent/trajectory.json'));
    expect(t.steps[0]).toMatchObject({ source: 'user', message: 'Question as-1?' });
    const calls = t.steps.flatMap((s) => s.tool_calls ?? []);
    expect(calls.map((c) => c.function_name)).toEqual(['search_messages', 'get_thread_replies', 'list_commits']);
    expect(calls[0]?.arguments).toEqual({ query: 'in:#calibration HR-07' });
    expect(t.steps.at(-1)?.message).toBe('FINAL_ANSWER: HR-07, because of the exhaust vent');
    expect(t.steps.map((s) => s.step_id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses trial names that would escape the job folder or collide', () => {
    const escape = jobFiles({ ...job, trials: [trial('../x', 'AS', null)] });
    expect(escape.ok).toBe(false);
    const twice = jobFiles({ ...job, trials: [trial('a', 'AS', null), trial('a', 'AS', null)] });
    expect(twice.ok || twice.error.code).toBe('conflict');
  });
});
