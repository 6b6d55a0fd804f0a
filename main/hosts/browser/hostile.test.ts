import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppContract } from '../../../shared/contract/methods.js';
import type { Handlers } from '../../../shared/contract/define.js';
import { startBrowserHost, type BrowserHost } from './server.js';
import { createTestApp } from '../../testing/testApp.js';
import { makeTempDir } from '../../testing/tempDir.js';
import { silentLogger } from '../../app/logger.js';
import { hostileCorpus } from './testing/hostileCorpus.js';
import { rawRequest, wsFrame, wsUpgrade } from './testing/rawHttp.js';

let tmp: ReturnType<typeof makeTempDir>;
let app: ReturnType<typeof createTestApp>;
let host: BrowserHost;
let base: string;
let handlers: Handlers<AppContract>;

beforeEach(async () => {
  tmp = makeTempDir();
  const rendererDir = path.join(tmp.dir, 'renderer');
  fs.mkdirSync(rendererDir);
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  app = createTestApp(path.join(tmp.dir, 'data'));
  // A copy, so one test can swap in a handler that misbehaves.
  handlers = { ...app.handlers };
  host = await startBrowserHost({ handlers, bus: app.bus, log: silentLogger, rendererDir, port: 0 });
  base = `http://127.0.0.1:${host.port}`;
});
afterEach(async () => {
  await host.close();
  app.close();
  tmp.cleanup();
});

const appInfo = (headers: Record<string, string> = {}) =>
  fetch(`${base}/api/appInfo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${host.token}`, ...headers },
    body: '{}',
  });

async function stillServing() {
  const res = await appInfo();
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ ok: true });
}

function openStream(headers: Record<string, string> = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/events`, ['teamseat', `token.${host.token}`], {
    headers,
  });
  return new Promise<WebSocket>((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** A second, well-behaved event-stream client must keep receiving after a bad one is closed. */
async function streamStillDelivers(ws: WebSocket) {
  const received = new Promise<unknown>((r) => ws.once('message', (m) => r(JSON.parse(String(m)))));
  app.bus.emit({ type: 'session.event', event: { seq: 1, kind: 'paused' } } as never);
  expect(await received).toMatchObject({ type: 'session.event' });
}

describe('browser host under hostile requests', () => {
  it('answers 400 to malformed percent-escapes in static paths, and keeps serving', async () => {
    for (const p of ['/%', '/a%zz', '/%E0%A4%A']) expect((await fetch(`${base}${p}`)).status).toBe(400);
    await stillServing();
  });

  it('closes only the socket that sends a frame over the size limit', async () => {
    const good = await openStream();
    const reply = await rawRequest(host.port, [
      wsUpgrade(host.port, host.token),
      wsFrame(0x1, Buffer.alloc(70 * 1024, 0x61)),
    ]);
    expect(reply.status).toBe(101);
    // 1009 = message too big, in the server's close frame.
    expect(reply.text).toContain(Buffer.from([0x03, 0xf1]).toString('latin1'));
    await streamStillDelivers(good);
    await stillServing();
    good.close();
  });

  it('closes only the socket that sends a reserved opcode', async () => {
    const good = await openStream();
    const reply = await rawRequest(host.port, [
      wsUpgrade(host.port, host.token),
      wsFrame(0x3, Buffer.from('x')),
    ]);
    expect(reply.status).toBe(101);
    await streamStillDelivers(good);
    await stillServing();
    good.close();
  });

  it('answers 500 when a handler’s result cannot be sent, and keeps serving', async () => {
    // better-sqlite3 hands out BigInt in safe-integer mode; JSON cannot carry it.
    handlers.appInfo = (() => ({ ok: true, value: { n: 1n } })) as never;
    const res = await appInfo();
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'internal' } });
    handlers.appInfo = app.handlers.appInfo;
    await stillServing();
  });

  it('accepts only its own loopback origin on HTTP and on the event stream', async () => {
    expect((await appInfo({ origin: 'http://evil.example' })).status).toBe(403);
    expect((await appInfo({ origin: 'null' })).status).toBe(403);
    expect((await appInfo({ origin: `http://127.0.0.1:${host.port + 1}` })).status).toBe(403);
    expect((await appInfo({ origin: `https://127.0.0.1:${host.port}` })).status).toBe(403);
    expect((await fetch(`${base}/`, { headers: { origin: 'http://evil.example' } })).status).toBe(403);
    expect((await appInfo({ origin: `http://127.0.0.1:${host.port}` })).status).toBe(200);
    expect((await appInfo({ origin: `http://localhost:${host.port}` })).status).toBe(200);
    // No Origin (a non-browser client): the token alone decides.
    expect((await appInfo()).status).toBe(200);

    await expect(openStream({ origin: 'http://evil.example' })).rejects.toThrow(/403/);
    const own = await openStream({ origin: `http://127.0.0.1:${host.port}` });
    own.close();
  });

  it('sends 413 for an over-size body before closing, so the client sees it', async () => {
    const res = await fetch(`${base}/api/appInfo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    // Streamed without a declared length: the limit trips mid-body.
    const chunked = await rawRequest(host.port, [
      `POST /api/appInfo HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nAuthorization: Bearer ${host.token}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
      ...Array.from({ length: 6 }, () => `40000\r\n${' '.repeat(0x40000)}\r\n`),
      '0\r\n\r\n',
    ]);
    expect(chunked).toMatchObject({ status: 413, reset: false });
    await stillServing();
  });

  it('survives the whole malformed-request corpus and still answers', async () => {
    const good = await openStream();
    const unexpected: string[] = [];
    for (const c of hostileCorpus) {
      const reply = await c.send({ port: host.port, token: host.token });
      if (c.expect && !c.expect.includes(reply.status ?? -1))
        unexpected.push(`${c.name}: ${reply.status ?? 'no answer'}`);
    }
    expect(unexpected).toEqual([]);
    await streamStillDelivers(good);
    await stillServing();
    good.close();
  }, 60_000);
});
