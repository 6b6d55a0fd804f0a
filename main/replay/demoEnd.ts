import fs from 'node:fs';
import path from 'node:path';
import { fail, ok, type Result } from '../../shared/result.js';
import type { DemoEnd, demoMethods } from '../../shared/contract/demo.js';
import type { SessionSummary } from '../../shared/contract/schemas.js';
import { isDemoStudyKey, taskStudyKey } from '../../shared/replay/demoKey.js';
import { endedInWords, verdictInWords } from '../../shared/replay/verdictWords.js';
import { foldSession } from '../../shared/team/engine/state.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import type { EventLog } from '../db/eventLog.js';
import { isModelParticipant, modelNameOf } from '../modelSeat/modelLog.js';
import { engineEvents } from '../team/teamLog.js';
import { DEMO_REEL_DIR } from './handlers.js';

/** Model sessions of the task looked at, newest first: enough to find one in the version without folding every log. */
const MODEL_SESSIONS_LOOKED_AT = 40;

/**
 * The end of a quick-seat demo: the checker's verdict in words, and where a model played the same task and version,
 * that run to put beside the person's (a model-seat session, preferring the same study and seed; else the demo reel).
 */
export function setupDemoHandlers(s: AppServices): Pick<AppHandlers, keyof typeof demoMethods> {
  return {
    demoEnd: ({ sessionId }) => {
      const log = s.database.eventLog;
      const summary = log?.getSession(sessionId);
      if (!log || !summary || !isDemoStudyKey(summary.studyKey)) return fail('not_found', `${sessionId} is not a demo session.`);
      const state = foldSession(engineEvents(log.replay(sessionId)));
      if (!state.started) return fail('bad_request', `Demo session ${sessionId} has no start.`);
      const status: DemoEnd['status'] = state.ended ? 'ended' : state.submitted || state.endRequested ? 'checking' : 'running';
      const words = state.score ? verdictInWords(state.score) : null;
      return ok({
        status,
        ended: state.ended,
        endedWords: endedInWords(state.ended),
        verdict:
          state.score && words
            ? { pass: state.score.pass, outcome: state.score.outcome, headline: words.headline, outcomeWords: words.outcome, reasons: words.reasons }
            : null,
        model: modelRunOf(s.options.appRoot, log, summary, state.started.version, state.started.seed),
      });
    },
  };
}

function modelRunOf(appRoot: string, log: EventLog, demo: SessionSummary, version: string, seed: number): DemoEnd['model'] {
  const studyKey = taskStudyKey(demo.studyKey);
  const found = modelSessions(log, demo.taskId, version)
    // The same study first (the same pack), then the same seed (the same script), then the newest.
    .sort((a, b) => Number(b.session.studyKey === studyKey) - Number(a.session.studyKey === studyKey) || Number(b.seed === seed) - Number(a.seed === seed))
    .at(0);
  if (found) return { source: { kind: 'session', sessionId: found.session.id }, title: `${modelNameOf(found.session.participant)} · seed ${found.seed}` };
  return reelModelRun(appRoot, demo.taskId, version);
}

/** Ended model-seat runs of the task in the version, newest first. */
function modelSessions(log: EventLog, taskId: string, version: string): Array<{ session: SessionSummary; seed: number }> {
  const out: Array<{ session: SessionSummary; seed: number }> = [];
  const candidates = log
    .listSessions()
    .filter((x) => x.taskId === taskId && isModelParticipant(x.participant) && !isDemoStudyKey(x.studyKey))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, MODEL_SESSIONS_LOOKED_AT);
  for (const session of candidates) {
    const state = foldSession(engineEvents(log.replay(session.id)));
    if (state.started?.version === version && state.ended) out.push({ session, seed: state.started.seed });
  }
  return out;
}

/**
 * A model's transcript in the demo reel, laid out as the benchmark lays out results
 * (`<dimension>/<scenario>/<model-dir>/<version>_seed<k>.json`); a `human_…` model dir is a person's run.
 */
function reelModelRun(appRoot: string, taskId: string, version: string): DemoEnd['model'] {
  const root = path.join(appRoot, DEMO_REEL_DIR, 'transcripts');
  let dimensions: string[];
  try {
    dimensions = fs.readdirSync(root).sort();
  } catch {
    return null;
  }
  for (const dimension of dimensions) {
    const scenario = path.join(root, dimension, taskId);
    let models: string[];
    try {
      models = fs.readdirSync(scenario).sort();
    } catch {
      continue;
    }
    for (const modelDir of models.filter((m) => !m.startsWith('human'))) {
      let files: string[];
      try {
        files = fs.readdirSync(path.join(scenario, modelDir)).filter((f) => f.startsWith(`${version}_seed`) && f.endsWith('.json')).sort();
      } catch {
        continue;
      }
      const file = files[0];
      if (!file) continue;
      const rel = path.relative(appRoot, path.join(scenario, modelDir, file)).split(path.sep).join('/');
      const model = evaluatedModel(path.join(scenario, modelDir, file));
      return { source: { kind: 'file', path: rel }, title: `${model.ok ? model.value : modelDir} · ${file.replace(/\.json$/, '').replace('_', ' · ')}` };
    }
  }
  return null;
}

/** The file's `evaluated_model` (a reel file is small; a file that cannot be read is named by its folder instead). */
function evaluatedModel(file: string): Result<string> {
  try {
    const value = (JSON.parse(fs.readFileSync(file, 'utf8')) as { evaluated_model?: unknown }).evaluated_model;
    return typeof value === 'string' && value ? ok(value) : fail('bad_request', `${file}: no evaluated_model`);
  } catch (error) {
    return fail('bad_request', `${file}: ${(error as Error).message}`);
  }
}
