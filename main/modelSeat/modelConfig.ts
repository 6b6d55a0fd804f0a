import { describeProblem } from '../../shared/problems.js';
import { fail, ok, type Result } from '../../shared/result.js';
import type { ModelEndpoint } from '../../shared/study/protocol.js';
import { taskVersions, type TaskVersion } from '../../shared/team/pack/schema.js';
import type { PlannedScenario } from '../../shared/team/export/resultTypes.js';
import type { StudyLibrary } from '../studies/studyLibrary.js';
import { validateStudyPack } from '../studies/validatePack.js';
import { createChatClient } from '../judge/chatClient.js';
import type { ChatPost } from '../judge/toolChat.js';
import { loadTeamPack } from '../team/pack/loadPack.js';
import type { QueryCategory } from '../../shared/judge/query.js';
import { loadSlackStudy } from '../slackSeat/slackStudy.js';
import type { ModelBudget } from './teamModelRun.js';

/** One configured model of a study, ready to call. */
export interface ConfiguredModel {
  name: string;
  endpoint: ModelEndpoint;
  budget: ModelBudget;
}

/** A cell of the model plan: one run of one task in one version with one seed. */
export interface ModelCell {
  taskId: string;
  dimension: string;
  version: TaskVersion;
  seed: number;
}

/** A cell of a Slack study's model plan: one query. */
export interface QueryCell {
  queryId: string;
  category: QueryCategory;
}

export interface ModelStudy {
  studyKey: string;
  studyId: string;
  kind: 'team' | 'slack';
  models: ConfiguredModel[];
  /** Team studies: every counted task × version × seed (the protocol's tasks and versions when it names them, else all). */
  cells: ModelCell[];
  /** Slack studies: every counted query (the protocol's when it names them, else all). */
  queries: QueryCell[];
}

/** The study's `models:` section and the cells a model plays, read and checked as the library checks the pack. */
export function loadModelStudy(library: StudyLibrary, studyKey: string): Result<ModelStudy> {
  const study = library.open(studyKey);
  if (!study) return fail('not_found', `No study "${studyKey}" in the library.`);
  const checked = validateStudyPack(study.dir);
  if (checked.problems.length > 0 || !checked.manifest) return fail('invalid_pack', checked.problems.map(describeProblem).join('; '));
  const manifest = checked.manifest;
  const models = Object.entries(manifest.models ?? {}).map(([name, endpoint]) => ({ name, endpoint, budget: budgetOf(endpoint) }));
  if (manifest.kind === 'slack') {
    const slack = loadSlackStudy(library, studyKey);
    if (!slack.ok) return slack;
    const counted = manifest.protocol?.queries;
    const queries = slack.value.queries.filter((q) => !counted || counted.includes(q.id)).map((q) => ({ queryId: q.id, category: q.category }));
    return ok({ studyKey, studyId: manifest.id, kind: 'slack', models, cells: [], queries });
  }
  if (manifest.kind !== 'team') return fail('bad_request', `"${manifest.title}" is a ${manifest.kind} study; the model seat plays team and Slack studies.`);
  const protocol = manifest.protocol;
  const wanted = new Set(protocol?.tasks ?? []);
  const versions = protocol?.versions ?? [...taskVersions];
  const cells: ModelCell[] = [];
  for (const t of loadTeamPack(study.dir).tasks) {
    if (wanted.size > 0 && !wanted.has(t.task.id)) continue;
    for (const version of versions) for (const seed of t.versions[version].seeds) cells.push({ taskId: t.task.id, dimension: t.task.dimension, version, seed });
  }
  return ok({ studyKey, studyId: manifest.id, kind: 'team', models, cells, queries: [] });
}

export function budgetOf(endpoint: ModelEndpoint): ModelBudget {
  return { tokens: endpoint.max_tokens_per_run, seconds: endpoint.max_seconds_per_run, stepsPerTurn: endpoint.max_steps_per_turn };
}

/** The models to play: the named ones (each must be configured), or all. */
export function pickModels(study: ModelStudy, names: readonly string[]): Result<ConfiguredModel[]> {
  if (study.models.length === 0) return fail('bad_request', `Study "${study.studyId}" has no \`models:\` section in its study.yaml (studies/FORMAT-study.md).`);
  if (names.length === 0) return ok(study.models);
  const unknown = names.filter((n) => !study.models.some((m) => m.name === n));
  if (unknown.length > 0) return fail('bad_request', `No model ${unknown.join(', ')} under \`models:\` of ${study.studyId}; configured: ${study.models.map((m) => m.name).join(', ')}.`);
  return ok(study.models.filter((m) => names.includes(m.name)));
}

/**
 * The endpoint's one request, through the judge panel's client. The key comes from the environment variable the
 * study names (never from the study file); a local server needs none.
 */
export function chatPostFor(model: ConfiguredModel, env: NodeJS.ProcessEnv = process.env, overrides: { maxAttempts?: number; backoffMs?: number } = {}): Result<ChatPost> {
  const keyEnv = model.endpoint.key_env;
  const apiKey = keyEnv ? env[keyEnv] : '';
  if (keyEnv && !apiKey) return fail('bad_request', `Model ${model.name} needs its key in the environment variable ${keyEnv}, which is not set.`);
  const client = createChatClient(
    { baseUrl: model.endpoint.base_url, model: model.endpoint.model, apiKey: apiKey ?? '' },
    { timeoutMs: model.endpoint.timeout_seconds * 1000, temperature: model.endpoint.temperature, maxAttempts: overrides.maxAttempts ?? 3, backoffMs: overrides.backoffMs ?? 1000 },
  );
  // The client is the judge panel's; its messages name the judge endpoint, which here is the model's.
  return ok(async (body) => {
    const r = await client.post(body);
    return r.ok ? r : fail(r.error.code, r.error.message.replaceAll('judge endpoint', 'model endpoint'));
  });
}

/** What each configured model is planned to run, keyed by its model id, for `missing_runs`. */
export function modelPlans(study: ModelStudy): Map<string, PlannedScenario[]> {
  const byTask = new Map<string, PlannedScenario>();
  for (const c of study.cells) {
    const p = byTask.get(c.taskId) ?? { dimension: c.dimension, scenario: c.taskId, seeds: { alone: [], control: [], manipulation: [] } };
    p.seeds[c.version].push(c.seed);
    byTask.set(c.taskId, p);
  }
  return new Map(study.models.map((m) => [m.endpoint.model, [...byTask.values()]]));
}
