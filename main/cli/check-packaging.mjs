// Validates electron-builder.yml against electron-builder's own schema and checks what packaging relies on,
// without packaging (that needs the network to fetch Electron). Run by `npm test`.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parse } from 'yaml';

const require = createRequire(import.meta.url);
const { validateConfiguration } = require('app-builder-lib/out/util/config/config');
const { DebugLogger } = require('builder-util');

const root = process.cwd();
const file = path.join(root, 'electron-builder.yml');
const config = parse(fs.readFileSync(file, 'utf8'));
const problems = [];

try {
  await validateConfiguration(config, new DebugLogger(false));
} catch (err) {
  problems.push(`electron-builder.yml: ${err.message}`);
}

const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
for (const icon of new Set([config.linux?.icon, config.mac?.icon, config.win?.icon].filter(Boolean))) {
  const buf = fs.existsSync(icon) ? fs.readFileSync(icon) : undefined;
  if (!buf) problems.push(`electron-builder.yml: icon ${icon} does not exist`);
  else if (buf.readUInt32BE(16) < 512 || buf.readUInt32BE(20) < 512) problems.push(`${icon}: needs at least 512×512 pixels`);
}
for (const p of [config.mac?.entitlements].filter(Boolean)) {
  if (!fs.existsSync(p)) problems.push(`electron-builder.yml at mac.entitlements: ${p} does not exist`);
}
const fuses = config.electronFuses ?? {};
for (const [fuse, want] of Object.entries({ runAsNode: false, enableNodeOptionsEnvironmentVariable: false, onlyLoadAppFromAsar: true, enableNodeCliInspectArguments: false })) {
  if (fuses[fuse] !== want) problems.push(`electron-builder.yml at electronFuses.${fuse}: expected ${want}`);
}
if (config.npmRebuild !== false) problems.push('electron-builder.yml at npmRebuild: expected false (an in-place rebuild breaks the Node build used by tests)');
if (!pkg.main?.startsWith('out/main/')) problems.push(`package.json at main: expected a file in out/main/, got ${pkg.main}`);
const targets = { linux: ['AppImage', 'deb'], mac: ['dmg'], win: ['nsis'] };
for (const [os, want] of Object.entries(targets)) {
  const got = [config[os]?.target].flat().map((t) => (typeof t === 'string' ? t : t?.target));
  for (const t of want) if (!got.includes(t)) problems.push(`electron-builder.yml at ${os}.target: expected ${t}`);
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('electron-builder.yml is valid: targets AppImage, deb, dmg, nsis; fuses flipped; icons present.');
