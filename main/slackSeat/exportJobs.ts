import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { jobFiles } from '../../shared/harbor/job.js';
import type { TrialInput } from '../../shared/harbor/trial.js';
import { fail, ok, type Result } from '../../shared/result.js';
import { currentGrade, judgeNameOf, timeOnTaskOf, type RunState } from './runLog.js';
import type { SlackStudy } from './slackStudy.js';

export interface ExportedJob {
  participant: string;
  path: string;
  trials: number;
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, '').replace('T', '-');

/** A stable UUID-shaped id from a name, so a job rewritten from the same log has the same ids. */
export function stableId(name: string): string {
  const h = crypto.createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export const trialNameOf = (run: RunState) => `${run.started.queryId}__${run.runId.replace(/[^A-Za-z0-9]/g, '').slice(0, 8)}`;

/**
 * A trial from a run's log: once answered it is a trial with `verifier_result: null`; its grade, when given, fills
 * the verifier. `requireGrade` keeps the one-at-a-time export to graded trials, as before.
 */
function trialOf(study: SlackStudy, run: RunState, jobName: string, appVersion: string, opts: { requireGrade: boolean; participant?: string; trialId?: string }): TrialInput | null {
  const grade = currentGrade(run, study.grading);
  const query = study.queries.find((q) => q.id === run.started.queryId);
  if (!run.answer || !query || (opts.requireGrade && !grade)) return null;
  const judgeModel = judgeNameOf(run, study.grading);
  return {
    jobName,
    trialName: trialNameOf(run),
    trialId: opts.trialId ?? crypto.randomUUID(),
    studyId: study.id,
    query: { id: query.id, category: query.category, query: query.query, timeLimitMinutes: run.started.timeLimitMinutes },
    participant: opts.participant ?? run.started.participant,
    appVersion,
    actions: run.actions,
    answer: { text: run.answer.answer, at: run.answer.at },
    outcome: grade?.outcome ?? null,
    ...(judgeModel ? { judgeModel } : {}),
    timeOnTask: timeOnTaskOf(run),
    timing: {
      // The workspace was imported before the run, and a person has no setup phase: both are the start instant.
      environmentSetup: { startedAt: run.startedAt, finishedAt: run.startedAt },
      agentSetup: { startedAt: run.startedAt, finishedAt: run.startedAt },
      agentExecution: { startedAt: run.startedAt, finishedAt: run.answer.at },
      verifier: grade ? { startedAt: run.answer.at, finishedAt: grade.at } : null,
    },
  };
}

/**
 * Every file of one participant's job (`human_<code>`), keyed by path relative to the job folder, from the run logs
 * alone and with ids derived from them: written again from the same log, it is the same bytes.
 */
export function slackJobFiles(study: SlackStudy, participant: string, runs: readonly RunState[], appVersion: string, jobName = `human_${participant}`): Result<Record<string, string>> {
  const trials = runs
    .map((r) => trialOf(study, r, jobName, appVersion, { requireGrade: false, participant, trialId: stableId(`${study.id}/${r.runId}`) }))
    .filter((t): t is TrialInput => t !== null)
    .sort((a, b) => a.trialName.localeCompare(b.trialName));
  if (trials.length === 0) return ok({});
  return jobFiles({
    jobName,
    jobId: stableId(`${study.id}/${jobName}`),
    studyId: study.id,
    participant,
    appVersion,
    startedAt: trials.map((t) => t.timing.environmentSetup.startedAt).sort()[0]!,
    finishedAt: trials.map((t) => t.timing.verifier?.finishedAt ?? t.timing.agentExecution.finishedAt).sort().at(-1)!,
    trials,
  });
}

/**
 * One Harbor job per participant under `<data>/results/slack/<study id>/<job>/`, with every graded trial, built
 * from the run logs only. Each export is a new dated job folder; earlier exports are never overwritten.
 */
export function exportSlackJobs(
  dataDir: string,
  study: SlackStudy,
  runs: readonly RunState[],
  appVersion: string,
  now = new Date(),
): Result<ExportedJob[]> {
  const byParticipant = new Map<string, RunState[]>();
  for (const run of runs) byParticipant.set(run.started.participant, [...(byParticipant.get(run.started.participant) ?? []), run]);
  const jobs: ExportedJob[] = [];
  for (const [participant, mine] of [...byParticipant].sort((a, b) => a[0].localeCompare(b[0]))) {
    const jobName = `human_${participant}_${stamp(now)}`;
    const dir = path.join(dataDir, 'results', 'slack', study.id, jobName);
    // Harbor's trial_uri is the trial folder as a file:// URI; this export knows where the folder goes.
    const trials = mine
      .map((r) => trialOf(study, r, jobName, appVersion, { requireGrade: true }))
      .filter((t): t is TrialInput => t !== null)
      .map((t) => ({ ...t, trialUri: pathToFileURL(path.join(dir, t.trialName)).href }));
    if (trials.length === 0) continue;
    const files = jobFiles({
      jobName,
      jobId: crypto.randomUUID(),
      studyId: study.id,
      participant,
      appVersion,
      startedAt: trials.map((t) => t.timing.environmentSetup.startedAt).sort()[0] ?? now.toISOString(),
      finishedAt: trials.map((t) => t.timing.verifier?.finishedAt ?? t.timing.agentExecution.finishedAt).sort().at(-1) ?? now.toISOString(),
      trials,
    });
    if (!files.ok) return files;
    if (fs.existsSync(dir)) return fail('conflict', `The export folder ${dir} already exists; export again in a second.`);
    for (const [rel, content] of Object.entries(files.value)) {
      const file = path.join(dir, ...rel.split('/'));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
    }
    jobs.push({ participant, path: dir, trials: trials.length });
  }
  return ok(jobs);
}
