import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../hosts/browser/server.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { silentLogger } from '../app/logger.js';
import { teamActiveTime } from '../team/teamClock.js';
import type { ConsoleView } from '../../shared/contract/console.js';
import type { TeamView } from '../../shared/team/viewSchema.js';

// The console against a real browser host on 127.0.0.1 (real SQLite, the library reading the study from the data
// folder): the participant's send waits in the queue until a console labels it, or until the study's timeout.
const REPO_STUDY = path.resolve(import.meta.dirname, '../../studies/team-demo');

let tmp: ReturnType<typeof makeTempDir>;
let app: ReturnType<typeof createTestApp>;
let host: BrowserHost;

function writeStudy(name: string, labeller: string): string {
  const dir = path.join(tmp.dir, 'data', 'studies', name);
  fs.cpSync(REPO_STUDY, dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'study.yaml'),
    `schema: teamseat/study@1\nid: ${name}\ntitle: Console study\nkind: team\ntasks: [tasks/hidden-profile.yaml]\nlabeller:\n${labeller}`,
  );
  return `user:${name}`;
}

async function post(method: string, args: unknown): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }> {
  const res = await fetch(`http://127.0.0.1:${host.port}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}` },
    body: JSON.stringify(args),
  });
  return (await res.json()) as { ok: boolean; value?: unknown; error?: { code: string; message: string } };
}
async function call<T>(method: string, args: unknown): Promise<T> {
  const body = await post(method, args);
  if (!body.ok) throw new Error(`${method}: ${body.error?.message}`);
  return body.value as T;
}

/** The experimenter's event stream, as the console page opens it; resolves each wait on the first matching event. */
async function stream(): Promise<{ next(match: (e: { type: string; sessionId?: string }) => boolean): Promise<void>; close(): void }> {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/events`, ['teamseat', `token.${host.token}`], { origin: `http://127.0.0.1:${host.port}` });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return {
    next: (match) =>
      new Promise((resolve) => {
        const on = (data: WebSocket.RawData) => {
          // One frame holds the events of one turn: one event, or several as an array.
          const parsed = JSON.parse(String(data)) as { type: string } | { type: string }[];
          if (!(Array.isArray(parsed) ? parsed : [parsed]).some(match)) return;
          ws.off('message', on);
          resolve();
        };
        ws.on('message', on);
      }),
    close: () => ws.close(),
  };
}

const start = (studyKey: string, participant: string) => call<TeamView>('teamStart', { studyKey, taskId: 'hidden-profile', participant, version: 'manipulation', seed: 1 });
const labelEvents = (sessionId: string) =>
  app.database.eventLog!.replay(sessionId).filter((e) => e.kind === 'label_decided').map((e) => e.payload as { label: string; source: string; rule?: string; raw?: { experimenter?: Record<string, unknown> } });

beforeAll(async () => {
  tmp = makeTempDir();
  const rendererDir = path.join(tmp.dir, 'renderer');
  fs.mkdirSync(rendererDir);
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  app = createTestApp(path.join(tmp.dir, 'data'));
  host = await startBrowserHost({ handlers: app.handlers, bus: app.bus, log: silentLogger, rendererDir, port: 0 });
});
afterAll(async () => {
  await host.close();
  await app.close();
  tmp.cleanup();
});

describe('the experimenter console over HTTP', () => {
  it('queues the participant message, lets one console label it (the second is read-only), and answers once the label is recorded', async () => {
    const studyKey = writeStudy('console-a', '  source: experimenter\n  timeout_sec: 600\n');
    const seat = await start(studyKey, 'P01');
    const sessionId = seat.sessionId;
    const events = await stream();
    try {
      const first = await call<ConsoleView>('consoleView', { sessionId, consoleId: 'console-one' });
      expect(first.role).toBe('driver');
      expect(first.policy).toEqual({ timeoutSec: 600, onTimeout: 'rules', partnerSeats: false });
      expect(first.labels.map((l) => [l.key, l.id])).toEqual([['1', 'asks_route'], ['2', 'agrees'], ['3', 'other']]);
      expect(first.script[0]).toMatchObject({ seat: 'Kai', said: 1 });
      const second = await call<ConsoleView>('consoleView', { sessionId, consoleId: 'console-two' });
      expect(second.role).toBe('viewer');

      const queued = events.next((e) => e.type === 'console.queue' && e.sessionId === sessionId);
      const sent = call<TeamView>('teamSend', { sessionId, to: 'team', text: 'Kai, anything we should know before we pick?' });
      await queued;
      // The participant's page reads the session as it stands while the console decides: their line, teammates busy.
      const meanwhile = await call<TeamView>('teamView', { sessionId });
      expect(meanwhile.status).toBe('waiting');
      expect(meanwhile.messages.at(-1)).toMatchObject({ mine: true, text: 'Kai, anything we should know before we pick?' });
      const waiting = await call<ConsoleView>('consoleView', { sessionId, consoleId: 'console-one' });
      expect(waiting.queue).toEqual([expect.objectContaining({ text: 'Kai, anything we should know before we pick?', round: 1, to: 'team' })]);
      // What each key would make Kai say: asks_route is where he gives way with the mudslide.
      expect(waiting.labels.find((l) => l.id === 'asks_route')!.next.some((n) => n.seat === 'Kai' && /mudslide/i.test(n.text))).toBe(true);
      expect(waiting.labels.find((l) => l.id === 'other')!.next.some((n) => /mudslide/i.test(n.text))).toBe(false);

      const requestId = waiting.queue[0]!.requestId;
      const refused = await post('consoleDecide', { sessionId, consoleId: 'console-two', requestId, label: 'other' });
      expect(refused).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringMatching(/read-only/) } });
      const unknown = await post('consoleDecide', { sessionId, consoleId: 'console-one', requestId, label: 'nonsense' });
      expect(unknown).toMatchObject({ ok: false, error: { code: 'bad_request' } });

      const decided = await call<ConsoleView>('consoleDecide', { sessionId, consoleId: 'console-one', requestId, label: 'asks_route' });
      // Answered after the event is on disk: the view already holds it, and the log has it.
      expect(decided.queue).toEqual([]);
      expect(decided.decided[0]).toMatchObject({ label: 'asks_route', source: 'experimenter', by: 'experimenter' });
      expect(labelEvents(sessionId)).toEqual([
        expect.objectContaining({ label: 'asks_route', source: 'experimenter', rule: 'console', raw: { experimenter: expect.objectContaining({ console: 'console-one', timed_out: false }) } }),
      ]);
      const after = await sent;
      expect(after.messages.some((m) => m.from === 'Kai' && /mudslide/i.test(m.text))).toBe(true);

      const late = await post('consoleDecide', { sessionId, consoleId: 'console-one', requestId, label: 'other' });
      expect(late).toMatchObject({ ok: false, error: { code: 'conflict' } });
      // The first console leaves: the second takes the session over at once.
      expect(await call('consoleRelease', { sessionId, consoleId: 'console-one' })).toEqual({ released: true });
      expect((await call<ConsoleView>('consoleView', { sessionId, consoleId: 'console-two' })).role).toBe('driver');
    } finally {
      events.close();
    }
  });

  it('labels by the rules when nobody answers in time, and the wait is not active time', async () => {
    const studyKey = writeStudy('console-b', '  source: experimenter\n  timeout_sec: 0.5\n  on_timeout: rules\n');
    const seat = await start(studyKey, 'P02');
    // No console is open: the rules decide once the half second has passed.
    const after = await call<TeamView>('teamSend', { sessionId: seat.sessionId, to: 'team', text: 'Is the road to North Hill open?' });
    expect(after.round).toBe(2);
    const [label] = labelEvents(seat.sessionId);
    expect(label).toMatchObject({ label: 'asks_route', source: 'rules', rule: 'fallback:route', raw: { experimenter: { timed_out: true, on_timeout: 'rules', timeout_sec: 0.5 } } });
    expect(Number(label!.raw!.experimenter!.wait_ms)).toBeGreaterThanOrEqual(490);
    const time = teamActiveTime(app.database.eventLog!.replay(seat.sessionId));
    expect(time.labelWaitMs).toBeGreaterThanOrEqual(490);
    const reopened = await call<ConsoleView>('consoleView', { sessionId: seat.sessionId, consoleId: 'console-late' });
    expect(reopened.queue).toEqual([]);
    expect(reopened.decided[0]).toMatchObject({ label: 'asks_route', source: 'rules', by: 'rules (fallback:route)' });
  });

  it('writes as a partner seat where the study allows it, recorded with source experimenter, and refuses it elsewhere', async () => {
    const studyKey = writeStudy('console-d', '  source: experimenter\n  partner_seats: true\n');
    const seat = await start(studyKey, 'P04');
    const sessionId = seat.sessionId;
    const opened = await call<ConsoleView>('consoleView', { sessionId, consoleId: 'console-say' });
    expect(opened.partners.map((p) => p.name)).toEqual(['Rosa', 'Ben']);
    const said = await call<ConsoleView>('consoleSay', { sessionId, consoleId: 'console-say', seat: 'Rosa', to: 'team', text: 'I can check the bridge myself.' });
    expect(said.seat.messages.at(-1)).toMatchObject({ from: 'Rosa', to: 'team', text: 'I can check the bridge myself.' });
    const participantSees = await call<TeamView>('teamView', { sessionId });
    expect(participantSees.messages.at(-1)).toMatchObject({ from: 'Rosa', text: 'I can check the bridge myself.' });
    const recorded = app.database.eventLog!.replay(sessionId).filter((e) => e.kind === 'seat_message').at(-1)!.payload;
    expect(recorded).toMatchObject({ seat: 'Rosa', to: 'team', source: { kind: 'experimenter' } });
    expect(await post('consoleSay', { sessionId, consoleId: 'console-say', seat: 'Kai', to: 'team', text: 'x' })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await post('consoleSay', { sessionId, consoleId: 'console-other', seat: 'Rosa', to: 'team', text: 'x' })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/read-only/) } });
    const plain = await start(writeStudy('console-e', '  source: experimenter\n'), 'P05');
    expect(await post('consoleSay', { sessionId: plain.sessionId, consoleId: 'console-say', seat: 'Rosa', to: 'team', text: 'x' })).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });

  it('refuses a study whose labeller section is malformed, naming the field', async () => {
    writeStudy('console-c', '  source: experimenter\n  on_timeout: panel\n');
    const studies = await call<{ key: string; problems: { path: string; message: string }[] }[]>('listStudies', {});
    const study = studies.find((s) => s.key === 'user:console-c');
    expect(JSON.stringify(study)).toMatch(/on_timeout: panel. needs a .panel:/);
  });
});
