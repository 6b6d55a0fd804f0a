import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../testing/tempDir.js';
import { createFileSecretStore, PLAIN_SECRETS_FILE } from './fileSecretStore.js';
import { createSafeStorageSecretStore, ENCRYPTED_SECRETS_FILE, type SafeStorageLike } from './safeStorageSecretStore.js';
import { JUDGE_API_KEY } from './secretStore.js';

const dirs: Array<ReturnType<typeof makeTempDir>> = [];
const tmp = () => {
  const d = makeTempDir('teamseat-secrets-');
  dirs.push(d);
  return d.dir;
};
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

// Electron's safeStorage is not available under Node; this stand-in seals with AES under a fixed test key, which is
// enough to check that what reaches the disk is the sealed form and that a foreign seal reads as "no key".
import crypto from 'node:crypto';
const sealer = (keyText: string, available = true): SafeStorageLike => {
  const key = crypto.createHash('sha256').update(keyText).digest();
  return {
    isEncryptionAvailable: () => available,
    encryptString: (plain) => {
      const iv = crypto.randomBytes(12);
      const c = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decryptString: (sealed) => {
      const d = crypto.createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
      d.setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([d.update(sealed.subarray(28)), d.final()]).toString('utf8');
    },
  };
};

describe('the file secret store (browser host)', () => {
  it('keeps the key in a 0600 file that says it is not encrypted, and forgets it when cleared', () => {
    const dir = tmp();
    const store = createFileSecretStore(dir);
    expect(store).toMatchObject({ kind: 'file', encrypted: false });
    expect(store.note).toContain('unencrypted');
    expect(store.get(JUDGE_API_KEY)).toBeNull();
    store.set(JUDGE_API_KEY, 'sk-abc');
    const file = path.join(dir, PLAIN_SECRETS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toMatch(/NOT ENCRYPTED/);
    expect(createFileSecretStore(dir).get(JUDGE_API_KEY)).toBe('sk-abc');
    store.clear(JUDGE_API_KEY);
    expect(store.get(JUDGE_API_KEY)).toBeNull();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('reads a damaged file as empty without failing', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, PLAIN_SECRETS_FILE), '{not json');
    expect(createFileSecretStore(dir).get(JUDGE_API_KEY)).toBeNull();
  });
});

describe('the safeStorage secret store (desktop)', () => {
  it('writes only the sealed key, and reads it back', () => {
    const dir = tmp();
    const store = createSafeStorageSecretStore(sealer('machine-1'), dir);
    store.set(JUDGE_API_KEY, 'sk-secret-xyz');
    const file = path.join(dir, ENCRYPTED_SECRETS_FILE);
    expect(fs.readFileSync(file, 'utf8')).not.toContain('sk-secret-xyz');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(createSafeStorageSecretStore(sealer('machine-1'), dir).get(JUDGE_API_KEY)).toBe('sk-secret-xyz');
    // Sealed on another machine or account: as if unset, so the researcher is asked for the key again.
    expect(createSafeStorageSecretStore(sealer('machine-2'), dir).get(JUDGE_API_KEY)).toBeNull();
  });

  it('refuses to store when the keychain is unavailable', () => {
    const store = createSafeStorageSecretStore(sealer('m', false), tmp());
    expect(() => store.set(JUDGE_API_KEY, 'k')).toThrow(/keychain/);
  });
});
