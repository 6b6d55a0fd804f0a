/**
 * The sandbox process's script, run as `node <flags> -e SANDBOX_SOURCE` (see sandboxLaunch.ts for the flags). A
 * string rather than a file so a bundled main process needs nothing copied beside it.
 *
 * Everything here runs before any participant code and keeps what it needs in local constants; then it takes away
 * from the process what Python could reach through Pyodide's JavaScript bridge: the ways to answer the host other than
 * its own pipe, the network globals, `process.kill` (the host's pid is known), native addons, raw
 * bindings. Files, child processes and workers are refused by Node's permission model whatever is left.
 *
 * Pyodide's heap is WebAssembly memory, which `--max-old-space-size` does not see, so `Memory.prototype.grow` is
 * wrapped before Pyodide loads: growth past the cap is refused and reported at once, and the host kills the process.
 *
 * The set-up arrives as the first message on fd 3: { type: 'init', indexURL, wasmCapBytes, harness, snapshotPath? }
 * (or, for the process that makes the snapshot, { type: 'init', indexURL, wasmCapBytes, makeSnapshotTo }: it answers
 * snapshot_written and runs nothing)
 * in:  { type: 'run', runId, request }
 * out: ready | load_failed{message} | event{runId, event} | done{runId, output} | failed{runId, message, exited?}
 *      | out_of_memory{bytes}
 */
export const SANDBOX_SOURCE = String.raw`
'use strict';
(function () {
const req = require;
const realExit = process.exit.bind(process);
const path = req('node:path');
// The host talks over fd 3, a pipe only this script holds: one JSON message a line each way. Not Node's IPC
// channel, whose process.send and process.channel any JavaScript in the process can reach.
const pipe = new (req('node:net').Socket)({ fd: 3, readable: true, writable: true });
const send = (message) => pipe.write(JSON.stringify(message) + '\n');
const listeners = [];
const onMessage = (listener) => listeners.push(listener);
let buffered = '';
pipe.setEncoding('utf8');
pipe.on('data', (chunk) => {
  buffered += chunk;
  let end;
  while ((end = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, end);
    buffered = buffered.slice(end + 1);
    let message;
    try { message = JSON.parse(line); } catch { continue; }
    for (const listener of listeners) listener(message);
  }
});
pipe.on('end', () => realExit(0));
const fsConstants = req('node:fs').constants;

// NODEFS's start-up reads the fs constants through process.binding, which the permission model refuses.
process.binding = (name) => {
  if (name === 'constants') return { fs: fsConstants };
  throw new Error('process.binding is not available in the sandbox');
};
for (const name of ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'WebSocket', 'EventSource', 'XMLHttpRequest', 'require', 'module', 'exports', '__filename', '__dirname']) {
  try { delete globalThis[name]; } catch {}
}

const describe = (error) => String((error && error.message) || error);
let started = false;
let runHandler = null;

onMessage((message) => {
  if (!message || typeof message !== 'object') return;
  if (message.type === 'run' && runHandler) runHandler(message);
  else if (message.type === 'init' && !started) {
    started = true;
    start(message).catch((error) => send({ type: 'load_failed', message: describe(error) }));
  }
});

async function start({ indexURL, wasmCapBytes, harness, snapshotPath, makeSnapshotTo }) {
  // Read before anything is taken away; the permission model allows this one file (sandboxLaunch.ts).
  const snapshot = snapshotPath ? req('node:fs').readFileSync(snapshotPath) : undefined;
  const writeSnapshot = makeSnapshotTo ? req('node:fs').writeFileSync : null;
  // Once the channel is reading (the first message has arrived), before Python exists: only this script keeps a
  // way to answer the host, to signal it, or to load native code.
  for (const name of ['kill', '_kill', 'dlopen', '_linkedBinding', '_debugProcess', '_debugEnd', '_startProfilerIdleNotifier', '_stopProfilerIdleNotifier', 'setuid', 'setgid', 'seteuid', 'setegid', 'setgroups', 'initgroups', 'mainModule', 'report', 'openStdin', 'abort', 'chdir']) {
    try { delete process[name]; } catch {}
  }
  const grow = WebAssembly.Memory.prototype.grow;
  let reported = false;
  WebAssembly.Memory.prototype.grow = function (pages) {
    const wanted = this.buffer.byteLength + pages * 65536;
    if (wanted > wasmCapBytes) {
      if (!reported) {
        reported = true;
        send({ type: 'out_of_memory', bytes: wanted });
      }
      throw new RangeError('memory cap reached');
    }
    return grow.call(this, pages);
  };

  const { loadPyodide } = req(path.join(indexURL, 'pyodide.js'));
  const pyodide = await loadPyodide({
    indexURL,
    // The 'js' module is an object with no prototype: nothing to climb from it.
    jsglobals: Object.create(null),
    env: { HOME: '/home/pyodide' },
    stdin: () => null,
    stdout: () => {},
    stderr: () => {},
    ...(writeSnapshot ? { _makeSnapshot: true } : {}),
    ...(snapshot ? { _loadSnapshot: snapshot } : {}),
  });
  if (writeSnapshot) {
    // The snapshot maker (snapshot.ts): a pristine interpreter, before any harness or participant code.
    writeSnapshot(makeSnapshotTo, pyodide.makeMemorySnapshot());
    send({ type: 'snapshot_written' });
    return;
  }
  const namespace = pyodide.globals.get('dict')();
  pyodide.runPython(harness, { globals: namespace });
  const runSuite = namespace.get('run_suite');
  runHandler = (message) => {
    const runId = message.runId;
    const emit = (json) => send({ type: 'event', runId, event: JSON.parse(String(json)) });
    try {
      const answer = JSON.parse(runSuite(JSON.stringify(message.request), emit));
      send({ type: 'done', runId, output: answer.output });
    } catch (error) {
      // os._exit and sys.exit past the harness end the interpreter with Emscripten's ExitStatus.
      const exited = error && error.name === 'ExitStatus';
      send({ type: 'failed', runId, message: exited ? 'the code under test exited the interpreter (status ' + error.status + ')' : describe(error), exited });
    }
  };
  send({ type: 'ready' });
}
})();
`;
