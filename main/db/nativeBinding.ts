import fs from 'node:fs';
import path from 'node:path';

/**
 * better-sqlite3's addon is built for one ABI: the copy in node_modules is built for Node (tests, browser host).
 * Electron needs its own build, kept beside it under out/native/electron-<version>/ by
 * `npm run rebuild:electron-sqlite`, so neither build overwrites the other and start and test work in any order.
 * Returns undefined under plain Node (use the default node_modules build).
 */
export function sqliteNativeBinding(appRoot: string): string | undefined {
  const electron = process.versions.electron;
  if (!electron) return undefined;
  // Packaged: out/native is unpacked next to the asar archive, because a .node file cannot load from inside it.
  const root = appRoot.endsWith('app.asar') ? `${appRoot}.unpacked` : appRoot;
  const file = electronBindingPath(root, electron);
  if (!fs.existsSync(file)) {
    throw new Error(
      `There is no build of better-sqlite3 for Electron ${electron} at ${file}. ` +
        'Run `npm run rebuild:electron-sqlite` once on a machine with network access, then start again.',
    );
  }
  return file;
}

export function electronBindingPath(appRoot: string, electronVersion: string): string {
  return path.join(appRoot, 'out', 'native', `electron-${electronVersion}`, 'better_sqlite3.node');
}
