import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccessScope } from '../../shared/contract/access.js';
import type { AppEvent } from '../../shared/contract/events.js';
import type { StudyOverview } from '../../shared/contract/study.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import { silentLogger } from '../app/logger.js';
import { ScopedHost } from '../access/scopedHost.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { call, consentAndStart, refused, STUDY_KEY, submitRun, writeBetweenStudy, type Screen, type TestApp } from '../study/study.testing.js';

// Issue 25 over the real app, its access guard and the participant's own event stream: the experimenter's pause
// reaches the open seat at once and holds (the participant's link cannot lift it, nor act under it), and a change of
// plan under a participant (a rerun while they look at a finished task) reaches their page without a reload.

let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
let host: ScopedHost;
let participantId: string;
let scope: AccessScope;
beforeEach(async () => {
  tmp = makeTempDir();
  writeBetweenStudy(tmp.dir);
  app = createTestApp(tmp.dir);
  host = new ScopedHost(app.handlers, app.bus, app.ownership, silentLogger, 'browser');
  const overview = await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY });
  participantId = overview.participants[0]!.participantId;
  scope = { kind: 'participant', studyKey: STUDY_KEY, participantId };
  await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
});
afterEach(async () => {
  await app.close();
  tmp.cleanup();
});

/** The participant's page's stream: what their link is sent, in order. */
function participantStream(): { events: AppEvent[]; stop(): void; settled(): Promise<void> } {
  const events: AppEvent[] = [];
  const stop = host.subscribe(() => scope, (e) => events.push(e));
  // The guard looks the participant's seat up asynchronously; a turn of the loop or two lets it catch up.
  const settled = async () => {
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  };
  return { events, stop, settled };
}

const asParticipant = (method: string, args: unknown) => host.call(scope, method, args);

describe("an experimenter's pause", () => {
  it('reaches the open seat as an event, shows its reason, stops the clock and holds against the participant', async () => {
    const runId = await consentAndStart(app, participantId);
    const stream = participantStream();
    await asParticipant('teamView', { sessionId: runId });
    await stream.settled();
    const who = { studyKey: STUDY_KEY, participantId };

    await call(app, 'dashboardPause', { ...who, reason: 'fire alarm' });
    await stream.settled();
    // The seat hears it on its own run's stream (no payload), then reads a view that says who paused and why.
    expect(stream.events).toContainEqual({ type: 'session.event', event: expect.objectContaining({ sessionId: runId, kind: 'paused', payload: null }) });
    const seen = await asParticipant('teamView', { sessionId: runId });
    expect(seen).toMatchObject({ ok: true, value: { status: 'paused', pausedBy: 'experimenter', pausedReason: 'fire alarm', clock: { running: false } } });

    // The participant's link can neither lift it nor act under it; nothing is recorded by trying.
    const before = app.database.eventLog!.replay(runId).length;
    expect(await asParticipant('teamResume', { sessionId: runId, reason: 'resumed' })).toMatchObject({
      ok: false,
      error: { code: 'unauthorized', message: expect.stringMatching(/only the experimenter can resume it/) },
    });
    expect(await asParticipant('teamSend', { sessionId: runId, to: 'team', text: 'hello?' })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/paused/) } });
    expect(await asParticipant('teamPause', { sessionId: runId, reason: 'me too' })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/already paused/) } });
    expect(await asParticipant('teamSubmit', { sessionId: runId, answer: 'West City' })).toMatchObject({ ok: false });
    expect(app.database.eventLog!.replay(runId).length).toBe(before);

    // The experimenter lifts it; the seat hears that too.
    await call(app, 'dashboardResume', who);
    await stream.settled();
    expect(stream.events.filter((e) => e.type === 'session.event' && e.event.kind === 'resumed')).toHaveLength(1);
    expect(await asParticipant('teamView', { sessionId: runId })).toMatchObject({ ok: true, value: { status: 'your_turn', pausedBy: null } });
    // The run's transcript keeps whose pause it was, as it did before the seat knew.
    const paused = app.database.eventLog!.replay(runId).find((e) => e.kind === 'paused')!;
    expect(paused.payload).toEqual({ type: 'paused', reason: 'experimenter: fire alarm', by: 'experimenter' });
    stream.stop();
  });

  it("leaves the participant's own pause theirs, and takes it over when the experimenter pauses on top of it", async () => {
    const runId = await consentAndStart(app, participantId);
    const who = { studyKey: STUDY_KEY, participantId };
    expect(await asParticipant('teamPause', { sessionId: runId, reason: 'participant break' })).toMatchObject({ ok: true, value: { pausedBy: 'participant' } });
    expect(await asParticipant('teamResume', { sessionId: runId, reason: 'resumed' })).toMatchObject({ ok: true, value: { status: 'your_turn' } });

    await asParticipant('teamPause', { sessionId: runId, reason: 'participant break' });
    await call(app, 'dashboardPause', { ...who, reason: 'the lab is closing for lunch' });
    const view = await call<TeamView>(app, 'teamView', { sessionId: runId });
    expect(view).toMatchObject({ status: 'paused', pausedBy: 'experimenter', pausedReason: 'the lab is closing for lunch' });
    expect(await asParticipant('teamResume', { sessionId: runId, reason: 'resumed' })).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    const kinds = app.database.eventLog!.replay(runId).map((e) => e.kind);
    expect(kinds.slice(-3)).toEqual(['paused', 'resumed', 'paused']);
    expect(await refused(app, 'dashboardPause', { ...who, reason: 'twice' })).toMatch(/already paused.*Nothing was changed/);
  });

  it('is refused in plain words on a finished run, and records nothing', async () => {
    const runId = await consentAndStart(app, participantId);
    await submitRun(app, runId);
    const before = app.database.eventLog!.replay(runId).length;
    expect(await refused(app, 'dashboardPause', { studyKey: STUDY_KEY, participantId, reason: 'too late' })).toMatch(/T01 is not playing a run right now.*Nothing was changed/);
    expect(app.database.eventLog!.replay(runId).length).toBe(before);
  });
});

describe('a change of plan under a participant', () => {
  it('reaches a page waiting on a finished task as a bare visit.moved, and the page then finds the new attempt', async () => {
    const runId = await consentAndStart(app, participantId);
    await submitRun(app, runId);
    const finished = await call<Screen<'run'>>(app, 'participantStep', { participantId });
    expect(finished.run).toMatchObject({ runId, ended: true });
    const stream = participantStream();
    await asParticipant('participantStep', { participantId });
    await stream.settled();
    const heard = stream.events.length;

    await call(app, 'studyRerunCell', { studyKey: STUDY_KEY, participantId, cell: 'c1', reason: 'the checker crashed' });
    await stream.settled();
    // Nothing of the study log's event (its kind, cell or reason) reaches the participant: only that their plan moved.
    expect(stream.events.slice(heard)).toEqual([{ type: 'visit.moved' }]);
    // The old screen's Next is refused; the screen read again is the new attempt's start.
    expect(await asParticipant('participantNext', { participantId, stepToken: finished.stepToken })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    const now = await asParticipant('participantStep', { participantId });
    expect(now).toMatchObject({ ok: true, value: { screen: 'run', run: null } });
    stream.stop();
  });

  it("is not sent to another participant's page", async () => {
    const overview = await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY });
    const other = overview.participants[1]!.participantId;
    const stream = participantStream();
    await stream.settled();
    await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId: other });
    await call(app, 'studyVoid', { studyKey: STUDY_KEY, participantId: other, reason: 'test visit' });
    await stream.settled();
    expect(stream.events).toEqual([]);
    stream.stop();
  });
});
