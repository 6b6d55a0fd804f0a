import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { startBrowserHost, WS_PROTOCOL, type BrowserHost } from './server.js';
import { LOOPBACK } from './bindAddress.js';
import { allowList, parseExternalOrigin } from './externalOrigin.js';
import { createTestApp } from '../../testing/testApp.js';
import { makeTempDir } from '../../testing/tempDir.js';
import { silentLogger } from '../../app/logger.js';

// Remote participants reach the host through the lab's own HTTPS reverse proxy (`--origin https://…`): the proxy's
// origin joins the Host allow-list, the Origin check and the page's CSP connect-src (wss), and nothing else does.
// Traffic stays on loopback: the proxy's name is only ever a header here.

const PROXY = 'https://teamseat.lab.example.org';

describe('--origin', () => {
  it('takes an https address with a name and a port, and refuses anything else with the reason', () => {
    expect(parseExternalOrigin(PROXY)).toEqual({ ok: true, value: { origin: PROXY, host: 'teamseat.lab.example.org' } });
    expect(parseExternalOrigin('https://Lab.Example.org:8443/')).toEqual({ ok: true, value: { origin: 'https://lab.example.org:8443', host: 'lab.example.org:8443' } });
    // The default port is left out, as browsers leave it out of Origin and Host.
    expect(parseExternalOrigin('https://lab.example.org:443')).toMatchObject({ ok: true, value: { origin: 'https://lab.example.org', host: 'lab.example.org' } });
    const refused = (v: string) => {
      const r = parseExternalOrigin(v);
      return r.ok ? 'accepted' : r.message;
    };
    expect(refused('http://lab.example.org')).toMatch(/^--origin http:\/\/lab\.example\.org: the reverse proxy must serve HTTPS/);
    expect(refused('https://lab.example.org/teamseat')).toMatch(/no path, query, fragment or user/);
    expect(refused('https://user:pw@lab.example.org')).toMatch(/no path, query, fragment or user/);
    expect(refused('lab.example.org')).toMatch(/not an address/);
  });

  it('adds the proxy to the Host allow-list, the Origin check and the CSP stream addresses, beside the bound address', () => {
    const external = { origin: PROXY, host: 'teamseat.lab.example.org' };
    expect(allowList(LOOPBACK, 5417, external)).toEqual({
      hosts: ['127.0.0.1:5417', 'localhost:5417', 'teamseat.lab.example.org'],
      origins: ['http://127.0.0.1:5417', 'http://localhost:5417', PROXY],
      streams: ['ws://127.0.0.1:5417', 'ws://localhost:5417', 'wss://teamseat.lab.example.org'],
    });
    expect(allowList({ address: '127.0.0.2', hostNames: ['127.0.0.2'] }, 80)).toEqual({ hosts: ['127.0.0.2:80'], origins: ['http://127.0.0.2:80'], streams: ['ws://127.0.0.2:80'] });
  });
});

describe('a host behind a reverse proxy', () => {
  let tmp: ReturnType<typeof makeTempDir> | undefined;
  let app: ReturnType<typeof createTestApp> | undefined;
  let host: BrowserHost | undefined;
  afterEach(async () => {
    await host?.close();
    await app?.close();
    tmp?.cleanup();
  });

  /** A request as the proxy forwards it: to loopback, with the browser's Host and Origin headers. */
  const request = (headers: Record<string, string>, method = 'GET', urlPath = '/', body?: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: host!.port, method, path: urlPath, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
      });
      req.on('error', reject);
      req.end(body);
    });

  async function start(external: boolean) {
    tmp = makeTempDir();
    const rendererDir = path.join(tmp.dir, 'renderer');
    fs.mkdirSync(rendererDir);
    fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
    app = createTestApp(path.join(tmp.dir, 'data'));
    const parsed = parseExternalOrigin(PROXY);
    if (!parsed.ok) throw new Error(parsed.message);
    host = await startBrowserHost({ handlers: app.handlers, bus: app.bus, log: silentLogger, rendererDir, port: 0, ...(external ? { external: parsed.value } : {}) });
  }

  it("serves the proxy's Host and Origin, names wss://proxy in the CSP and links through it; other names stay refused", async () => {
    await start(true);
    expect(host!.externalUrl).toBe(`${PROXY}/#token=${host!.token}`);
    expect(host!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=/);
    const page = await request({ host: 'teamseat.lab.example.org' });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain(`connect-src 'self' ws://127.0.0.1:${host!.port} ws://localhost:${host!.port} wss://teamseat.lab.example.org;`);
    const api = (h: Record<string, string>) =>
      request({ 'content-type': 'application/json', authorization: `Bearer ${host!.token}`, ...h }, 'POST', '/api/appInfo', '{}');
    expect((await api({ host: 'teamseat.lab.example.org', origin: PROXY })).status).toBe(200);
    // A proxy that sends the bound address as Host (proxy_set_header Host 127.0.0.1:PORT) works as well.
    expect((await api({ host: `127.0.0.1:${host!.port}`, origin: PROXY })).status).toBe(200);
    expect((await api({ host: 'teamseat.lab.example.org', origin: 'https://evil.example.org' })).status).toBe(403);
    expect((await api({ host: 'teamseat.lab.example.org', origin: 'http://teamseat.lab.example.org' })).status).toBe(403);
    expect((await api({ host: 'other.example.org', origin: PROXY })).status).toBe(403);

    // The event stream through the proxy: its Origin and Host.
    const ws = new WebSocket(`ws://127.0.0.1:${host!.port}/events`, [WS_PROTOCOL, `token.${host!.token}`], { headers: { host: 'teamseat.lab.example.org' }, origin: PROXY });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.close();
  });

  it('refuses the proxy name when no --origin was given', async () => {
    await start(false);
    expect(host!.externalUrl).toBeUndefined();
    expect((await request({ host: 'teamseat.lab.example.org' })).status).toBe(403);
    expect((await request({ host: `127.0.0.1:${host!.port}`, origin: PROXY }, 'POST', '/api/appInfo', '{}')).status).toBe(403);
    const page = await request({ host: `127.0.0.1:${host!.port}` });
    expect(page.headers['content-security-policy']).not.toContain('wss:');
  });
});
