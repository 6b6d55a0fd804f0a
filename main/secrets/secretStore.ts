/**
 * Where secrets (the judge's API key) are kept: never in settings.json, logs or exports. The desktop shell injects
 * an Electron safeStorage store; the browser host, which has no OS keychain, uses a 0600 file that is NOT encrypted.
 */
export interface SecretStore {
  readonly kind: 'safeStorage' | 'file';
  readonly encrypted: boolean;
  /** One line for the settings screen: where the secret is kept and how safe that is. */
  readonly note: string;
  get(name: string): string | null;
  set(name: string, value: string): void;
  clear(name: string): void;
}

export const JUDGE_API_KEY = 'judge.apiKey';
