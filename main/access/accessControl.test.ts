import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../testing/tempDir.js';
import { AccessControl } from './accessControl.js';
import { ACCESS_FILE } from './accessFile.js';

const P = { kind: 'participant' as const, studyKey: 'built-in:team-demo', participantId: 'a'.repeat(24) };

let tmp: ReturnType<typeof makeTempDir>;
beforeEach(() => {
  tmp = makeTempDir();
});
afterEach(() => tmp.cleanup());

describe('access control', () => {
  it('keeps the experimenter token and every link across a restart (a new instance over the same data dir)', () => {
    const first = new AccessControl(tmp.dir);
    const link = first.linkFor(P);
    const rater = first.linkFor({ kind: 'rater', studyKey: 'built-in:judge-validation-demo', rater: 'R1' });
    const second = new AccessControl(tmp.dir);
    expect(second.experimenterToken).toBe(first.experimenterToken);
    expect(second.resolve(first.experimenterToken)).toEqual({ kind: 'experimenter' });
    expect(second.resolve(link)).toEqual(P);
    expect(second.resolve(rater)).toMatchObject({ kind: 'rater', rater: 'R1' });
    // The same scope asked for again gets the same link, not a second one.
    expect(second.linkFor(P)).toBe(link);
  });

  it('stores no capability and no PIN, only link ids, a MAC key and a scrypt hash, in a file only its owner reads', async () => {
    const access = new AccessControl(tmp.dir);
    const link = access.linkFor(P);
    await access.setPin('482913');
    const file = path.join(tmp.dir, ACCESS_FILE);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).not.toContain(link);
    expect(text).not.toContain(link.split('.')[1]);
    expect(text).not.toContain('482913');
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a missing, forged or truncated token', () => {
    const access = new AccessControl(tmp.dir);
    const link = access.linkFor(P);
    const [id, mac] = link.split('.') as [string, string];
    expect(access.resolve(undefined)).toBeNull();
    expect(access.resolve('')).toBeNull();
    expect(access.resolve(id)).toBeNull();
    expect(access.resolve(`${id}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(access.resolve(`${'0'.repeat(24)}.${mac}`)).toBeNull();
    expect(access.resolve(access.experimenterToken.slice(1))).toBeNull();
  });

  it('moves a damaged access file aside, says so, and starts a new one', () => {
    fs.writeFileSync(path.join(tmp.dir, ACCESS_FILE), '{"version": 1, "secret": 5}');
    const notices: string[] = [];
    const access = new AccessControl(tmp.dir, { notice: (m) => notices.push(m) });
    expect(access.experimenterToken.length).toBeGreaterThanOrEqual(32);
    expect(notices[0]).toMatch(/secret: .*moved to .*access\.json\.invalid-/);
    expect(fs.readdirSync(tmp.dir).filter((f) => f.startsWith(`${ACCESS_FILE}.invalid-`))).toHaveLength(1);
  });

  it('unlocks with the right PIN only, gives a token other than the stored secret, and rate-limits wrong PINs', async () => {
    let now = 1_000_000;
    const access = new AccessControl(tmp.dir, { now: () => now });
    expect(await access.unlock('1234')).toMatchObject({ ok: false, reason: 'no_pin' });
    await access.setPin('482913');
    for (let i = 0; i < 4; i++) expect(await access.unlock('000000')).toMatchObject({ ok: false, reason: 'wrong', waitMs: 0 });
    expect(await access.unlock('000000')).toMatchObject({ ok: false, reason: 'wrong', waitMs: 30_000 });
    // Locked: even the right PIN waits, so guessing cannot go faster than the lock.
    expect(await access.unlock('482913')).toMatchObject({ ok: false, reason: 'locked' });
    now += 30_000;
    expect(await access.unlock('000000')).toMatchObject({ ok: false, reason: 'wrong', waitMs: 60_000 });
    now += 60_000;
    const right = await access.unlock('482913');
    expect(right.ok).toBe(true);
    if (!right.ok) return;
    expect(right.token).not.toBe(access.experimenterToken);
    expect(access.resolve(right.token)).toEqual({ kind: 'experimenter' });
    // It lives only as long as this host process: a restart forgets it.
    expect(new AccessControl(tmp.dir).resolve(right.token)).toBeNull();
  });
});

describe('a study alias', () => {
  it('is the same for a study after a restart, differs between studies and between data dirs, and does not contain the key', () => {
    const first = new AccessControl(tmp.dir);
    const alias = first.studyAlias('user:pressure-manipulation-2026');
    expect(alias).toMatch(/^study-[0-9a-f]{20}$/);
    expect(new AccessControl(tmp.dir).studyAlias('user:pressure-manipulation-2026')).toBe(alias);
    expect(first.studyAlias('built-in:team-demo')).not.toBe(alias);
    const other = makeTempDir();
    try {
      expect(new AccessControl(other.dir).studyAlias('user:pressure-manipulation-2026')).not.toBe(alias);
    } finally {
      other.cleanup();
    }
  });
});
