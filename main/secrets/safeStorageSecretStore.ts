import path from 'node:path';
import { SecretFile } from './secretFile.js';
import type { SecretStore } from './secretStore.js';

/** The part of Electron's `safeStorage` this store needs; the desktop shell passes the real one in. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export const ENCRYPTED_SECRETS_FILE = 'secrets.safe.json';

/** Secrets encrypted by the OS keychain (Electron safeStorage), kept as base64 in a 0600 file in the data folder. */
export function createSafeStorageSecretStore(safe: SafeStorageLike, dataDir: string): SecretStore {
  const file = path.join(dataDir, ENCRYPTED_SECRETS_FILE);
  const store = new SecretFile(file, 'Encrypted with the operating system keychain (Electron safeStorage).');
  return {
    kind: 'safeStorage',
    encrypted: true,
    note: 'Encrypted with your system keychain and kept in the data folder.',
    get: (name) => {
      const sealed = store.read()[name];
      if (sealed === undefined) return null;
      try {
        return safe.decryptString(Buffer.from(sealed, 'base64'));
      } catch {
        // Sealed under another user or machine: as if no key were set, so the researcher is asked again.
        return null;
      }
    },
    set: (name, value) => {
      if (!safe.isEncryptionAvailable()) throw new Error('The system keychain is not available, so the key cannot be stored encrypted.');
      store.write({ ...store.read(), [name]: safe.encryptString(value).toString('base64') });
    },
    clear: (name) => {
      const { [name]: _gone, ...rest } = store.read();
      store.write(rest);
    },
  };
}
