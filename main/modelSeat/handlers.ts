import { fail, ok } from '../../shared/result.js';
import type { modelSeatMethods } from '../../shared/contract/modelSeat.js';
import { taskVersions } from '../../shared/team/pack/schema.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import { rescoreStudy } from '../scoring/studyScoring.js';
import { loadTeamPack } from '../team/pack/loadPack.js';
import { teamSessionsOf } from '../team/teamSessionsOf.js';
import { chatPostFor, loadModelStudy, pickModels } from './modelConfig.js';
import { isModelParticipant, modelRecordOf } from './modelLog.js';
import { GRADED } from '../slackSeat/runLog.js';
import { writeModelResults } from './modelResults.js';
import { playTeamModelRun } from './teamModelRun.js';

/** Runs playing in this process, by session id: the watcher says whether the model is still at it. */
const playing = new WeakMap<AppServices, Set<string>>();

export function setupModelSeatHandlers(s: AppServices): Pick<AppHandlers, keyof typeof modelSeatMethods> {
  const mine = playing.get(s) ?? new Set<string>();
  playing.set(s, mine);
  // A model's Slack answer graded later (blind grader, judge endpoint) reaches its Harbor trial at once.
  s.closers.push(
    s.bus.subscribe((e) => {
      if (e.type !== 'session.event' || e.event.kind !== GRADED) return;
      const session = s.database.eventLog?.getSession(e.event.sessionId);
      if (!session || !isModelParticipant(session.participant)) return;
      const written = writeModelResults(s, session.studyKey);
      if (!written.ok) s.log.warn('model results not written', { studyKey: session.studyKey, problem: written.error.message });
    }),
  );
  return {
    modelSeatOptions: ({ studyKey }) => {
      const study = loadModelStudy(s.library, studyKey);
      if (!study.ok) return study;
      const dir = s.library.dirOf(studyKey)!;
      return ok({
        models: study.value.models.map((m) => ({
          name: m.name,
          model: m.endpoint.model,
          baseUrl: m.endpoint.base_url,
          keyEnv: m.endpoint.key_env ?? null,
          ready: !m.endpoint.key_env || Boolean(process.env[m.endpoint.key_env]),
        })),
        tasks: loadTeamPack(dir).tasks.map((t) => ({
          taskId: t.task.id,
          title: t.task.title,
          versions: taskVersions.map((version) => ({ version, seeds: t.versions[version].seeds })),
        })),
      });
    },
    modelSeatStart: async (a) => {
      const study = loadModelStudy(s.library, a.studyKey);
      if (!study.ok) return study;
      const picked = pickModels(study.value, [a.model]);
      if (!picked.ok) return picked;
      const model = picked.value[0]!;
      const post = chatPostFor(model);
      if (!post.ok) return post;
      const log = s.database.eventLog;
      if (!log) return fail('database', 'The session database cannot be used.');
      let started: (id: string) => void = () => undefined;
      const sessionId = new Promise<string>((resolve) => (started = resolve));
      const run = playTeamModelRun({
        sessions: teamSessionsOf(s),
        log,
        bus: s.bus,
        post: post.value,
        model: { name: model.name, id: model.endpoint.model, baseUrl: model.endpoint.base_url },
        studyKey: a.studyKey,
        taskId: a.taskId,
        version: a.version,
        seed: a.seed,
        budget: model.budget,
        onStarted: (id) => {
          mine.add(id);
          started(id);
        },
      }).then((done) => {
        if (done.ok) mine.delete(done.value.sessionId);
        const written = writeModelResults(s, a.studyKey);
        if (written.ok) rescoreStudy(s, a.studyKey, written.value.dir);
        return done;
      });
      // Either the session exists (the model plays on) or the run could not start at all.
      const first = await Promise.race([sessionId.then((id) => ({ id })), run.then((done) => ({ done }))]);
      if ('id' in first) return ok({ sessionId: first.id });
      return first.done.ok ? ok({ sessionId: first.done.value.sessionId }) : first.done;
    },
    modelSeatWatch: ({ sessionId }) => {
      const log = s.database.eventLog;
      if (!log) return fail('database', 'The session database cannot be used.');
      const summary = log.getSession(sessionId);
      if (!summary || !isModelParticipant(summary.participant))
        return fail('not_found', `No model run ${sessionId}.`);
      const team = teamSessionsOf(s).get(sessionId);
      if (!team.ok) return team;
      const record = modelRecordOf(log.replay(sessionId));
      return ok({
        view: team.value.view(),
        model: { name: record.started?.model_name ?? '', id: record.started?.model_id ?? '' },
        steps: record.steps.map((x) => ({
          round: x.round,
          latencyMs: x.latency_ms,
          tokens: x.usage?.total_tokens ?? null,
          calls: x.calls.map(({ name, arguments: args, ok: good, result }) => ({
            name,
            arguments: args,
            ok: good,
            result,
          })),
        })),
        error: record.error ? { reason: record.error.reason, message: record.error.message } : null,
        playing: mine.has(sessionId),
      });
    },
  };
}
