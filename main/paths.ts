import os from 'node:os';
import path from 'node:path';

export const PRODUCT_NAME = 'Teamseat';

/** The folder Electron's app.getPath('userData') gives for our product name, so both hosts share one data dir. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(os.homedir(), 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return path.join(os.homedir(), 'Library', 'Application Support', PRODUCT_NAME);
  return path.join(env.XDG_CONFIG_HOME ?? path.join(os.homedir(), '.config'), PRODUCT_NAME);
}

/** `--name value` or `--name=value`. */
export function flagValue(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === `--${name}`) return argv[i + 1];
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return undefined;
}

/** The data directory: `--data-dir`, then TEAMSEAT_DATA_DIR, then the platform's user data folder. */
export function resolveDataDir(argv: readonly string[], env: NodeJS.ProcessEnv, fallback: () => string): string {
  const chosen = flagValue(argv, 'data-dir') ?? env.TEAMSEAT_DATA_DIR;
  return path.resolve(chosen && chosen.trim() ? chosen : fallback());
}
