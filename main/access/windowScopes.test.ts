import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../testing/tempDir.js';
import { AccessControl } from './accessControl.js';
import { WindowScopes } from './windowScopes.js';

const P1 = { kind: 'participant' as const, studyKey: 'built-in:team-demo', participantId: 'a'.repeat(24) };
const P2 = { kind: 'participant' as const, studyKey: 'built-in:team-demo', participantId: 'b'.repeat(24) };
const done = { ok: true as const, value: {} };

let tmp: ReturnType<typeof makeTempDir>;
let access: AccessControl;
let windows: WindowScopes;
beforeEach(() => {
  tmp = makeTempDir();
  access = new AccessControl(tmp.dir);
  windows = new WindowScopes(access);
});
afterEach(() => tmp.cleanup());

describe('desktop window scopes', () => {
  it('gives a new window the experimenter’s scope and refuses a window it never opened', () => {
    windows.opened(1);
    expect(windows.scopeOf(1)).toEqual({ kind: 'experimenter' });
    expect(windows.scopeOf(2)).toBeNull();
    windows.closed(1);
    expect(windows.scopeOf(1)).toBeNull();
  });

  it('narrows a window to a participant link it enters, and only the PIN gives it back', () => {
    windows.opened(1);
    windows.afterCall(1, 'enterKiosk', { capability: access.linkFor(P1) }, done);
    expect(windows.scopeOf(1)).toEqual(P1);
    // From a participant window, another participant's link changes nothing.
    windows.afterCall(1, 'enterKiosk', { capability: access.linkFor(P2) }, done);
    expect(windows.scopeOf(1)).toEqual(P1);
    // A refused PIN leaves it a kiosk; an accepted one returns it to the experimenter.
    windows.afterCall(1, 'unlockKiosk', { pin: '0000' }, { ok: false, error: { code: 'unauthorized', message: 'Wrong PIN.' } });
    expect(windows.scopeOf(1)).toEqual(P1);
    windows.afterCall(1, 'unlockKiosk', { pin: '4829' }, done);
    expect(windows.scopeOf(1)).toEqual({ kind: 'experimenter' });
  });

  it('ignores a forged link and the experimenter’s own token', () => {
    windows.opened(1);
    windows.afterCall(1, 'enterKiosk', { capability: `${'0'.repeat(24)}.forged` }, done);
    windows.afterCall(1, 'enterKiosk', { capability: access.experimenterToken }, done);
    expect(windows.scopeOf(1)).toEqual({ kind: 'experimenter' });
  });

  it('keeps each window’s scope apart', () => {
    windows.opened(1);
    windows.opened(2);
    windows.afterCall(2, 'enterKiosk', { capability: access.linkFor(P2) }, done);
    expect(windows.scopeOf(1)).toEqual({ kind: 'experimenter' });
    expect(windows.scopeOf(2)).toEqual(P2);
  });
});
