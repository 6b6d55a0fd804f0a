// Bundles the Node side: the browser host, `npm start`, the bench runner, workers, and the Electron shell.
// Dependencies stay external (node_modules ships with the app); the preload is fully bundled because a
// sandboxed preload can only require('electron').
import { build } from 'esbuild';
import fs from 'node:fs';

const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning' };
const nodeEntries = {
  serve: 'main/entries/serve.ts',
  start: 'main/entries/start.ts',
  bench: 'main/bench/index.ts',
  torture: 'main/torture/index.ts',
  electron: 'main/electron/main.ts',
};
const workers = JSON.parse(fs.readFileSync(new URL('./workers.json', import.meta.url), 'utf8'));

await Promise.all([
  build({
    ...common,
    entryPoints: Object.fromEntries(
      Object.entries({ ...nodeEntries, ...workers }).filter(([, file]) => fs.existsSync(file)),
    ),
    outdir: 'out/main',
    format: 'esm',
    outExtension: { '.js': '.mjs' },
    packages: 'external',
    external: ['electron'],
  }),
  build({
    ...common,
    entryPoints: { preload: 'main/electron/preload.ts' },
    outdir: 'out/main',
    format: 'cjs',
    minify: true,
    outExtension: { '.js': '.cjs' },
    external: ['electron'],
  }),
]);
