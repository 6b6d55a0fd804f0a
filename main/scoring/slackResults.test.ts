import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlackResults } from '../../shared/contract/results.js';
import type { GradingItem, RunView } from '../../shared/contract/slack.js';
import type { ParticipantScreen, StudyOverview } from '../../shared/contract/study.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { caller, DEMO, openAndWait, type TestApp } from '../slackSeat/slackSeat.testing.js';

// The Results screen of a Slack study counts a participant's counted queries only: not the experimenter's pilot run
// (no plan links it), not practice, not a voided participant's runs. Real app, real SQLite, the built-in slack-demo.

let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
const { call } = caller(() => app);
beforeAll(() => {
  tmp = makeTempDir();
  app = createTestApp(tmp.dir);
});
afterAll(async () => {
  await app.close();
  tmp.cleanup();
});

type Screen = ParticipantScreen;

/** Plays a participant's practice query and their first counted query, answering both; returns the counted run id. */
async function playPracticeAndFirst(participantId: string): Promise<string> {
  const consent = await call<Screen>('participantStep', { participantId });
  const instructions = await call<Screen>('participantConsent', { participantId, stepToken: (consent as Extract<Screen, { stepToken: string }>).stepToken, agree: true });
  let screen = await call<Screen>('participantNext', { participantId, stepToken: (instructions as Extract<Screen, { stepToken: string }>).stepToken });
  const runIds: string[] = [];
  for (const practice of [true, false]) {
    expect(screen).toMatchObject({ screen: 'run', practice });
    const started = (await call<Screen>('participantStartRun', { participantId, stepToken: (screen as Extract<Screen, { screen: 'run' }>).stepToken })) as Extract<Screen, { screen: 'run' }>;
    const runId = started.run!.runId;
    await call('slackSubmitAnswer', { runId, answer: 'Permit CP-2024-0815, valid until 31 March 2025.' });
    runIds.push(runId);
    const ended = (await call<Screen>('participantStep', { participantId })) as Extract<Screen, { screen: 'run' }>;
    if (practice) screen = await call<Screen>('participantNext', { participantId, stepToken: ended.stepToken });
  }
  return runIds[1]!;
}

async function gradeEverythingQueued(pass: boolean): Promise<void> {
  for (const item of await call<GradingItem[]>('slackGradingQueue', { studyKey: DEMO, graderId: 'G1' })) {
    const verdict = item.checklist ? { items: item.checklist.map(() => pass) } : { pass };
    await call('slackRecordGrade', { studyKey: DEMO, itemId: item.itemId, graderId: 'G1', ...verdict });
  }
}

describe('Slack results count only counted runs', () => {
  it('leaves out the pilot, practice and a voided participant; scores carry intervals', async () => {
    await openAndWait(app, 'slackOpenStudyWorkspace', { studyKey: DEMO, queryId: 'as-library-permit' });
    const pilot = await call<RunView>('slackStartRun', { studyKey: DEMO, queryId: 'as-library-permit', participant: 'PILOT1' });
    await call('slackSubmitAnswer', { runId: pilot.runId, answer: 'Permit CP-2024-0815.' });

    const overview = await call<StudyOverview>('studyParticipants', { studyKey: DEMO });
    const [kept, voided] = overview.participants;
    for (const p of [kept!, voided!]) await call('studyStartParticipant', { studyKey: DEMO, participantId: p.participantId });
    const keptRun = await playPracticeAndFirst(kept!.participantId);
    await playPracticeAndFirst(voided!.participantId);
    await gradeEverythingQueued(true);
    await call('studyVoid', { studyKey: DEMO, participantId: voided!.participantId, reason: 'did not follow the instructions' });

    const r = await call<SlackResults>('studyResults', { studyKey: DEMO });
    expect(r.kind).toBe('slack');
    expect(r.runs.map((x) => [x.runId, x.participant])).toEqual([[keptRun, kept!.code]]);
    // A voided participant's practice counts as void (void is said first, as the results writer files it).
    expect(r.leftOut).toEqual({ pilot: 1, practice: 1, void: 2 });
    expect(r.byParticipant.map((p) => p.participant)).toEqual([kept!.code]);
    const category = r.runs[0]!.category;
    expect(r.all.categories[category]).toMatchObject({ n: 1, graded: 1, passRate: 1, ci: [1, 1] });
    const total = Object.values(r.all.categories).reduce((n, c) => n + c.n, 0);
    expect(total).toBe(1);
    // Overall needs all four categories: null, with no interval, never NaN.
    expect(r.all.overall).toBeNull();
    expect(r.all.overallCi).toEqual([null, null]);
  }, 180_000);
});
