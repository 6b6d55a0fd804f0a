import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { SessionSummary, StoredEvent } from '../../shared/contract/schemas.js';
import { fail, ok, type Result } from '../../shared/result.js';
import { modelDirName } from '../../shared/team/export/transcript.js';
import { teamseatTranscriptSchema } from '../../shared/team/export/transcriptSchema.js';
import type { AppServices } from '../app/appServices.js';
import { pruneEmptyDirs, removeFile, writeFileAtomic } from '../files/atomicWrite.js';
import { teamTranscriptFromLog } from '../team/exportRun.js';
import { engineEvents } from '../team/teamLog.js';
import { findTeamTask } from '../team/taskSource.js';
import { placeTranscript, excludedRoot } from '../study/resultsLayout.js';
import { isModelParticipant, MODEL_RUN_ERROR, modelRecordOf, type ModelRunRecord } from './modelLog.js';
import { slackModelFiles } from './slackModelResults.js';

/** One model run of a study, read from its log. */
export interface ModelRunOnLog {
  session: SessionSummary;
  stored: StoredEvent[];
  record: ModelRunRecord;
  version: string;
  seed: number;
  /** How the engine ended it, or null (an error, or still running). */
  ended: string | null;
}

/** Every model run of a study, oldest first. */
export function modelRunsOf(s: Pick<AppServices, 'database'>, studyKey: string): ModelRunOnLog[] {
  const log = s.database.eventLog;
  if (!log) return [];
  const out: ModelRunOnLog[] = [];
  for (const session of log.listSessions(studyKey)) {
    if (!isModelParticipant(session.participant)) continue;
    const stored = log.replay(session.id);
    const events = engineEvents(stored);
    const started = events.find((e) => e.type === 'session_started');
    if (!started || started.type !== 'session_started') continue;
    const end = events.find((e) => e.type === 'ended');
    // A run closed on an error before any end is an error, whatever a later process made of it (an old log's
    // reload ended such a run as `time_limit`): it never counts as finished (issue 28).
    const endAt = stored.findIndex((e) => e.kind === 'ended');
    const errorAt = stored.findIndex((e) => e.kind === MODEL_RUN_ERROR);
    const erredFirst = errorAt !== -1 && (endAt === -1 || errorAt < endAt);
    out.push({ session, stored, record: modelRecordOf(stored), version: started.version, seed: started.seed, ended: end?.type === 'ended' && !erredFirst ? end.how : null });
  }
  return out.sort((a, b) => a.session.createdAt.localeCompare(b.session.createdAt) || a.session.id.localeCompare(b.session.id));
}

const cellKey = (r: Pick<ModelRunOnLog, 'session' | 'version' | 'seed'>) => `${r.session.participant}\0${r.session.taskId}\0${r.version}\0${r.seed}`;

/**
 * The files a study's model runs give, relative to results/<study id>/: for each cell (model, task, version, seed)
 * the latest finished run in the benchmark layout under the model's folder; earlier finished runs of the cell under
 * excluded/superseded/<run id>/; and each run that stopped on an endpoint failure as an error record under
 * excluded/error/<run id>/ (each a benchmark root of its own),
 * which the scorer never reads, so the cell stays missing until a retry finishes it.
 */
export function modelFiles(s: Pick<AppServices, 'database' | 'library'>, studyKey: string, runs = modelRunsOf(s, studyKey)): { files: Map<string, string>; problems: string[] } {
  const files = new Map<string, string>();
  const problems: string[] = [];
  const latest = new Map<string, string>();
  const dimensions = new Map<string, Result<string>>();
  // Reading a pack is the slow part: each task's dimension is looked up once per pass.
  const dimensionOf = (taskId: string): Result<string> => {
    if (!dimensions.has(taskId)) {
      const found = findTeamTask(s.library, studyKey, taskId);
      dimensions.set(taskId, found.ok ? ok(found.value.task.dimension) : found);
    }
    return dimensions.get(taskId)!;
  };
  for (const r of runs) if (r.ended !== null) latest.set(cellKey(r), r.session.id);
  for (const r of runs) {
    const modelId = r.record.started?.model_id;
    if (!modelId) continue;
    if (r.ended !== null) {
      const built = modelTranscript(s, r, modelId);
      if (!built.ok) {
        problems.push(`model run ${r.session.id}: ${built.error.message}`);
        continue;
      }
      const counted = latest.get(cellKey(r)) === r.session.id;
      files.set(counted ? built.value.rel : placeTranscript('superseded', built.value.rel, r.session.id), built.value.content);
    } else if (r.record.error) {
      const dimension = dimensionOf(r.session.taskId);
      if (!dimension.ok) {
        problems.push(`model run ${r.session.id}: ${dimension.error.message}`);
        continue;
      }
      const rel = `${excludedRoot('error', r.session.id)}transcripts/${dimension.value}/${r.session.taskId}/${modelDirName(modelId)}/${r.version}_seed${r.seed}.json`;
      files.set(rel, JSON.stringify({ evaluated_model: modelId, run_id: r.session.id, scenario: r.session.taskId, version: r.version, seed: r.seed, error: r.record.error, usage: r.record.usage, steps: r.record.steps.length, at: r.stored.at(-1)?.wallTime ?? null }, null, 2) + '\n');
    }
  }
  return { files, problems };
}


/** A person's transcript of the same run, with the model's id, its own folder, the prompt it was sent and its usage. */
export function modelTranscript(s: Pick<AppServices, 'library'>, r: ModelRunOnLog, modelId: string): Result<{ rel: string; content: string }> {
  const built = teamTranscriptFromLog(s.library, r.session, r.stored);
  if (!built.ok) return built;
  const json = JSON.parse(built.value.content) as Record<string, unknown> & { evaluated_seat: string; system_prompts: Record<string, string> };
  json.evaluated_model = modelId;
  if (r.record.started) json.system_prompts = { ...json.system_prompts, [json.evaluated_seat]: r.record.started.system_prompt };
  json.model_run = { run_id: r.session.id, model_name: r.record.started?.model_name ?? null, reported_models: [...new Set(r.record.steps.map((x) => x.reported_model).filter((m) => m !== null))], steps: r.record.steps.length, usage: r.record.usage };
  const parsed = teamseatTranscriptSchema.safeParse(json);
  if (!parsed.success) return fail('bad_request', `the model's transcript does not match the schema at ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`);
  const parts = built.value.rel.split('/');
  // transcripts/<dimension>/<scenario>/<model dir>/<version>_seed<k>.json: the person's folder becomes the model's.
  parts[parts.length - 2] = modelDirName(modelId);
  return ok({ rel: parts.join('/'), content: JSON.stringify(json, null, 2) + '\n' });
}

const manifestSchema = z.object({ files: z.array(z.string()) });

/**
 * Writes the study's model files (temp + fsync + rename), removes those of an earlier pass that no longer belong
 * (a superseded run moved, an error retried), and returns the results folder. Files it did not write are left alone.
 */
export function writeModelResults(s: AppServices, studyKey: string): Result<{ dir: string; written: string[]; removed: string[]; problems: string[] }> {
  const study = s.library.open(studyKey);
  if (!study?.id) return fail('not_found', `No study "${studyKey}" in the library.`);
  const dir = path.join(s.options.dataDir, 'results', study.id);
  const derived = study.kind === 'slack' ? slackModelFiles(s, studyKey, s.options.version) : ok(modelFiles(s, studyKey));
  if (!derived.ok) return derived;
  const { files, problems } = derived.value;
  const manifestFile = path.join(dir, `.models-${crypto.createHash('sha256').update(studyKey).digest('hex').slice(0, 8)}.json`);
  let before: string[] = [];
  try {
    before = manifestSchema.parse(JSON.parse(fs.readFileSync(manifestFile, 'utf8'))).files;
  } catch {
    // No earlier pass (or an unreadable record of it): nothing is removed, everything is compared with the disk.
  }
  const written: string[] = [];
  for (const [rel, content] of files) {
    const file = path.join(dir, ...rel.split('/'));
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) continue;
    writeFileAtomic(file, content);
    written.push(rel);
  }
  const removed: string[] = [];
  for (const rel of before) {
    if (files.has(rel)) continue;
    const file = path.join(dir, ...rel.split('/'));
    if (!fs.existsSync(file)) continue;
    removeFile(file);
    pruneEmptyDirs(path.dirname(file), dir);
    removed.push(rel);
  }
  writeFileAtomic(manifestFile, JSON.stringify({ files: [...files.keys()].sort() }, null, 2) + '\n');
  return ok({ dir, written, removed, problems });
}
