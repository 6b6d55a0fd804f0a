import fs from 'node:fs';
import path from 'node:path';

/** The folder holding package.json (and studies/, out/renderer). Works from sources and from the bundles in out/main. */
export function findAppRoot(from: string): string {
  let dir = from;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'studies'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`Cannot find the Teamseat folder above ${from}`);
    dir = up;
  }
}

export function appVersion(appRoot: string): string {
  return (JSON.parse(fs.readFileSync(path.join(appRoot, 'package.json'), 'utf8')) as { version: string }).version;
}
