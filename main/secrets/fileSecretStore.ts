import path from 'node:path';
import { SecretFile } from './secretFile.js';
import type { SecretStore } from './secretStore.js';

export const PLAIN_SECRETS_FILE = 'secrets.json';

/**
 * The browser host's store: a file in the data folder, mode 0600, in plain text. It protects the key from other
 * users of the machine, not from anyone who can read this user's files — the settings screen says so.
 */
export function createFileSecretStore(dataDir: string): SecretStore {
  const file = path.join(dataDir, PLAIN_SECRETS_FILE);
  const store = new SecretFile(file, 'NOT ENCRYPTED. Teamseat (browser host) keeps API keys here, readable only by this user (mode 0600). Delete the file to forget them.');
  return {
    kind: 'file',
    encrypted: false,
    note: `Stored unencrypted in ${file} (readable only by your user account). The desktop app encrypts it with the system keychain instead.`,
    get: (name) => store.read()[name] ?? null,
    set: (name, value) => store.write({ ...store.read(), [name]: value }),
    clear: (name) => {
      const { [name]: _gone, ...rest } = store.read();
      store.write(rest);
    },
  };
}
