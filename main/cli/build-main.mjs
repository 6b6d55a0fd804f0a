// Bundles the Node side: the browser host, `npm start`, the bench runner, workers, the command-line tools that
// main/cli/run-built.mjs starts (`npm run score`, `npm run merge`, `npm run methods`), and the Electron shell.
// Dependencies stay external (node_modules ships with the app); the preload is fully bundled because a
// sandboxed preload can only require('electron'). The command-line tools are built apart, with their pure-JS
// dependencies inside and code splitting on (issue 28): start-up is then one file to resolve and compile, and what only
// an option needs (`score --study` loads the pack reader, YAML and Pyodide) is a chunk loaded when that option is given.
// Each output's source files are written to out/main/build-inputs.json, so run-built.mjs can tell an up-to-date
// output from a stale one without building.
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
const cliEntries = {
  score: 'main/cli/score.ts',
  merge: 'main/cli/merge.ts',
  methods: 'main/cli/methods.ts',
};
// Packages a tool loads from node_modules at run time: native code, or files found beside the package.
const cliExternal = ['electron', 'better-sqlite3', 'pyodide'];
// Chunks are named by content hash: clear the old ones so out/ holds only what the tools import.
fs.rmSync('out/main/cli-chunks', { recursive: true, force: true });
const workers = JSON.parse(fs.readFileSync(new URL('./workers.json', import.meta.url), 'utf8'));

const [node, cli] = await Promise.all([
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
  // One build per tool, so each tool's start-up imports its own file and not chunks shared with the other tools.
  Promise.all(
    Object.entries(cliEntries).map(([tool, file]) =>
      build({
        ...common,
        metafile: true,
        entryPoints: { [tool]: file },
        outdir: 'out/main',
        format: 'esm',
        splitting: true,
        chunkNames: `cli-chunks/${tool}-[name]-[hash]`,
        outExtension: { '.js': '.mjs' },
        external: cliExternal,
        // Bundled CommonJS packages may require() Node's own modules; an ES module has no require of its own.
        banner: { js: "import { createRequire as __teamseatRequire } from 'node:module'; const require = __teamseatRequire(import.meta.url);" },
      }),
    ),
  ).then((results) => ({ metafile: { outputs: Object.assign({}, ...results.map((r) => r.metafile.outputs)) } })),
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

// Output → its inputs (repository-relative), for run-built.mjs's staleness check; a tool's inputs include those of
// every chunk it may import. node_modules is left out: package-lock.json stands for it.
const outputs = { ...node.metafile.outputs, ...cli.metafile.outputs };
const sources = (out, seen = new Set()) => {
  if (seen.has(out)) return [];
  seen.add(out);
  const o = outputs[out];
  return [...Object.keys(o.inputs), ...o.imports.filter((i) => i.path in outputs).flatMap((i) => sources(i.path, seen))];
};
const inputs = Object.fromEntries(
  Object.keys(outputs)
    .filter((out) => out.endsWith('.mjs') && !out.includes('/cli-chunks/'))
    .map((out) => [out.replace(/^out\/main\//, '').replace(/\.mjs$/, ''), [...new Set(sources(out))].filter((f) => !f.startsWith('node_modules/'))]),
);
fs.writeFileSync('out/main/build-inputs.json', JSON.stringify(inputs) + '\n');
