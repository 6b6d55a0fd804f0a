import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBrowserHost, type BrowserHost } from './server.js';
import { createTestApp } from '../../testing/testApp.js';
import { makeTempDir } from '../../testing/tempDir.js';
import { silentLogger } from '../../app/logger.js';

let tmp: ReturnType<typeof makeTempDir>;
let app: ReturnType<typeof createTestApp>;
let host: BrowserHost;
let base: string;

beforeEach(async () => {
  tmp = makeTempDir();
  const rendererDir = path.join(tmp.dir, 'renderer');
  fs.mkdirSync(rendererDir);
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  fs.writeFileSync(path.join(tmp.dir, 'secret.txt'), 'outside the renderer');
  app = createTestApp(path.join(tmp.dir, 'data'));
  host = await startBrowserHost({ handlers: app.handlers, bus: app.bus, log: silentLogger, rendererDir, port: 0 });
  base = `http://127.0.0.1:${host.port}`;
});
afterEach(async () => {
  await host.close();
  app.close();
  tmp.cleanup();
});

const call = (method: string, body: unknown, headers: Record<string, string> = { authorization: `Bearer ${host.token}` }) =>
  fetch(`${base}/api/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('browser host', () => {
  it('answers a call that carries the token, with the contract’s result', async () => {
    const res = await call('appInfo', {});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, value: { host: 'browser', database: { status: 'ok' } } });
  });

  it("says each answer's length in bytes up front rather than sending it in chunks", async () => {
    const session = app.database.eventLog!.createSession({ studyKey: 'k', taskId: 'tâche', participant: 'Zoë' });
    for (const [method, args] of [['appInfo', {}], ['replaySession', { sessionId: session.id }], ['noSuchMethod', {}]] as const) {
      const res = await call(method, args);
      const body = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get('transfer-encoding')).toBeNull();
      expect(Number(res.headers.get('content-length'))).toBe(body.length);
    }
  });

  it('rejects calls without the token or with a wrong one (401) and writes nothing', async () => {
    const session = app.database.eventLog!.createSession({ studyKey: 'k', taskId: 't', participant: 'P1' });
    const note = { sessionId: session.id, kind: 'note', reason: 'x' };
    expect((await call('recordNote', note, {})).status).toBe(401);
    expect((await call('recordNote', note, { authorization: `Bearer ${host.token.slice(0, -1)}${host.token.endsWith('A') ? 'B' : 'A'}` })).status).toBe(401);
    expect(app.database.eventLog!.replay(session.id)).toEqual([]);
  });

  it('rejects arguments that fail the schema with 400 and writes nothing', async () => {
    const session = app.database.eventLog!.createSession({ studyKey: 'k', taskId: 't', participant: 'P1' });
    const res = await call('recordNote', { sessionId: session.id, kind: 'paused' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringContaining('reason') } });
    expect((await call('noSuchMethod', {})).status).toBe(400);
    expect(app.database.eventLog!.replay(session.id)).toEqual([]);
  });

  it('refuses requests addressed to another host name (DNS rebinding) and bodies that are not JSON', async () => {
    // fetch() may not set Host, so this one goes through node:http.
    const status = await new Promise<number | undefined>((resolve, reject) =>
      http
        .get({ host: '127.0.0.1', port: host.port, path: '/', headers: { host: `evil.example:${host.port}` } }, (res) => {
          res.resume();
          resolve(res.statusCode);
        })
        .on('error', reject),
    );
    expect(status).toBe(403);
    const notJson = await fetch(`${base}/api/appInfo`, { method: 'POST', headers: { authorization: `Bearer ${host.token}` }, body: '{' });
    expect(notJson.status).toBe(400);
  });

  it('serves the renderer with a CSP, and nothing outside its folder', async () => {
    const index = await fetch(`${base}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await fetch(`${base}/..%2Fsecret.txt`)).status).toBe(404);
    expect((await fetch(`${base}/%2e%2e/secret.txt`)).status).toBe(404);
  });

  it('streams committed session events over the WebSocket only to a client that presents the token', async () => {
    const refused = new WebSocket(`ws://127.0.0.1:${host.port}/events`, ['teamseat', 'token.wrong']);
    await expect(new Promise((_, reject) => refused.on('error', reject))).rejects.toThrow(/401/);

    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/events`, ['teamseat', `token.${host.token}`]);
    await new Promise((r) => ws.once('open', r));
    const received = new Promise<unknown>((r) => ws.once('message', (m) => r(JSON.parse(String(m)))));
    const session = app.database.eventLog!.createSession({ studyKey: 'k', taskId: 't', participant: 'P1' });
    await call('recordNote', { sessionId: session.id, kind: 'paused', reason: 'participant asked a question' });
    expect(await received).toMatchObject({ type: 'session.event', event: { seq: 1, kind: 'paused' } });
    ws.close();
  });

  it('sends the events of one turn in one frame, in order (an array when there are several)', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/events`, ['teamseat', `token.${host.token}`]);
    await new Promise((r) => ws.once('open', r));
    const frames: unknown[] = [];
    ws.on('message', (m) => frames.push(JSON.parse(String(m))));
    const session = app.database.eventLog!.createSession({ studyKey: 'k', taskId: 't', participant: 'P1' });
    const events = ['one', 'two', 'three'].map((text) => app.database.eventLog!.append(session.id, 'note', { text }));
    for (const event of events) app.bus.emit({ type: 'session.event', event });
    await expect.poll(() => frames.length, { timeout: 15_000 }).toBe(1);
    expect(frames[0]).toEqual(events.map((event) => ({ type: 'session.event', event })));
    app.bus.emit({ type: 'studies.changed' });
    await expect.poll(() => frames.length, { timeout: 15_000 }).toBe(2);
    expect(frames[1]).toEqual({ type: 'studies.changed' });
    ws.close();
  });
});

describe('the event stream’s heartbeat (issue 25)', () => {
  it('beats on every stream, saying how often, and keeps a stream that answers its pings', async () => {
    const beating = await startBrowserHost({ handlers: app.handlers, bus: app.bus, log: silentLogger, rendererDir: path.join(tmp.dir, 'renderer'), port: 0, heartbeatMs: 40 });
    try {
      const ws = new WebSocket(`ws://127.0.0.1:${beating.port}/events`, ['teamseat', `token.${beating.token}`]);
      const frames: unknown[] = [];
      ws.on('message', (m) => frames.push(JSON.parse(String(m))));
      await new Promise((r) => ws.once('open', r));
      // More beats than a silent stream may miss: a stream whose client answers pings is never dropped.
      await expect.poll(() => frames.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
      expect(frames.every((f) => JSON.stringify(f) === JSON.stringify({ type: 'heartbeat', everyMs: 40 }))).toBe(true);
      expect(ws.readyState).toBe(WebSocket.OPEN);
      ws.close();
    } finally {
      await beating.close();
    }
  });

  it('drops a stream that stops answering its pings (a page gone without a word, a proxy that dropped it)', async () => {
    const beating = await startBrowserHost({ handlers: app.handlers, bus: app.bus, log: silentLogger, rendererDir: path.join(tmp.dir, 'renderer'), port: 0, heartbeatMs: 40 });
    try {
      const dead = new WebSocket(`ws://127.0.0.1:${beating.port}/events`, ['teamseat', `token.${beating.token}`], { autoPong: false });
      const closed = new Promise<number>((r) => dead.once('close', (code) => r(code)));
      await new Promise((r) => dead.once('open', r));
      // Terminated by the host (no close frame: 1006), not closed by this side.
      expect(await closed).toBe(1006);
    } finally {
      await beating.close();
    }
  });

  it('is off in a host that is not asked for it (these tests’ frames are events only)', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/events`, ['teamseat', `token.${host.token}`]);
    const frames: unknown[] = [];
    ws.on('message', (m) => frames.push(JSON.parse(String(m))));
    await new Promise((r) => ws.once('open', r));
    app.bus.emit({ type: 'studies.changed' });
    await expect.poll(() => frames.length).toBe(1);
    expect(frames).toEqual([{ type: 'studies.changed' }]);
    ws.close();
  });
});
