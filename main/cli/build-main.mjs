// Bundles the Node side: the browser host, `npm start`, the bench runner, workers, the command-line tools that
// main/cli/run-built.mjs starts (`npm run score`, `npm run merge`, `npm run methods`), and the Electron shell.
// Dependencies stay external (node_modules ships with the app); the preload is fully bundled because a
// sandboxed preload can only require('electron'). Each output's source files are written to
// out/main/build-inputs.json, so run-built.mjs can tell an up-to-date output from a stale one without building.
import { build } from 'esbuild';
import fs from 'node:fs';

const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning' };
const nodeEntries = {
  serve: 'main/entries/serve.ts',
  start: 'main/entries/start.ts',
  bench: 'main/bench/index.ts',
  torture: 'main/torture/index.ts',
  electron: 'main/electron/main.ts',
  score: 'main/cli/score.ts',
  merge: 'main/cli/merge.ts',
  methods: 'main/cli/methods.ts',
};
const workers = JSON.parse(fs.readFileSync(new URL('./workers.json', import.meta.url), 'utf8'));

const [node] = await Promise.all([
  build({
    ...common,
    metafile: true,
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

// Output → its inputs (repository-relative), for run-built.mjs's staleness check.
const inputs = Object.fromEntries(
  Object.entries(node.metafile.outputs)
    .filter(([out]) => out.endsWith('.mjs'))
    .map(([out, o]) => [out.replace(/^out\/main\//, '').replace(/\.mjs$/, ''), Object.keys(o.inputs).filter((f) => !f.startsWith('node_modules/'))]),
);
fs.writeFileSync('out/main/build-inputs.json', JSON.stringify(inputs) + '\n');
