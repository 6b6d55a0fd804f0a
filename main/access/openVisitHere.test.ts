import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';

// "Open visit here" turns the experimenter's own window into a participant's kiosk; the PIN is the only way back.
let tmp: ReturnType<typeof makeTempDir>;
let app: ReturnType<typeof createTestApp>;
beforeEach(() => {
  tmp = makeTempDir();
  app = createTestApp(tmp.dir);
});
afterEach(() => {
  app.close();
  tmp.cleanup();
});

const P = { kind: 'participant' as const, studyKey: 'built-in:team-demo', participantId: 'a'.repeat(24) };

describe('entering a kiosk from the experimenter’s window', () => {
  it('is refused until an experimenter PIN is set, saying so; then allowed', async () => {
    const capability = app.access.linkFor(P);
    const before = await app.handlers.enterKiosk({ capability }, { host: 'test' });
    expect(before.ok ? 'entered' : before.error.code).toBe('conflict');
    expect(before.ok ? '' : before.error.message).toMatch(/Set an experimenter PIN first.*only way back/);
    await app.handlers.setKioskPin({ pin: '4711' }, { host: 'test' });
    expect(await app.handlers.enterKiosk({ capability }, { host: 'test' })).toEqual({ ok: true, value: { kind: 'participant' } });
  });
});
