import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../hosts/browser/serve.js';
import { findAppRoot } from '../appRoot.js';

/**
 * `npm start`: the desktop app when an Electron binary is installed; otherwise says so and starts the
 * browser host, which offers the same app in a browser tab.
 */
function electronBinary(): string | undefined {
  try {
    const p = createRequire(import.meta.url)('electron') as unknown;
    return typeof p === 'string' && fs.existsSync(p) ? p : undefined;
  } catch {
    return undefined;
  }
}

const binary = electronBinary();
const args = process.argv.slice(2);
if (binary) {
  const appRoot = findAppRoot(path.dirname(fileURLToPath(import.meta.url)));
  const child = spawn(binary, [appRoot, ...args], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  process.stdout.write(
    '\nNo Electron binary is installed on this machine (the `electron` package is here for its types, but its ' +
      'download was skipped or is not possible), so the desktop window cannot open. Teamseat is starting its ' +
      'browser host instead: the same app, served on 127.0.0.1 only, to open in Chromium, Chrome, Firefox or Edge. ' +
      'To get the desktop app, run `npm run electron:install` on a machine with network access, then `npm start`.\n',
  );
  void serve(args);
}
