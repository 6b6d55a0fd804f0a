import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../hosts/browser/server.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { silentLogger } from '../app/logger.js';
import { ScopedHost } from './scopedHost.js';
import { ACCESS_FILE } from './accessFile.js';

// Wrong kiosk PINs over the real browser host: each participant link counts its own, so one participant guessing
// locks neither another link nor the experimenter, and the experimenter's dashboard clears a link's lock (recorded).
let tmp: ReturnType<typeof makeTempDir>;
let app: ReturnType<typeof createTestApp>;
let host: BrowserHost;

beforeEach(async () => {
  tmp = makeTempDir();
  const rendererDir = path.join(tmp.dir, 'renderer');
  fs.mkdirSync(rendererDir);
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  app = createTestApp(path.join(tmp.dir, 'data'));
  host = await startBrowserHost({
    handlers: app.handlers,
    bus: app.bus,
    log: silentLogger,
    rendererDir,
    port: 0,
    scopes: {
      resolve: (t) => app.access.resolve(t),
      experimenterToken: app.access.experimenterToken,
      host: new ScopedHost(app.handlers, app.bus, app.ownership, silentLogger, 'browser'),
    },
  });
});
afterEach(async () => {
  await host.close();
  app.close();
  tmp.cleanup();
});

type Reply = { ok: true; value: Record<string, unknown> } | { ok: false; error: { message: string } };
const call = async (method: string, body: unknown, token: string) => {
  const r = await fetch(`http://127.0.0.1:${host.port}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Reply };
};
const studyKey = 'built-in:team-demo';
const scopeOf = (participantId: string) => ({ kind: 'participant' as const, studyKey, participantId });
async function linkOf(participantId: string): Promise<string> {
  const r = await call('participantLink', { studyKey, participantId }, host.token);
  if (!r.body.ok) throw new Error(r.body.error.message);
  return (r.body.value.fragment as string).slice('kiosk='.length);
}
const PIN = '482913';

describe('kiosk PIN attempts', () => {
  it('locks only the guessing link; the experimenter clears it from the dashboard and the clear is recorded', async () => {
    expect((await call('setKioskPin', { pin: PIN }, host.token)).body.ok).toBe(true);
    const a = await linkOf('a'.repeat(24));
    const b = await linkOf('b'.repeat(24));
    for (let i = 0; i < 5; i++) expect((await call('unlockKiosk', { pin: '000000' }, a)).body.ok).toBe(false);
    const locked = await call('unlockKiosk', { pin: PIN }, a);
    expect(!locked.body.ok && locked.body.error.message).toMatch(
      /^Too many wrong PINs\. Try again in 30 seconds\.$/,
    );

    // Another participant's kiosk: the experimenter's PIN still works there, at once.
    const other = await call('unlockKiosk', { pin: PIN }, b);
    expect(other.body.ok).toBe(true);
    // And the experimenter's own screen never shares a participant's count.
    expect((await call('unlockKiosk', { pin: PIN }, host.token)).body.ok).toBe(true);

    // The dashboard sees the locked link; a participant link may neither see nor clear locks.
    const locks = await call('kioskLocks', {}, host.token);
    expect(locks.body.ok && locks.body.value.locks).toEqual([
      { scope: scopeOf('a'.repeat(24)), failures: 5, waitMs: expect.any(Number) },
    ]);
    expect((await call('clearKioskLock', { scope: scopeOf('a'.repeat(24)) }, a)).status).toBe(403);
    expect((await call('kioskLocks', {}, b)).status).toBe(403);

    const cleared = await call('clearKioskLock', { scope: scopeOf('a'.repeat(24)) }, host.token);
    expect(cleared.body).toEqual({ ok: true, value: { failures: 5 } });
    const file = JSON.parse(fs.readFileSync(path.join(tmp.dir, 'data', ACCESS_FILE), 'utf8')) as {
      links: Array<{ id: string }>;
      lock_clears: Array<{ link: string; at: string; failures: number }>;
    };
    expect(file.lock_clears).toEqual([{ link: a.split('.')[0], at: expect.any(String), failures: 5 }]);
    expect((await call('kioskLocks', {}, host.token)).body).toEqual({ ok: true, value: { locks: [] } });
    const unlocked = await call('unlockKiosk', { pin: PIN }, a);
    expect(unlocked.body.ok).toBe(true);
  }, 60_000);
});
