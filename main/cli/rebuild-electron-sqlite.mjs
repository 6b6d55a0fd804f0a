// Builds better-sqlite3 for the installed Electron into out/native/electron-<version>/, leaving the Node build
// in node_modules untouched (tests and the browser host keep working). Needs network access for Electron's headers.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const electronVersion = require('electron/package.json').version;
const source = path.dirname(require.resolve('better-sqlite3/package.json'));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-sqlite-'));
fs.cpSync(source, work, { recursive: true, filter: (p) => !p.includes(`${path.sep}build${path.sep}`) });
const gyp = require.resolve('node-gyp/bin/node-gyp.js');
execFileSync(
  process.execPath,
  [gyp, 'rebuild', '--release', '--runtime=electron', `--target=${electronVersion}`, '--dist-url=https://electronjs.org/headers'],
  { cwd: work, stdio: 'inherit' },
);
const dest = path.join('out', 'native', `electron-${electronVersion}`);
fs.mkdirSync(dest, { recursive: true });
fs.copyFileSync(path.join(work, 'build', 'Release', 'better_sqlite3.node'), path.join(dest, 'better_sqlite3.node'));
console.log(`better-sqlite3 for Electron ${electronVersion} → ${dest}/better_sqlite3.node`);
