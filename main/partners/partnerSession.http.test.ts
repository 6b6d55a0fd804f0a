import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../hosts/browser/server.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { silentLogger } from '../app/logger.js';
import { projectEvent, projectResult } from '../access/project.js';
import { teamActiveTime } from '../team/teamClock.js';
import { startChatStub, type ChatStub } from '../judge/chatStub.testing.js';
import type { TeamView } from '../../shared/team/viewSchema.js';
import { teamseatTranscriptSchema } from '../../shared/team/export/transcriptSchema.js';
import type { AccessScope } from '../../shared/contract/access.js';
import { PARTNER_REPLY, type PartnerReplyRecord } from './partnerRecord.js';

// Live partners in a team study played through a real browser host on 127.0.0.1 (real SQLite, the library reading
// the study from the data folder); Rosa and Ben of hidden-profile are two models of a chat-completions stub that
// answers, answers slowly, fails, and is finally stopped mid-session.
const REPO_STUDY = path.resolve(import.meta.dirname, '../../studies/team-demo');

let tmp: ReturnType<typeof makeTempDir>;
let app: ReturnType<typeof createTestApp>;
let host: BrowserHost;
let stub: ChatStub;

function writeStudy(name: string, partners: string): string {
  const dir = path.join(tmp.dir, 'data', 'studies', name);
  fs.cpSync(REPO_STUDY, dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'study.yaml'), `schema: teamseat/study@1\nid: ${name}\ntitle: Partner study\nkind: team\ntasks: [tasks/hidden-profile.yaml]\n${partners}`);
  return `user:${name}`;
}

async function call<T>(method: string, args: unknown): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${host.port}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}` },
    body: JSON.stringify(args),
  });
  const body = (await res.json()) as { ok: boolean; value?: T; error?: { message: string } };
  if (!body.ok) throw new Error(`${method}: ${body.error?.message}`);
  return body.value as T;
}

const stored = (sessionId: string) => app.database.eventLog!.replay(sessionId);
const partnerRecords = (sessionId: string) => stored(sessionId).filter((e) => e.kind === PARTNER_REPLY).map((e) => e.payload as PartnerReplyRecord);
const lastSaid = (sessionId: string, seat: string) =>
  stored(sessionId)
    .filter((e) => e.kind === 'seat_message' && (e.payload as { seat: string }).seat === seat)
    .map((e) => e.payload as { text: string; to: string; source?: { kind: string; id?: string }; reveals?: string[] })
    .at(-1);

beforeAll(async () => {
  tmp = makeTempDir();
  const rendererDir = path.join(tmp.dir, 'renderer');
  fs.mkdirSync(rendererDir);
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  app = createTestApp(path.join(tmp.dir, 'data'));
  host = await startBrowserHost({ handlers: app.handlers, bus: app.bus, log: silentLogger, rendererDir, port: 0 });
  stub = await startChatStub();
});
afterAll(async () => {
  await host.close();
  await app.close();
  await stub.close();
  tmp.cleanup();
});

describe('live partners over HTTP', () => {
  it('answers by the endpoint, records the facts said, falls back to the script when slow, failing or stopped, and the participant sees none of it', async () => {
    const studyKey = writeStudy(
      'partners-a',
      `partners:\n  endpoint: { base_url: "${stub.baseUrl}", model: rosa-m }\n  timeout_seconds: 5\n  seats:\n    Ben: { endpoint: { base_url: "${stub.baseUrl}", model: ben-m }, timeout_seconds: 5 }\n`,
    );
    // Rosa answers the first time after 150 ms (a wait the clock leaves out), far within her limit; afterwards she never
    // answers, so her limit passes. (With a 0.4 s limit, the 150 ms plus the request's own time on a loaded machine
    // reached 0.34 s, and past 0.4 s her first answer became the fallback.)
    stub.on('rosa-m', (_req, n) =>
      n === 1 ? { kind: 'text', content: 'Rosa: A big fire has blocked the supply truck. I also heard the trails are shut.', delayMs: 150 } : { kind: 'hang' },
    );
    stub.on('ben-m', (_req, n) => (n === 1 ? { kind: 'text', content: 'The walking trails are closed by fallen trees.' } : { kind: 'status', status: 500 }));
    // Settings off (the default): the study's partners answer by their script, and nothing is sent.
    const offline = await call<TeamView>('teamStart', { studyKey, taskId: 'hidden-profile', participant: 'P00', version: 'manipulation', seed: 1 });
    await call<TeamView>('teamSend', { sessionId: offline.sessionId, to: 'Rosa', text: 'What have you heard about East Town?' });
    expect(lastSaid(offline.sessionId, 'Rosa')).toMatchObject({ source: { kind: 'reply', id: 'r_fire' } });
    expect(partnerRecords(offline.sessionId)).toEqual([]);
    expect(stub.requests).toHaveLength(0);
    await call('updateSettings', { livePartners: true });

    const views: TeamView[] = [await call<TeamView>('teamStart', { studyKey, taskId: 'hidden-profile', participant: 'P01', version: 'manipulation', seed: 1 })];
    const id = views[0]!.sessionId;
    const send = async (to: string, text: string) => {
      const view = await call<TeamView>('teamSend', { sessionId: id, to, text });
      views.push(view);
      return view;
    };

    // 1. A direct message: the endpoint's text (its name prefix dropped), her own fact revealed, Ben's fact only recorded.
    // While Rosa is being asked, the session is read as it stands: the person's line is there, her answer not yet.
    const duringWait = new Promise<TeamView>((resolve) => {
      const stop = app.bus.subscribe((e) => {
        if (e.type !== 'session.event' || e.event.sessionId !== id || e.event.kind !== 'participant_message') return;
        stop();
        resolve(call<TeamView>('teamView', { sessionId: id }));
      });
    });
    let view = await send('Rosa', 'What have you heard about East Town?');
    const seenMeanwhile = await duringWait;
    expect(seenMeanwhile.messages.at(-1)).toMatchObject({ mine: true, text: 'What have you heard about East Town?' });
    expect(seenMeanwhile.messages.some((m) => m.from === 'Rosa')).toBe(false);
    expect(view.messages.filter((m) => m.from === 'Rosa').at(-1)).toMatchObject({ from: 'Rosa', to: 'you', text: 'A big fire has blocked the supply truck. I also heard the trails are shut.' });
    expect(lastSaid(id, 'Rosa')).toMatchObject({ source: { kind: 'live' }, reveals: ['h_fire'] });
    expect(partnerRecords(id)[0]).toMatchObject({ seat: 'Rosa', why: 'direct', status: 'live', model: 'rosa-m', scripted: 'r_fire', facts: { revealed: ['h_fire'], not_held: ['h_trails'] } });
    const asked = stub.requests.find((r) => r.model === 'rosa-m')!;
    expect(asked.messages[0]!.content).toContain('A massive fire has blocked the supply truck and all other traffic.');
    expect(asked.messages[0]!.content).not.toMatch(/walking trails have been closed|asks_route|mudslide/);
    expect(asked.messages.at(-1)).toEqual({ role: 'user', content: 'the Community leader (to you directly): What have you heard about East Town?' });
    // The wait for her is not active time.
    expect(teamActiveTime(stored(id)).partnerWaitMs).toBeGreaterThanOrEqual(150);

    // 2. A channel message that names Ben: labelled first, then Ben answers on the channel; Rosa is not asked.
    view = await send('team', 'Ben, do you know anything about North Hill?');
    expect(lastSaid(id, 'Ben')).toMatchObject({ to: 'team', text: 'The walking trails are closed by fallen trees.', source: { kind: 'live' }, reveals: ['h_trails'] });
    expect(stub.requests.filter((r) => r.model === 'rosa-m')).toHaveLength(1);
    expect(stored(id).findIndex((e) => e.kind === 'label_decided')).toBeLessThan(stored(id).findIndex((e, i) => i > 0 && e.kind === PARTNER_REPLY && (e.payload as PartnerReplyRecord).seat === 'Ben'));

    // 3. Rosa too slow: her scripted reply instead, and the reason.
    view = await send('Rosa', 'Anything about the roads out of here?');
    expect(lastSaid(id, 'Rosa')).toMatchObject({ text: 'A massive fire has blocked the supply truck and all other traffic.', source: { kind: 'reply', id: 'r_fire' } });
    expect(partnerRecords(id).at(-1)).toMatchObject({ seat: 'Rosa', status: 'fallback', scripted: 'r_fire', fallback_reason: expect.stringMatching(/no answer within 5000 ms/) });

    // 4. Ben's endpoint fails: his script answers.
    view = await send('Ben', 'Is North Hill reachable on foot?');
    expect(lastSaid(id, 'Ben')).toMatchObject({ source: { kind: 'reply', id: 'r_trails' } });
    expect(partnerRecords(id).at(-1)).toMatchObject({ seat: 'Ben', status: 'fallback', fallback_reason: expect.stringMatching(/HTTP 500/) });

    // 5. The endpoint is gone mid-session: the script carries on.
    await stub.close();
    view = await send('Ben', 'thanks');
    expect(lastSaid(id, 'Ben')).toMatchObject({ text: 'Ask me about North Hill — I walk up there a lot.', source: { kind: 'default_reply' } });
    expect(partnerRecords(id).at(-1)).toMatchObject({ status: 'fallback', fallback_reason: expect.stringMatching(/network error/) });

    // The partners never decide the run: the checker reads the answer alone.
    view = await call<TeamView>('teamSubmit', { sessionId: id, answer: 'West City' });
    expect(view.status).toBe('ended');
    const exported = await call<{ path: string; score: { pass: boolean } }>('teamExport', { sessionId: id });
    expect(exported.score.pass).toBe(true);
    const transcript = teamseatTranscriptSchema.parse(JSON.parse(fs.readFileSync(exported.path, 'utf8')));
    expect(transcript.timing.partner_wait_ms).toBeGreaterThanOrEqual(150);
    const answers = transcript.partners ?? [];
    expect(answers.map((a) => [a.seat, a.status])).toEqual([['Rosa', 'live'], ['Ben', 'live'], ['Rosa', 'fallback'], ['Ben', 'fallback'], ['Ben', 'fallback']]);
    expect(answers[0]).toMatchObject({ model: 'rosa-m', facts: { revealed: ['h_fire'], not_held: ['h_trails'] } });
    expect(transcript.messages[answers[0]!.message_index]).toMatchObject({ seat: 'Rosa', text: 'A big fire has blocked the supply truck. I also heard the trails are shut.' });
    expect(transcript.system_prompts.Rosa).toContain('A massive fire has blocked the supply truck and all other traffic.');

    // Nothing of the partners' set-up reaches the participant: not in a view, not in the event stream.
    const participant: AccessScope = { kind: 'participant', studyKey, participantId: 'f'.repeat(24) };
    for (const v of views) {
      const seen = JSON.stringify(projectResult(participant, 'teamSend', { ok: true, value: v }));
      expect(seen).not.toMatch(/rosa-m|ben-m|127\.0\.0\.1|\blive\b|partner/i);
    }
    // A fact is on the page only once its partner said it (Ben's own words came with his scripted fallback, turn 4).
    expect(JSON.stringify(views.slice(0, 4))).not.toContain('walking trails have been closed since');
    const streamed = stored(id).map((e) => projectEvent(participant, { type: 'session.event', event: e }, { seat: { kind: 'team', sessionId: id }, sessions: [] }));
    expect(streamed.filter((e) => e !== null).map((e) => (e.type === 'session.event' ? e.event.kind : e.type))).not.toContain(PARTNER_REPLY);
    expect(JSON.stringify(streamed)).not.toMatch(/rosa-m|ben-m/);
  }, 60_000);
});
