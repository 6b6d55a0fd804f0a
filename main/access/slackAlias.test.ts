import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessScope } from '../../shared/contract/access.js';
import type { ParticipantScreen, StudyOverview } from '../../shared/contract/study.js';
import { silentLogger } from '../app/logger.js';
import { DEMO } from '../slackSeat/slackSeat.testing.js';
import { slackWorkspacesOf } from '../slackSeat/slackWorkspacesOf.js';
import { call, type Screen, type TestApp } from '../study/study.testing.js';
import { makeTempDir } from '../testing/tempDir.js';
import { createTestApp } from '../testing/testApp.js';
import { ScopedHost } from './scopedHost.js';

// D3: a participant's page knows its run's Slack workspace only by an alias; the real id (slack-demo.ci-humidity for a
// CI query) names the variant. Through the real guard, ownership and handlers of a fresh app.

let tmp: ReturnType<typeof makeTempDir>;
let app: TestApp;
let host: ScopedHost;
let scope: AccessScope;
let runId: string;
beforeAll(async () => {
  tmp = makeTempDir();
  app = createTestApp(tmp.dir);
  host = new ScopedHost(app.handlers, app.bus, app.ownership, silentLogger, 'browser');
  const p = (await call<StudyOverview>(app, 'studyParticipants', { studyKey: DEMO })).participants[0]!;
  await call(app, 'studyStartParticipant', { studyKey: DEMO, participantId: p.participantId });
  await slackWorkspacesOf(app).settled();
  scope = { kind: 'participant', studyKey: DEMO, participantId: p.participantId };
  const as = async <T>(method: string, args: unknown) => {
    const r = await host.call(scope, method, args);
    if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
    return r.value as T;
  };
  const consent = await as<Screen<'consent'>>('participantStep', { participantId: p.participantId });
  const instructions = await as<Screen<'instructions'>>('participantConsent', { participantId: p.participantId, stepToken: consent.stepToken, agree: true });
  const practice = await as<Screen<'run'>>('participantNext', { participantId: p.participantId, stepToken: instructions.stepToken });
  const started = await as<ParticipantScreen>('participantStartRun', { participantId: p.participantId, stepToken: practice.stepToken });
  runId = (started as Screen<'run'>).run!.runId;
}, 180_000);
afterAll(async () => {
  await slackWorkspacesOf(app).settled();
  app.close();
  tmp.cleanup();
});

describe("a participant's Slack workspace", () => {
  it('is named by an alias in the run view and the status, and browsed by it', async () => {
    const view = await host.call(scope, 'slackRunView', { runId });
    expect(view.ok && view.value).toMatchObject({ runId, workspaceId: `ws-${runId}` });
    expect(JSON.stringify(view)).not.toMatch(/slack-demo|"category"/);

    const status = await host.call(scope, 'slackWorkspaceStatus', { workspaceId: `ws-${runId}` });
    expect(status.ok && status.value).toMatchObject({ workspaceId: `ws-${runId}`, status: 'ready', variant: null });
    expect(JSON.stringify(status)).not.toMatch(/"slack-demo[."]/);

    const conversations = await host.call(scope, 'slackConversations', { workspaceId: `ws-${runId}`, runId });
    expect(conversations.ok && Array.isArray(conversations.value) && conversations.value.length).toBeGreaterThan(0);
    // The experimenter still sees and uses the real id.
    const full = await host.call({ kind: 'experimenter' }, 'slackRunView', { runId });
    expect(full.ok && full.value).toMatchObject({ workspaceId: 'slack-demo' });
  });

  it('refuses the real id and any other alias', async () => {
    for (const workspaceId of ['slack-demo', 'slack-demo.ci-humidity', `ws-${'0'.repeat(24)}`]) {
      const r = await host.call(scope, 'slackConversations', { workspaceId, runId });
      expect(r.ok ? 'accepted' : r.error.code, workspaceId).toBe('unauthorized');
    }
  });

  it('sends the page no study key, in any answer or event: the study is an opaque alias', async () => {
    const seen: string[] = [];
    const unsubscribe = host.subscribe(() => scope, (e) => seen.push(JSON.stringify(e)));
    const who = await host.call(scope, 'accessWhoAmI', {});
    const alias = who.ok ? (who.value as { studyKey: string }).studyKey : '';
    expect(alias).toMatch(/^study-[0-9a-f]{20}$/);
    const ws = `ws-${runId}`;
    const calls: [string, unknown][] = [
      ['accessWhoAmI', {}],
      ['participantStep', { participantId: (scope as { participantId: string }).participantId }],
      ['slackRunView', { runId }],
      ['slackWorkspaceStatus', { workspaceId: ws }],
      ['slackConversations', { workspaceId: ws, runId }],
      ['slackUsers', { workspaceId: ws }],
      ['slackStudyResources', { studyKey: alias }],
      ['slackRepoTree', { studyKey: alias, runId }],
      ['slackPauseRun', { runId, reason: 'a break' }],
      ['slackResumeRun', { runId }],
    ];
    for (const [method, args] of calls) {
      const r = await host.call(scope, method, args);
      seen.push(JSON.stringify(r));
    }
    unsubscribe();
    expect(seen.length).toBeGreaterThan(calls.length);
    const all = seen.join('\n');
    expect(all).not.toContain(DEMO);
    expect(all).not.toMatch(/"slack-demo[".]|slack-demo\//);
    // The same alias for every participant of the study and after a restart: it is derived from access.json's secret.
    expect(app.access.studyAlias(DEMO)).toBe(alias);
  });
});
