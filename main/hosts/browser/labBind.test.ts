import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from './server.js';
import { chooseBind } from './bindAddress.js';
import { formatLabLinks } from './labLinksText.js';
import { createTestApp } from '../../testing/testApp.js';
import { makeTempDir } from '../../testing/tempDir.js';
import { silentLogger } from '../../app/logger.js';

// Lab mode (issue 13): the host listens on the address the experimenter names, and the Host allow-list, the
// Origin check and the page's CSP follow that address. Tested on a second loopback address, never a LAN one.

const local = [
  { address: '127.0.0.1', internal: true },
  { address: '192.168.7.20', internal: false },
];

describe('the lab bind address', () => {
  it('is loopback unless --lab; refuses an address that is not this machine, 0.0.0.0, a name, and --bind without --lab', () => {
    expect(chooseBind({ lab: false, bind: undefined }, local)).toMatchObject({ ok: true, value: { address: '127.0.0.1' } });
    expect(chooseBind({ lab: true, bind: undefined }, local)).toMatchObject({ ok: true, value: { address: '192.168.7.20', hostNames: ['192.168.7.20'] } });
    expect(chooseBind({ lab: true, bind: '127.0.0.2' }, local)).toMatchObject({ ok: true, value: { address: '127.0.0.2', hostNames: ['127.0.0.2'] } });
    const wrong = chooseBind({ lab: true, bind: '10.1.2.3' }, local);
    expect(wrong).toEqual({ ok: false, message: '--bind 10.1.2.3: that address is not this machine\'s. This machine\'s addresses are: 192.168.7.20.' });
    expect(chooseBind({ lab: true, bind: '0.0.0.0' }, local)).toMatchObject({ ok: false, message: expect.stringMatching(/every network/) });
    expect(chooseBind({ lab: true, bind: 'lab-pc.local' }, local)).toMatchObject({ ok: false, message: expect.stringMatching(/IPv4 address of this machine/) });
    expect(chooseBind({ lab: false, bind: '127.0.0.2' }, local)).toMatchObject({ ok: false, message: expect.stringMatching(/--lab --bind/) });
  });

  it('prints the dashboard link (with the screen to open) and one link per participant', () => {
    const text = formatLabLinks('http://127.0.0.2:5417/#token=T', 'built-in:team-demo', [{ code: 'P01', url: 'http://127.0.0.2:5417/#kiosk=K1' }]);
    expect(text).toContain('Dashboard (experimenter only): http://127.0.0.2:5417/#token=T&to=%2Fdashboard%3Fkey%3Dbuilt-in%253Ateam-demo');
    expect(text).toMatch(/P01\s+http:\/\/127\.0\.0\.2:5417\/#kiosk=K1/);
  });
});

describe('a host bound to 127.0.0.2', () => {
  let tmp: ReturnType<typeof makeTempDir> | undefined;
  let app: ReturnType<typeof createTestApp> | undefined;
  let host: BrowserHost | undefined;
  afterEach(async () => {
    await host?.close();
    await app?.close();
    tmp?.cleanup();
  });

  it('answers on that address only, takes Host and Origin of that address, and names it in the CSP', async () => {
    tmp = makeTempDir();
    const rendererDir = path.join(tmp.dir, 'renderer');
    fs.mkdirSync(rendererDir);
    fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
    app = createTestApp(path.join(tmp.dir, 'data'));
    const bind = chooseBind({ lab: true, bind: '127.0.0.2' }, local);
    if (!bind.ok) throw new Error(bind.message);
    host = await startBrowserHost({ handlers: app.handlers, bus: app.bus, log: silentLogger, rendererDir, port: 0, bind: bind.value });
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/#token=/);
    const base = `http://127.0.0.2:${host.port}`;
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain(`connect-src 'self' ws://127.0.0.2:${host.port};`);
    const call = (origin?: string) =>
      fetch(`${base}/api/appInfo`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${host!.token}`, ...(origin ? { origin } : {}) }, body: '{}' });
    expect((await call(base)).status).toBe(200);
    // The loopback origin is another site now: refused before the token is looked at.
    expect((await call(`http://127.0.0.1:${host.port}`)).status).toBe(403);
    // Not listening on 127.0.0.1 at all.
    await expect(fetch(`http://127.0.0.1:${host.port}/`)).rejects.toThrow();
  });
});
