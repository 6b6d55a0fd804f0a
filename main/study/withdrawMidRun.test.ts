import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../shared/contract/events.js';
import type { StudyOverview } from '../../shared/contract/study.js';
import { silentLogger } from '../app/logger.js';
import { createOwnership } from '../access/ownership.js';
import { ScopedHost } from '../access/scopedHost.js';
import { call, consentAndStart, STUDY_KEY, type TestApp } from './study.testing.js';
import { eachTestBetweenStudy } from './eachTestBetweenStudy.testing.js';

// Found by the lab-session e2e: a participant withdrawn from the dashboard mid-run kept seeing their seat. Their run
// was paused after the withdrawal was recorded, when their link no longer owned the run, so the pause never reached
// their page's stream and the page never read its screen again (only a reload showed "withdrawn").

let app: TestApp;
eachTestBetweenStudy((_tmp, a) => (app = a));

describe('a participant withdrawn by the experimenter mid-run', () => {
  it("hears it on their own run's stream, and their screen then says they withdrew", async () => {
    const overview = await call<StudyOverview>(app, 'studyParticipants', { studyKey: STUDY_KEY });
    const { participantId } = overview.participants[0]!;
    await call(app, 'studyStartParticipant', { studyKey: STUDY_KEY, participantId });
    const runId = await consentAndStart(app, participantId);

    // The participant's page's stream, filtered as the browser host filters it for their link.
    const host = new ScopedHost(
      app.handlers,
      app.bus,
      createOwnership(app, app.handlers, (k) => app.access.studyAlias(k)),
      silentLogger,
      'browser',
    );
    const heard: AppEvent[] = [];
    const stop = host.subscribe(
      () => ({ kind: 'participant', studyKey: STUDY_KEY, participantId }),
      (e) => void heard.push(e),
    );
    try {
      await call(app, 'studyWithdraw', { studyKey: STUDY_KEY, participantId, reason: 'left the lab' });
      await expect
        .poll(() => heard.some((e) => e.type === 'session.event' && e.event.sessionId === runId))
        .toBe(true);
      expect(await call(app, 'participantStep', { participantId })).toMatchObject({
        screen: 'closed',
        reason: 'withdrawn',
      });
      expect(app.database.eventLog!.replay(runId).map((e) => e.kind)).toContain('paused');
    } finally {
      stop();
    }
  });
});
