import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBrowserHost, type BrowserHost } from '../hosts/browser/server.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { silentLogger } from '../app/logger.js';
import { ScopedHost } from './scopedHost.js';

// The real browser host over HTTP and a WebSocket, with scopes as `npm run serve` wires them.
let tmp: ReturnType<typeof makeTempDir>;
let app: ReturnType<typeof createTestApp>;
let host: BrowserHost;
let rendererDir: string;

async function start() {
  app = createTestApp(path.join(tmp.dir, 'data'));
  host = await startBrowserHost({
    handlers: app.handlers,
    bus: app.bus,
    log: silentLogger,
    rendererDir,
    port: 0,
    scopes: { resolve: (t) => app.access.resolve(t), experimenterToken: app.access.experimenterToken, host: new ScopedHost(app.handlers, app.bus, app.ownership, silentLogger, 'browser') },
  });
}
async function stop() {
  await host.close();
  app.close();
}

beforeEach(async () => {
  tmp = makeTempDir();
  rendererDir = path.join(tmp.dir, 'renderer');
  fs.mkdirSync(rendererDir);
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  await start();
});
afterEach(async () => {
  await stop();
  tmp.cleanup();
});

const call = (method: string, body: unknown, token: string) =>
  fetch(`http://127.0.0.1:${host.port}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

const participantId = 'f'.repeat(24);

async function participantToken(): Promise<string> {
  const r = (await (await call('participantLink', { studyKey: 'built-in:team-demo', participantId }, host.token)).json()) as { value: { fragment: string } };
  return r.value.fragment.slice('kiosk='.length);
}

describe('scopes over the browser host', () => {
  it('keeps the experimenter token and a participant link working after the host restarts', async () => {
    const experimenter = host.token;
    const link = await participantToken();
    const before = (await (await call('accessWhoAmI', {}, link)).json()) as { value: { studyKey: string } };
    await stop();
    await start();
    expect(host.token).toBe(experimenter);
    expect((await call('appInfo', {}, experimenter)).status).toBe(200);
    // The study by an opaque alias, the same after the restart: never its key.
    const alias = before.value.studyKey;
    expect(alias).toMatch(/^study-[0-9a-f]{20}$/);
    expect(await (await call('accessWhoAmI', {}, link)).json()).toEqual({ ok: true, value: { kind: 'participant', participantId, studyKey: alias } });
  });

  it('answers a participant link’s experimenter call with 403, and never with data', async () => {
    const link = await participantToken();
    for (const method of ['appInfo', 'listStudies', 'listSessions', 'getSettings']) {
      const res = await call(method, {}, link);
      const text = await res.text();
      if (method === 'getSettings') {
        expect(res.status).toBe(200);
        continue;
      }
      expect(res.status, method).toBe(403);
      expect(text).not.toContain(tmp.dir);
    }
  });

  it('sends a participant socket none of another session’s events', async () => {
    const link = await participantToken();
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/events`, ['teamseat', `token.${link}`]);
    const frames: string[] = [];
    ws.on('message', (m) => frames.push(String(m)));
    await new Promise((r) => ws.once('open', r));
    const session = app.database.eventLog!.createSession({ studyKey: 'k', taskId: 't', participant: 'P1' });
    await call('recordNote', { sessionId: session.id, kind: 'note', reason: 'the experimenter’s own note' }, host.token);
    const experimenter = new WebSocket(`ws://127.0.0.1:${host.port}/events`, ['teamseat', `token.${host.token}`]);
    await new Promise((r) => experimenter.once('open', r));
    const seen = new Promise((r) => experimenter.once('message', r));
    await call('recordNote', { sessionId: session.id, kind: 'note', reason: 'second' }, host.token);
    await seen;
    await new Promise((r) => setTimeout(r, 50));
    expect(frames).toEqual([]);
    ws.close();
    experimenter.close();
  });
});
