import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app/services.js';
import { silentLogger } from '../app/logger.js';
import { confSettingsFactory } from '../settings/confFactory.js';
import { makeTempDir } from '../testing/tempDir.js';
import { ScopedHost } from '../access/scopedHost.js';
import type { AccessScope } from '../../shared/contract/access.js';
import type { RunView } from '../../shared/contract/slack.js';
import type { ParticipantScreen, StudyOverview } from '../../shared/contract/study.js';
import type { Result } from '../../shared/result.js';
import { openAndWait } from '../slackSeat/slackSeat.testing.js';
import { foldRun, timeOnTaskOf } from '../slackSeat/runLog.js';

// An online Slack study's abandoned visit (issue 25), against the real app on an injected wall clock: its open query
// run is paused from its last event as a team run is, so the idle time is not time on task and the seat cannot lift it.

const STUDY_KEY = 'user:slack-online';
const PRACTICE = 'as-library-permit';

/** slack-demo with a study link (`protocol.enrolment`), as a researcher would add one. */
function writeOnlineSlackStudy(dataDir: string): void {
  const to = path.join(dataDir, 'studies', 'slack-online');
  fs.cpSync(path.resolve(import.meta.dirname, '../../studies/slack-demo'), to, { recursive: true });
  const study = YAML.parse(fs.readFileSync(path.join(to, 'study.yaml'), 'utf8')) as { id: string; protocol: Record<string, unknown> };
  study.id = 'slack-online';
  study.protocol.enrolment = { id_parameter: 'PROLIFIC_PID', cap: 4, abandon_after_minutes: 30 };
  fs.writeFileSync(path.join(to, 'study.yaml'), YAML.stringify(study));
}

const opened: Array<() => unknown> = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

describe('an abandoned visit of an online Slack study', () => {
  it("pauses its open query run from its last event: the idle time is not on its clock, and the seat cannot resume it", async () => {
    const tmp = makeTempDir();
    writeOnlineSlackStudy(tmp.dir);
    let now = Date.parse('2026-03-01T10:00:00Z');
    const app = createApp({
      host: 'browser',
      version: '0.0.0-test',
      appRoot: path.resolve(import.meta.dirname, '../..'),
      dataDir: tmp.dir,
      settingsFactory: confSettingsFactory,
      log: silentLogger,
      wallClock: () => new Date(now),
    });
    opened.push(async () => {
      await app.close();
      tmp.cleanup();
    });
    const host = new ScopedHost(app.handlers, app.bus, app.ownership, silentLogger, 'browser');
    const as = async <T,>(scope: AccessScope, method: string, args: unknown) => (await host.call(scope, method, args)) as Result<T>;
    const must = async <T,>(scope: AccessScope, method: string, args: unknown): Promise<T> => {
      const r = await as<T>(scope, method, args);
      if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
      return r.value;
    };
    const exp = { kind: 'experimenter' } as const;
    await openAndWait(app, 'slackOpenStudyWorkspace', { studyKey: STUDY_KEY, queryId: PRACTICE });

    // One visit through the study link, into its practice query's run, with one search.
    const { fragment } = await must<{ fragment: string }>(exp, 'enrolmentLink', { studyKey: STUDY_KEY });
    const link = app.access.resolve(fragment.replace(/^enrol=/, ''))!;
    const visit = await must<{ capability: string }>(link, 'enrolVisit', { platformId: '5f2a9c0e1b3d4f5a6b7c8d01' });
    const scope = app.access.resolve(visit.capability) as Extract<AccessScope, { kind: 'participant' }>;
    const who = { participantId: scope.participantId };
    const step = (s: ParticipantScreen) => ('stepToken' in s ? s.stepToken : '');
    const consent = await must<ParticipantScreen>(scope, 'participantStep', who);
    const instructions = await must<ParticipantScreen>(scope, 'participantConsent', { ...who, stepToken: step(consent), agree: true });
    const practice = await must<ParticipantScreen>(scope, 'participantNext', { ...who, stepToken: step(instructions) });
    const started = await must<ParticipantScreen>(scope, 'participantStartRun', { ...who, stepToken: step(practice) });
    const runId = started.screen === 'run' ? started.run!.runId : '';
    const view = await must<RunView>(scope, 'slackRunView', { runId });
    await must(scope, 'slackSearch', { runId, workspaceId: view.workspaceId, query: 'permit' });
    expect((await must<RunView>(exp, 'slackRunView', { runId })).status).toBe('running');

    // The participant leaves; 31 minutes later the participants panel is looked at.
    now += 31 * 60_000;
    expect((await must<StudyOverview>(exp, 'studyParticipants', { studyKey: STUDY_KEY })).participants.map((p) => p.status)).toEqual(['abandoned']);
    const log = app.database.eventLog!.replay(runId);
    const [before, pause] = log.slice(-2);
    expect(pause).toMatchObject({ kind: 'paused', payload: { by: 'experimenter', idle_before: true } });
    expect(before!.kind).toBe('tool_call');
    // From the search on, nothing counts: its time on task is what it was then, and the pause is listed from it.
    expect(timeOnTaskOf(foldRun(log)!).activeMs).toBe(timeOnTaskOf(foldRun(log.slice(0, -1))!).activeMs);
    expect(timeOnTaskOf(foldRun(log)!).pauses.at(-1)).toMatchObject({ at: before!.wallTime, resumed_at: null });
    expect(await must<RunView>(exp, 'slackRunView', { runId })).toMatchObject({ status: 'paused', pausedBy: 'experimenter' });
    // A second look pauses nothing twice; the seat's own resume does not lift it.
    await must(exp, 'studyParticipants', { studyKey: STUDY_KEY });
    expect(app.database.eventLog!.replay(runId).filter((e) => e.kind === 'paused')).toHaveLength(1);
    expect((await as(scope, 'slackResumeRun', { runId, reason: 'back' })).ok).toBe(false);
    expect((await must<RunView>(exp, 'slackRunView', { runId })).status).toBe('paused');
  }, 120_000);
});
