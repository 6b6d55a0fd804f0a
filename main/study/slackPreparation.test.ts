import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../shared/contract/events.js';
import type { WorkspaceStatus } from '../../shared/contract/slack.js';
import type { ParticipantScreen, StudyOverview } from '../../shared/contract/study.js';
import { dispatch } from '../app/dispatch.js';
import { silentLogger } from '../app/logger.js';
import { DEMO } from '../slackSeat/slackSeat.testing.js';
import { slackWorkspacesOf } from '../slackSeat/slackWorkspacesOf.js';
import { makeTempDir } from '../testing/tempDir.js';
import { createTestApp } from '../testing/testApp.js';
import { BEING_PREPARED } from './slackPreparation.js';
import { call, type Screen, type TestApp } from './study.testing.js';

// D1: a Slack study runs as it comes. Nobody browses or pilots: the experimenter only lists and starts participants,
// and the participant's Start finds the workspace imported (or being imported, and says so in plain words).

let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
const events: AppEvent[] = [];
beforeAll(() => {
  tmp = makeTempDir();
  app = createTestApp(tmp.dir);
  app.bus.subscribe((e) => void events.push(e));
});
afterAll(async () => {
  await slackWorkspacesOf(app).settled();
  app.close();
  tmp.cleanup();
});

const startRun = (participantId: string, stepToken: string) => dispatch(app.handlers, 'participantStartRun', { participantId, stepToken }, { host: 'test' }, silentLogger);

/** Consent and instructions: the participant is on their practice run's screen. */
async function toPractice(participantId: string): Promise<Screen<'run'>> {
  const consent = await call<Screen<'consent'>>(app, 'participantStep', { participantId });
  const instructions = await call<Screen<'instructions'>>(app, 'participantConsent', { participantId, stepToken: consent.stepToken, agree: true });
  const practice = await call<ParticipantScreen>(app, 'participantNext', { participantId, stepToken: instructions.stepToken });
  expect(practice).toMatchObject({ screen: 'run', practice: true, run: null });
  return practice as Screen<'run'>;
}

describe('a Slack study in a fresh data folder', () => {
  it("lets two participants start their first Slack run with no experimenter browsing, importing each workspace once", async () => {
    const overview = await call<StudyOverview>(app, 'studyParticipants', { studyKey: DEMO });
    const [p1, p2] = overview.participants;
    await call(app, 'studyStartParticipant', { studyKey: DEMO, participantId: p1!.participantId });
    await call(app, 'studyStartParticipant', { studyKey: DEMO, participantId: p2!.participantId });
    const practice1 = await toPractice(p1!.participantId);
    const practice2 = await toPractice(p2!.participantId);

    // Both press Start at once, probably while the imports still run: a plain "being prepared", never "ask the experimenter".
    const first = await Promise.all([startRun(p1!.participantId, practice1.stepToken), startRun(p2!.participantId, practice2.stepToken)]);
    for (const r of first) if (!r.ok) expect(r.error.message).toBe(BEING_PREPARED);

    await slackWorkspacesOf(app).settled();
    const again = await Promise.all([startRun(p1!.participantId, practice1.stepToken), startRun(p2!.participantId, practice2.stepToken)]);
    for (const r of again) {
      if (!r.ok) throw new Error(r.error.message);
      expect((r.value as Screen<'run'>).run).toMatchObject({ seat: 'slack', ended: false });
    }

    // Every workspace the plan needs (the export and its three CI variants) was imported, each exactly once.
    const imported = events.flatMap((e) => (e.type === 'slack.import.done' ? [e.workspaceId] : []));
    expect(imported.length).toBe(new Set(imported).size);
    expect(imported.sort()).toEqual(['slack-demo', 'slack-demo.ci-ben', 'slack-demo.ci-humidity', 'slack-demo.ci-maya-away'].sort());
    for (const workspaceId of imported) expect(await call<WorkspaceStatus>(app, 'slackWorkspaceStatus', { workspaceId })).toMatchObject({ status: 'ready' });
  }, 180_000);
});
