import { fail, ok } from '../../shared/result.js';
import { isDemoStudyKey } from '../../shared/replay/demoKey.js';
import type { teamMethods } from '../../shared/contract/team.js';
import { taskVersions } from '../../shared/team/pack/schema.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import { teamSessionsOf } from './teamSessionsOf.js';
import { findTeamTask } from './taskSource.js';
import { exportTeamRun } from './exportRun.js';
import { finishedRunFiles } from './finishedRunFiles.js';
import { seatActor } from '../access/seatActor.js';

export function setupTeamHandlers(s: AppServices): Pick<AppHandlers, keyof typeof teamMethods> {
  const sessions = teamSessionsOf(s);
  // A check the host was killed in the middle of runs again now (issue 13).
  void sessions.recoverChecks();
  return {
    teamVersions: ({ studyKey, taskId }) => {
      const found = findTeamTask(s.library, studyKey, taskId);
      if (!found.ok) return found;
      return ok(taskVersions.map((version) => ({ version, seeds: found.value.versions[version].seeds })));
    },
    teamStart: (a) => sessions.start(a),
    teamView: async ({ sessionId }) => {
      const team = await sessions.resume(sessionId);
      return team.ok ? ok(team.value.view()) : team;
    },
    teamSend: async ({ sessionId, text, to }) => {
      const team = await sessions.resume(sessionId);
      return team.ok ? team.value.send(text, to) : team;
    },
    teamTool: async ({ sessionId, name, input }) => {
      const team = await sessions.resume(sessionId);
      if (!team.ok) return team;
      const done = await team.value.tool(name, input);
      return done.ok ? ok({ result: { name, ...done.value.outcome }, view: done.value.view }) : done;
    },
    teamAcceptDeal: async ({ sessionId }) => {
      const team = await sessions.resume(sessionId);
      return team.ok ? team.value.acceptDeal() : team;
    },
    teamOfferDeal: async ({ sessionId, youGet, theyGet }) => {
      const team = await sessions.resume(sessionId);
      return team.ok ? team.value.offerDeal({ youGet, theyGet }) : team;
    },
    teamSubmit: async ({ sessionId, answer, choice }) => {
      const team = await sessions.resume(sessionId);
      return team.ok ? team.value.submit(answer, choice) : team;
    },
    // The seat's own Pause and Resume: a participant's link may not lift the experimenter's pause (issue 25).
    teamPause: async ({ sessionId, reason }) => {
      const team = await sessions.resume(sessionId);
      return team.ok ? team.value.pause(reason, 'participant') : team;
    },
    teamResume: async ({ sessionId, reason }, ctx) => {
      const team = await sessions.resume(sessionId);
      return team.ok ? team.value.resume(reason, seatActor(ctx)) : team;
    },
    teamWorkspaceFiles: ({ sessionId }) => {
      const log = s.database.eventLog;
      return log ? finishedRunFiles(log, sessionId) : fail('database', 'The session database cannot be used.');
    },
    teamExport: async ({ sessionId }) => {
      // A quick-seat demo is never exported (issue 16): it is replayed, not counted anywhere.
      if (isDemoStudyKey(s.database.eventLog?.getSession(sessionId)?.studyKey ?? '')) return fail('conflict', 'This is a demo session: demo runs are never exported. Replay it instead.');
      const team = await sessions.resume(sessionId);
      if (!team.ok) return team;
      const { task, state } = team.value.exportInputs();
      return exportTeamRun(s.options.dataDir, task, state, s.database.eventLog!.replay(sessionId));
    },
  };
}

