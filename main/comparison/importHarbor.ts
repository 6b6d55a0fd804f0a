import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { fail, ok, type Result } from '../../shared/result.js';
import { queryCategories, type QueryCategory } from '../../shared/judge/query.js';
import { slackRowOf, type SlackRow } from '../../shared/comparison/slackRows.js';
import { describeIssue } from '../../shared/comparison/finalResultsSchema.js';

/** The fields of a Harbor trial result.json the comparison reads (FORMATS.md §3); the rest is Harbor's business. */
const trialResultSchema = z.looseObject({
  task_name: z.string().min(1),
  trial_name: z.string().min(1),
  agent_info: z.looseObject({
    name: z.string().min(1),
    model_info: z
      .looseObject({ name: z.string().min(1) })
      .nullable()
      .optional(),
  }),
  verifier_result: z
    .looseObject({ rewards: z.record(z.string(), z.number()).nullable().optional() })
    .nullable(),
});

export interface HarborTrial {
  model: string;
  task: string;
  category: QueryCategory;
  reward: number | null;
  file: string;
}

/** A query's category: the study's list when it names the task, else a SlackBench-style `as-`/`ha_`/… prefix. */
export function categoryOf(task: string, known: ReadonlyMap<string, QueryCategory>): QueryCategory | null {
  const listed = known.get(task);
  if (listed) return listed;
  const prefix = /^(as|ha|su|ci)[-_]/i.exec(task)?.[1]?.toUpperCase();
  return prefix && (queryCategories as readonly string[]).includes(prefix) ? (prefix as QueryCategory) : null;
}

/** `reward` when the verifier wrote one under that name, else its only value; null for an ungraded trial. */
function rewardOf(rewards: Record<string, number> | null | undefined): number | null {
  if (!rewards) return null;
  if (typeof rewards.reward === 'number') return rewards.reward;
  const values = Object.values(rewards);
  return values.length === 1 ? values[0]! : null;
}

/** Trial folders below `dir`: a job folder (trials inside) or a folder of jobs; a trial holds result.json and agent/. */
function trialFiles(dir: string, depth = 0): string[] {
  const out: string[] = [];
  for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!d.isDirectory() || d.name.startsWith('.')) continue;
    const sub = path.join(dir, d.name);
    // A job folder has result.json too; a trial is the one with its agent's folder or its log beside it.
    const isTrial =
      fs.existsSync(path.join(sub, 'result.json')) &&
      (fs.existsSync(path.join(sub, 'agent')) || fs.existsSync(path.join(sub, 'trial.log')));
    if (isTrial) out.push(path.join(sub, 'result.json'));
    else if (depth < 3) out.push(...trialFiles(sub, depth + 1));
  }
  return out;
}

export function readHarborTrials(
  dir: string,
  known: ReadonlyMap<string, QueryCategory> = new Map(),
): Result<{ trials: HarborTrial[]; problems: string[] }> {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory())
    return fail('not_found', `${dir}: not a folder of Harbor jobs.`);
  const trials: HarborTrial[] = [];
  const problems: string[] = [];
  for (const file of trialFiles(dir)) {
    let json: unknown;
    try {
      json = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push(`${file}: not JSON (${(error as Error).message}); skipped.`);
      continue;
    }
    const parsed = trialResultSchema.safeParse(json);
    if (!parsed.success) {
      problems.push(`${describeIssue(file, parsed.error)} (expected a Harbor trial result.json); skipped.`);
      continue;
    }
    const t = parsed.data;
    const category = categoryOf(t.task_name, known);
    if (!category) {
      problems.push(
        `${file}: at task_name: "${t.task_name}" names no SlackBench category (AS, HA, SU, CI) this study knows; skipped.`,
      );
      continue;
    }
    const model = t.agent_info.model_info?.name ?? t.agent_info.name;
    trials.push({ model, task: t.task_name, category, reward: rewardOf(t.verifier_result?.rewards), file });
  }
  if (trials.length === 0 && problems.length === 0)
    return fail('bad_request', `${dir}: holds no Harbor trial (a folder with config.json and result.json).`);
  return ok({ trials, problems });
}

/** One Slack row per model in a folder of Harbor jobs. */
export function importHarbor(
  dir: string,
  known: ReadonlyMap<string, QueryCategory> = new Map(),
): Result<{ rows: SlackRow[]; problems: string[] }> {
  const read = readHarborTrials(dir, known);
  if (!read.ok) return read;
  const byModel = new Map<string, HarborTrial[]>();
  for (const t of read.value.trials) byModel.set(t.model, [...(byModel.get(t.model) ?? []), t]);
  const rows = [...byModel]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([model, ts]) =>
      slackRowOf(model, model.startsWith('human:'), { kind: 'harbor', dir, trials: ts.length }, ts),
    );
  return ok({ rows, problems: read.value.problems });
}
