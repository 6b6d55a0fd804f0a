// node main/cli/run-built.mjs <tool> [args…] — starts a command-line tool from its esbuild bundle in out/main/
// (`npm run score`, `npm run merge`), as the hosts and the bench start: no TypeScript compiler on every start.
// The bundle is reused while it is newer than every source file it was built from (out/main/build-inputs.json,
// written by build-main.mjs); otherwise, or when it is missing, the Node side is built once (build-main.mjs), then run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tool = process.argv[2];
if (!tool || !/^[a-z-]+$/.test(tool)) {
  process.stderr.write('usage: node main/cli/run-built.mjs <tool> [args…]\n');
  process.exit(2);
}
const bundle = path.join(repo, 'out', 'main', `${tool}.mjs`);

/** Why the bundle must be built again, or null when every input is older than it. */
function stale() {
  let built;
  try {
    built = fs.statSync(bundle).mtimeMs;
  } catch {
    return `${path.relative(repo, bundle)} is not built`;
  }
  let inputs;
  try {
    inputs = JSON.parse(fs.readFileSync(path.join(repo, 'out', 'main', 'build-inputs.json'), 'utf8'))[tool];
  } catch {
    inputs = undefined;
  }
  if (!Array.isArray(inputs)) return 'out/main/build-inputs.json does not list it';
  for (const f of [...inputs, 'main/cli/build-main.mjs', 'main/cli/workers.json', 'package-lock.json']) {
    let t;
    try {
      t = fs.statSync(path.join(repo, f)).mtimeMs;
    } catch {
      return `${f} is gone`;
    }
    if (t > built) return `${f} changed since it was built`;
  }
  return null;
}

const why = stale();
if (why) {
  process.stderr.write(`Building the Node side first (${why})…\n`);
  const b = spawnSync(process.execPath, [path.join(repo, 'main', 'cli', 'build-main.mjs')], { cwd: repo, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
// The tool reads its arguments from process.argv.slice(2), as when it is started directly.
process.argv.splice(2, 1);
await import(pathToFileURL(bundle).href);
